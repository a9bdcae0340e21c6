import { describe, expect, test } from "bun:test";
import type { RawDocument } from "../../src/resume/pdf/raw-document.ts";
import type { ExtractedResume, HiddenText } from "../../src/resume/types.ts";
import {
  compareOutcomes,
  firstDifference,
  hiddenVerdicts,
  linkSet,
  normalizeWhitespace,
  type ReadOutcome,
  setDifference,
  visibleText,
  wordOverlap,
} from "./reader-comparison.ts";

function doc(links: Array<[number, string]>): RawDocument {
  const pages = [1, 2].map((number) => ({
    number,
    width: 612,
    height: 792,
    glyphs: [],
    fonts: [],
    areas: [],
    links: links.filter(([p]) => p === number).map(([, uri]) => ({ x0: 0, y0: 0, x1: 1, y1: 1, uri })),
  }));
  return { pages };
}

function extracted(lines: string[], hidden: HiddenText[] = [], projects: string[] = []): ExtractedResume {
  return {
    textLines: lines.map((text) => ({ text, page: 1, section: "", sectionKind: "header", links: [] })),
    hiddenText: hidden,
    projects: projects.map((name) => ({ name, repoUrl: null })),
  } as unknown as ExtractedResume;
}

const read = (lines: string[], links: Array<[number, string]> = [], hidden: HiddenText[] = []): ReadOutcome => ({
  raw: doc(links),
  extracted: extracted(lines, hidden),
});

describe("reader comparison", () => {
  test("whitespace of any kind counts as one space, and empty lines do not count", () => {
    expect(normalizeWhitespace("  Jane\u00a0 Doe\t\u200b Dev ")).toBe("Jane Doe Dev");
    expect(visibleText(extracted(["Jane  Doe", "   ", "Projects"]))).toBe("Jane Doe\nProjects");
  });

  test("links are compared as a set per page", () => {
    expect(
      linkSet(
        doc([
          [1, "https://b"],
          [1, "https://a"],
          [1, "https://a"],
          [2, "https://a"],
        ]),
      ),
    ).toEqual(["1 https://a", "1 https://b", "2 https://a"]);
  });

  test("multiset difference keeps repeated items", () => {
    expect(setDifference(["a", "a", "b"], ["a", "c"])).toEqual({ onlyA: ["a", "b"], onlyB: ["c"] });
  });

  test("word overlap is 1 for the same words and falls with each word missing", () => {
    expect(wordOverlap("a b c", "c b a")).toBe(1);
    expect(wordOverlap("a b c d", "a b c")).toBeCloseTo(6 / 7);
    expect(wordOverlap("", "")).toBe(1);
  });

  test("same text, links and hidden verdicts compare equal", () => {
    const hidden: HiddenText[] = [{ text: "python  rust", page: 1, reason: "white-fill" }];
    const a = read(["Jane Doe", "Projects"], [[1, "https://github.com/j/x"]], hidden);
    const b = read(
      ["Jane  Doe", "Projects "],
      [[1, "https://github.com/j/x"]],
      [{ ...hidden[0]!, text: "python rust" }],
    );
    const c = compareOutcomes(a, b);
    expect(c).toMatchObject({
      sameOutcome: true,
      sameText: true,
      sameLinks: true,
      sameHidden: true,
      sameProjects: true,
    });
    expect(c.notes).toEqual([]);
  });

  test("a word gap alone is told apart from other text differences", () => {
    const c = compareOutcomes(read(["Niagara College of Toronto"]), read(["Niagara College ofToronto"]));
    expect(c.sameText).toBe(false);
    expect(c.sameCharacters).toBe(true);
    const d = compareOutcomes(read(["efficient"]), read(["eficient"]));
    expect(d.sameCharacters).toBe(false);
  });

  test("a hidden run only one reader finds changes the verdicts, and the flag when the other finds none", () => {
    const hidden: HiddenText[] = [{ text: "kubernetes", page: 1, reason: "hidden-layer" }];
    const c = compareOutcomes(read(["x"], [], hidden), read(["x"]));
    expect(c.sameHidden).toBe(false);
    expect(c.sameHiddenFlag).toBe(false);
    expect(c.notes.join(" ")).toContain("1 hidden-layer kubernetes");
    expect(hiddenVerdicts(hidden)).toEqual(["1 hidden-layer kubernetes"]);
  });

  test("outcomes: the same error is the same result, a different one or a read against an error is not", () => {
    expect(compareOutcomes({ error: "pdf_encrypted" }, { error: "pdf_encrypted" }).sameText).toBe(true);
    const c = compareOutcomes({ error: "pdf_too_complex" }, read(["x"]));
    expect(c).toMatchObject({ sameOutcome: false, sameText: false, sameHiddenFlag: false });
    expect(c.notes).toEqual(["outcome: pdf_too_complex vs read"]);
  });

  test("first difference names the line and both sides", () => {
    expect(firstDifference("a\nb\nc", "a\nb")).toEqual({ line: 3, ours: "c", theirs: "(end)" });
    expect(firstDifference("a", "a")).toBeNull();
  });
});
