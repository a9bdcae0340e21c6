import { describe, expect, test } from "bun:test";
import { cellContinuation } from "../../../src/resume/claims/cell-wrap.ts";
import {
  findLinks,
  findUrlsInText,
  joinWrapped,
  visibleAsUrl,
  wrapsUrl,
} from "../../../src/resume/claims/link-finder.ts";
import type { LinkAnnotation } from "../../../src/resume/pdf/raw-document.ts";
import { line, seg } from "../support/layout-builders.ts";

describe("findUrlsInText", () => {
  test.each([
    ["see https://github.com/a/b, and more", ["https://github.com/a/b,"]],
    ["github.com/0xKilty/information-compressor", ["github.com/0xKilty/information-compressor"]],
    ["Live: neuron.149segolte.dev", ["neuron.149segolte.dev"]],
    ["site 1chooo.com today", ["1chooo.com"]],
    ["mail jane@gmail.com please", []],
    ["Built with Node.js and Socket.io", []],
    ["Tools: Draw.io, MySQL", []],
    ["www.example.org/x", ["www.example.org/x"]],
    ["GitHub: jane/relay", ["github.com/jane/relay"]],
    // only links are profiles: a word after a GitHub label is not an account
    ["GitHub: 2hard4me", []],
    ["Github:// deedydas", []],
    ["Automated CI/CD with github actions and hosted on github-pages", []],
    ["GitHub - Actions", []],
    ["GitHub: https://github.com/1603adam/", ["https://github.com/1603adam/"]],
  ])("%s", (text, want) => expect(findUrlsInText(text).map((u) => u.raw)).toEqual(want));
});

test.each([
  ["link : https:", "//github.com/bitdefender/libkvmi", true],
  ["see https://", "github.com/a/b", true],
  ["github.com/user/", "repo-name", true],
  ["www.linkedin.com/in/adam/", "Website: https://x.io", false],
  ["github.com/1603adam/", "SUMMARY", false],
  ["plain words", "more words", false],
])("wrapsUrl(%s | %s) = %s", (a, b, want) => expect(wrapsUrl(a, b)).toBe(want));

test.each([
  [["thou-", "sands"], "thousands"],
  [["https:", "//github.com/a"], "https://github.com/a"],
  [["Open", "Source"], "Open Source"],
])("joinWrapped(%j)", (parts, want) => expect(joinWrapped(parts)).toBe(want));

test.each([
  ["github.com/anwesan", "github.com", "https://github.com/anwesan"],
  ["github/1chooo", "github.com", "https://github.com/1chooo"],
  ["Amul-byte/sea-level-predictor", "github.com", "https://github.com/Amul-byte/sea-level-predictor"],
  ["Amul-byte/sea-level-predictor", "example.com", null],
  ["https://lnk.ua/NQVSVh3Kh", "1603adam.github.io", "https://lnk.ua/NQVSVh3Kh"],
  ["GitHub", "github.com", null],
  ["Link", "github.com", null],
])("visibleAsUrl(%s)", (visible, host, want) => expect(visibleAsUrl(visible, host)).toBe(want));

describe("findLinks", () => {
  const annot = (x0: number, y0: number, x1: number, y1: number, uri: string): LinkAnnotation => ({
    x0,
    y0,
    x1,
    y1,
    uri,
  });
  test("an annotation takes the words under its rectangle as the anchor", () => {
    // "Chess Engine | Link": chars are 5pt wide from x=50; "Link" starts at char 15 -> x=125
    const l = line("Chess Engine | Link", { y: 100, index: 0 });
    const found = findLinks([l], new Map([[1, [annot(124, 91, 146, 102, "https://github.com/a/chess")]]]));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      line: 0,
      anchor: "Link",
      link: { repoUrl: "github.com/a/chess", source: "annotation", visibleDiffers: false },
    });
  });
  test("a printed URL under its own annotation is one link seen twice", () => {
    const l = line("https://github.com/a/b", { y: 100, index: 0 });
    const found = findLinks([l], new Map([[1, [annot(49, 91, 161, 102, "https://github.com/a/b")]]]));
    expect(found).toHaveLength(1);
    expect(found[0]!.link.source).toBe("both");
  });
  test("a printed URL that differs from the target is kept as visibleUrl", () => {
    const l = line("github.com/anwesan", { y: 100, index: 0 });
    const found = findLinks([l], new Map([[1, [annot(49, 91, 141, 102, "https://github.com/19-ade")]]]));
    expect(found).toHaveLength(1);
    expect(found[0]!.link).toMatchObject({
      url: "https://github.com/19-ade",
      visibleDiffers: true,
      visibleUrl: "https://github.com/anwesan",
    });
  });
  test("an annotation over an icon (no text) attaches to the line it sits on", () => {
    const l = line([seg("Budget App", { x: 50, y: 100 }), seg("2021", { x: 400, y: 100 })], { index: 3 });
    const found = findLinks([l], new Map([[1, [annot(200, 92, 210, 101, "https://github.com/a/budget")]]]));
    expect(found[0]).toMatchObject({ line: 3, anchor: "" });
    expect(found[0]!.link.visibleText).toBeUndefined();
  });
  test("text-only URLs, wrapped over two lines, are found once", () => {
    const a = line("user-mode support / link : https:", { y: 100, index: 0 });
    const b = line("//github.com/bitdefender/libkvmi", { y: 114, index: 1 });
    const found = findLinks([a, b], new Map());
    expect(found.map((f) => [f.line, f.link.repoUrl, f.link.source])).toEqual([
      [0, "github.com/bitdefender/libkvmi", "text"],
    ]);
  });
  test("mailto and tel annotations are not links", () => {
    const l = line("jane@example.com", { y: 100, index: 0 });
    expect(findLinks([l], new Map([[1, [annot(49, 91, 131, 102, "mailto:jane@example.com")]]]))).toEqual([]);
  });
  test("an annotation on another page does not pick up this page's text", () => {
    const l = line("Link", { y: 100, index: 0, page: 1 });
    const found = findLinks([l], new Map([[2, [annot(49, 91, 70, 102, "https://github.com/a/b")]]]));
    expect(found).toEqual([]);
  });
});

