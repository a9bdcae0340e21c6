import { describe, expect, test } from "bun:test";
import { mergeDuplicateClaims } from "../../../src/resume/claims/duplicate-claims.ts";
import { attachLinkCells } from "../../../src/resume/claims/link-cells.ts";
import { normalizeLink } from "../../../src/resume/claims/link-normalizer.ts";
import { anchorIsItem, linkedSoftware } from "../../../src/resume/claims/linked-software.ts";
import { splitPhraseLinks } from "../../../src/resume/claims/phrase-links.ts";
import { buildProject } from "../../../src/resume/claims/project-builder.ts";
import { holdsProjects } from "../../../src/resume/claims/project-sections.ts";
import type { Section } from "../../../src/resume/claims/sections.ts";
import { isHeaderCell } from "../../../src/resume/claims/table-header.ts";
import { isResumeSource, namesResume, saysResumeSource } from "../../../src/resume/resume-source.ts";
import { claim } from "../../analysis/fixtures.ts";
import { line } from "../support/layout-builders.ts";
import { located } from "../support/located-link.ts";

const link = (url: string) => located(url, 0).link;

describe("the resume's own source is not a claim", () => {
  test.each([
    ["cv", "", true],
    ["my-resume", "", true],
    ["resume-latex", "", true],
    ["jane-doe-cv", "jane-doe", true],
    ["curriculum-vitae", "", true],
    ["resume-parser", "", false],
    ["cv-generator", "", false],
    ["portfolio", "", false],
  ])("namesResume(%p) = %p", (name, owner, want) => expect(namesResume(name, owner)).toBe(want));

  test.each([
    ["https://github.com/jane/cv/commit/ddff472", true],
    ["https://github.com/jane/resume", true],
    ["https://github.com/jane/site/blob/main/Jane_Doe_Resume.pdf", true],
    ["https://github.com/jane/cv-parser", false],
    ["https://github.com/jane/analysis/blob/main/Fire%20Incidents.pdf", false],
    ["https://github.com/jane/relay/pull/41", false],
  ])("isResumeSource(%p) = %p", (url, want) => expect(isResumeSource(link(url))).toBe(want));
});