describe("bare owner/repo (layout: repository printed as `owner/repo`, no host, no annotation)", () => {
  const profile = () => line("jane@mail.com · github.com/janedoe", { y: 60, index: 0 });
  test("is a repository when the owner is the account the resume links", () => {
    const lines = [
      profile(),
      line("Budget Planner (janedoe/budget-planner)", { y: 100, index: 1 }),
      line("JaneDoe/relay.js", { y: 114, index: 2 }),
    ];
    const found = findLinks(lines, new Map()).filter((f) => f.line > 0);
    expect(found.map((f) => [f.line, f.link.repoUrl, f.link.source])).toEqual([
      [1, "github.com/janedoe/budget-planner", "text"],
      [2, "github.com/JaneDoe/relay.js", "text"],
    ]);
  });
  test("a name wrapped after its hyphen is joined with the next line", () => {
    const lines = [
      profile(),
      line("rs-ember — a metrics dashboard (janedoe/rs-", { y: 100, index: 1 }),
      line("ember)", { y: 114, index: 2 }),
    ];
    expect(findLinks(lines, new Map()).filter((f) => f.line > 0)[0]?.link.repoUrl).toBe("github.com/janedoe/rs-ember");
  });
  test("slashes between other words, dates and paths inside URLs are not repositories", () => {
    const lines = [
      profile(),
      line("CI/CD, TCP/IP, client/server, 05/2023 – Present", { y: 100, index: 1 }),
      line("otherdev/tool and gitlab.com/janedoe/x and janedoe/x/y", { y: 114, index: 2 }),
    ];
    const found = findLinks(lines, new Map()).filter((f) => f.line > 0);
    expect(found.map((f) => f.link.host)).toEqual(["gitlab.com"]);
  });
  test("without a GitHub account in the resume, nothing is read as owner/repo", () => {
    expect(findLinks([line("Relay (janedoe/relay)", { y: 100, index: 0 })], new Map())).toEqual([]);
  });
});

describe("a URL cut at the end of a table cell (layout: name | description | link, cells wrapped)", () => {
  const row = (y: number, index: number, ...cells: Array<[number, string]>) =>
    line(
      cells.map(([x, t]) => seg(t, { x, y })),
      { y, index },
    );
  test("goes on in the same cell below, not at the start of the next line", () => {
    const lines = [
      row(100, 0, [42, "QuillRaven"], [129, "Real-time multiplayer board game with a"], [317, "github.com/"]),
      row(111, 1, [129, "lobby, reconnect support and a replay viewer"], [317, "jane/"]),
      row(122, 2, [129, "for finished matches."], [317, "quill-raven"]),
    ];
    const found = findLinks(lines, new Map());
    expect(found.map((f) => [f.line, f.link.repoUrl])).toEqual([[0, "github.com/jane/quill-raven"]]);
  });
  test("a bare owner/ cut in its cell joins the repository name below it", () => {
    const lines = [
      line("jane@mail.com · github.com/jane", { y: 60, index: 0 }),
      row(100, 1, [42, "Relay"], [129, "A relay for events"], [317, "jane/"]),
      row(111, 2, [129, "with retries."], [317, "relay"]),
    ];
    const found = findLinks(lines, new Map()).filter((f) => f.line > 0);
    expect(found.map((f) => f.link.repoUrl)).toEqual(["github.com/jane/relay"]);
  });
  test("another cell's line on a baseline in between is stepped over (cells centred vertically)", () => {
    const lines = [
      row(431, 0, [58, "Plant Watering"], [303, "jane/plant-"]),
      row(437, 1, [140, "configuration files"]),
      row(442, 2, [58, "Monitor"], [303, "watering-monitor"]),
    ];
    expect(cellContinuation(lines, 0)).toBe("watering-monitor");
  });
  test("a word under the cell that is not right below it, or a phrase, does not continue it", () => {
    const far = [row(100, 0, [42, "Relay"], [317, "github.com/jane/"]), row(140, 1, [317, "relay"])];
    expect(cellContinuation(far, 0)).toBe("");
    const phrase = [row(100, 0, [42, "Relay"], [317, "github.com/jane/"]), row(111, 1, [317, "see the notes"])];
    expect(cellContinuation(phrase, 0)).toBe("");
    const elsewhere = [row(100, 0, [42, "Relay"], [317, "github.com/jane/"]), row(111, 1, [129, "relay"])];
    expect(cellContinuation(elsewhere, 0)).toBe("");
  });
});