describe("link-first harvesting outside a projects section", () => {
  const at = (text: string, index: number) => line(text, { index, y: 100 + 12 * index });
  const experience = (lines: ReturnType<typeof at>[]): Section[] => [
    { kind: "experience", title: "Relevant Experience", heading: null, lines },
  ];

  test("links into one repository's files from different items are different pieces of work, named by the item", () => {
    const lines = [
      at("Data analysis projects done:", 0),
      at("1. Predicting Dollar Loss Brought by Fire Incidents.", 1),
      at("2. Is Fire Alarm System Really Helpful?", 2),
      at("3. Forecasting Ferry Demand With a Seasonal ARIMA Model. (As the team leader)", 3),
    ];
    const repo = "https://github.com/jane/Data-Analysis-Projects/blob/main";
    const links = [
      located(`${repo}/Fire%20Loss.pdf`, 1, "Predicting Dollar Loss Brought by Fire Incidents."),
      located(`${repo}/Fire%20Alarm.pdf`, 2, "Is Fire Alarm System Really Helpful?"),
      located(`${repo}/Ferry.pdf`, 3, "Forecasting Ferry Demand With a Seasonal ARIMA Model."),
      located(`${repo}/Ferry.pdf`, 3, "(As the team leader)"),
    ];
    const projects = linkedSoftware(experience(lines), links, lines);
    expect(projects.map((p) => [p.name, p.repoUrl])).toEqual([
      ["Predicting Dollar Loss Brought by Fire Incidents", "github.com/jane/Data-Analysis-Projects"],
      ["Is Fire Alarm System Really Helpful?", "github.com/jane/Data-Analysis-Projects"],
      ["Forecasting Ferry Demand With a Seasonal ARIMA Model", "github.com/jane/Data-Analysis-Projects"],
    ]);
  });

  test("the same repository linked from two places is one project", () => {
    const lines = [at("Maintainer of relay, a message relay", 0), at("Talk about relay internals", 1)];
    const links = [
      located("https://github.com/jane/relay", 0, "relay"),
      located("https://github.com/jane/relay/pull/3", 1, "internals"),
    ];
    expect(linkedSoftware(experience(lines), links, lines).map((p) => [p.name, p.repoLinks.length])).toEqual([
      ["relay", 2],
    ]);
  });

  test("contact details and skills claim only the candidate's own repositories, never the resume's source", () => {
    const lines = [
      at("github.com/jane", 0),
      at("View this resume at github.com/jane/cv", 1),
      at("Tools: React, relay", 2),
    ];
    const sections: Section[] = [
      { kind: "header", title: "", heading: null, lines: [lines[0]!, lines[1]!] },
      { kind: "skills", title: "Skills", heading: null, lines: [lines[2]!] },
    ];
    const links = [
      located("https://github.com/jane", 0, "github.com/jane"),
      located("https://github.com/jane/cv", 1, "github.com/jane/cv"),
      located("https://github.com/facebook/react", 2, "React"),
      located("https://github.com/jane/relay", 2, "relay"),
    ];
    expect(linkedSoftware(sections, links, lines).map((p) => p.repoUrl)).toEqual(["github.com/jane/relay"]);
  });

  test("anchorIsItem: the anchor is most of its line and starts it", () => {
    const item = at("3. Predicting 2025 Canadian Federal Election for the Liberal Party. (As the team leader)", 0);
    expect(anchorIsItem("Predicting 2025 Canadian Federal Election for the Liberal Party.", item)).toBe(true);
    expect(anchorIsItem("dashboard", at("Productivity tools such as a dashboard for standup", 0))).toBe(false);
    // a line that is only a link label names nothing, with or without a full stop
    expect(anchorIsItem("Github Repository.", at("Github Repository.", 0))).toBe(false);
    expect(anchorIsItem("Source code", at("• Source code", 0))).toBe(false);
  });
});

describe("phrase links", () => {
  const section = (lines: ReturnType<typeof line>[]): Section => ({
    kind: "projects",
    title: "Hacks",
    heading: null,
    lines,
  });

  test("repositories linked on phrases inside sentences are projects of their own, named by the phrase", () => {
    const lines = [
      line("Cooperative word deduction game, inspired by the board game Letter Jam", { index: 0, y: 100 }),
      line("Productivity tools such as a dashboard for standup and a URL shortener for teams", { index: 1, y: 112 }),
    ];
    const links = [
      located("https://github.com/rt/letter-joy", 0, "Cooperative word deduction game"),
      located("https://github.com/rt/rooster", 1, "dashboard for standup"),
      located("https://github.com/rt/goslinks", 1, "URL shortener for teams"),
    ];
    const entry = { title: lines[0]!, lines };
    const projects = splitPhraseLinks(buildProject(entry, section(lines), links), entry, links);
    expect(projects.map((p) => [p.name, p.repoUrl])).toEqual([
      ["Cooperative word deduction game", "github.com/rt/letter-joy"],
      ["dashboard for standup", "github.com/rt/rooster"],
      ["URL shortener for teams", "github.com/rt/goslinks"],
    ]);
  });

  test("parts of one project, labels and a whole-title link do not split it", () => {
    const title = line("Relay", { index: 0, y: 100, bold: true });
    const body = line("Frontend in relay-web and the server in relay-api, see Code", { index: 1, y: 112 });
    const links = [
      located("https://github.com/jane/relay-web", 1, "relay-web"),
      located("https://github.com/jane/relay-api", 1, "relay-api"),
      located("https://github.com/jane/relay-docs", 1, "Code"),
    ];
    const entry = { title, lines: [title, body] };
    const project = buildProject(entry, section([title, body]), links);
    expect(splitPhraseLinks(project, entry, links)).toEqual([project]);
  });
});

test("a section the vocabulary does not name holds projects when its entries link software, GitHub Pages project pages included", () => {
  const lines = [
    line("Robot Competition", { index: 0, y: 100, bold: true }),
    line("Built an autonomous robot", { index: 1, y: 112 }),
    line("Small Fun Projects", { index: 2, y: 130, bold: true }),
    line("Huffman compressor in C, trading bot in Rust", { index: 3, y: 142 }),
  ];
  const other: Section = { kind: "other", title: "Other", heading: null, lines };
  const page = located("https://jane.github.io/Robot/", 1, "autonomous robot");
  const repo = located("https://github.com/jane/huffman", 3, "Huffman compressor in C");
  expect(holdsProjects(other, [page, repo])).toBe(true);
  const site = located("https://jane.github.io/", 1, "autonomous robot");
  expect(holdsProjects(other, [site, repo])).toBe(false);
});

describe("a table read as columns", () => {
  const at = (text: string, x: number, y: number, column: number, index: number, bold = false) =>
    line(text, { x, y, column, index, bold });

  test("a link cell goes with the entry on its row, never stands as a project named GitHub", () => {
    const relay = at("relay", 58, 405, 5, 0, true);
    const relayDesc = at("A message relay for bots", 138, 405, 6, 1);
    const tide = at("py-tide", 58, 477, 5, 2, true);
    const cell1 = at("GitHub", 280, 405, 4, 3);
    const cell2 = at("GitHub", 280, 477, 4, 4);
    const entries = attachLinkCells([
      { title: relay, lines: [relay, relayDesc] },
      { title: tide, lines: [tide] },
      { title: cell1, lines: [cell1] },
      { title: cell2, lines: [cell2] },
    ]);
    expect(entries.map((e) => [e.title.text, e.lines.map((l) => l.text)])).toEqual([
      ["relay", ["relay", "A message relay for bots", "GitHub"]],
      ["py-tide", ["py-tide", "GitHub"]],
    ]);
  });

  test("a column label with other labels beside it on its baseline is a header cell, not a heading", () => {
    const lines = [
      at("Proyectos", 64, 339, 5, 0, true),
      at("Project", 77, 355, 5, 1, true),
      at("relay", 58, 405, 5, 2, true),
      at("Description", 176, 355, 6, 3, true),
      at("A message relay", 138, 383, 6, 4),
    ];
    expect(isHeaderCell(lines[1]!, lines)).toBe(true);
    expect(isHeaderCell(lines[0]!, lines)).toBe(false);
  });
});

describe("one project reported once", () => {
  const project = (name: string, url: string | null, links: string[] = url ? [url] : []) =>
    claim(name, { repoUrl: url ? normalizeLink(url)!.repoUrl! : null, repoLinks: links.map((u) => link(u)) });

  test("a project linked from two places merges into the first, links kept", () => {
    const merged = mergeDuplicateClaims([
      project("Relay", "https://github.com/jane/relay"),
      project("relay", "https://github.com/jane/relay", ["https://github.com/jane/relay/pull/3"]),
    ]);
    expect(merged.map((p) => [p.name, p.repoLinks.length])).toEqual([["Relay", 2]]);
  });

  test("different titles that reuse one link, files of one repository, and near names without a link stay apart", () => {
    const kept = mergeDuplicateClaims([
      project("Image search engine", "https://github.com/user/repo"),
      project("Chatbot", "https://github.com/user/repo"),
      project("Fire loss", "https://github.com/jane/reports/blob/main/fire.pdf"),
      project("Fire loss report", "https://github.com/jane/reports/blob/main/fire-alarm.pdf"),
      project("hypocaust", null),
      project("hypocaust-2", null),
    ]);
    expect(kept).toHaveLength(6);
  });
});

test.each([
  ["Download as PDF", "", true],
  ["github.com/jane/site", "View this resume on GitHub at github.com/jane/site", true],
  ["EPUB", "Download this CV as EPUB", true],
  ["relay", "Maintainer of relay", false],
])("saysResumeSource(%p, %p) = %p", (anchor, lineText, want) => expect(saysResumeSource(anchor, lineText)).toBe(want));
