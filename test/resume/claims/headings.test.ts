import { describe, expect, test } from "bun:test";
import { headingPart } from "../../../src/resume/claims/heading-part.ts";
import { findHeadingLayout } from "../../../src/resume/claims/headings.ts";
import { detectSections } from "../../../src/resume/claims/sections.ts";
import { line, seg } from "../support/layout-builders.ts";

const at = (parts: ReturnType<typeof seg>[], index: number) => line(parts, { index });
/** A label column: labels at x 50 in their own face, entries beside them at x 170. */
const label = (t: string, y: number) => seg(t, { x: 50, y, size: 10.5, bold: true, font: "Label-Bold" });
const body = (t: string, y: number, bold = false) => seg(t, { x: 170, y, size: bold ? 10.5 : 9, bold });

describe("a heading's line may carry other text", () => {
  test("a label in the label column is a heading by its place and style, whether or not its words are known", () => {
    // labels at x 50 beside their first entry at x 170, in the labels' style; the third label's words are unknown
    const lines = [
      at([label("Experience", 100), body("Data Engineer, Northgale", 100, true)], 0),
      at([body("Built the billing service.", 113)], 1),
      at([label("Projects", 140), body("Relay", 140, true)], 2),
      at([body("Go, Redis", 153)], 3),
      at([body("Tidepool", 170, true)], 4),
      at([body("Rust, Zig", 183)], 5),
      at([label("शैक्षणिक योग्यता", 210), body("BSc Computing, Eastmere", 210, true)], 6),
      at([label("Skills", 240), body("Kotlin, Go, Rust", 240)], 7),
    ];
    const sections = detectSections(lines);
    expect(sections.map((s) => [s.kind, s.lines.map((l) => l.text)])).toEqual([
      ["experience", ["Data Engineer, Northgale", "Built the billing service."]],
      ["projects", ["Relay", "Go, Redis", "Tidepool", "Rust, Zig"]],
      ["other", ["BSc Computing, Eastmere"]],
      ["skills", ["Kotlin, Go, Rust"]],
    ]);
  });

  test("a numbered label that wraps after its number is one heading, its first entry beside the number", () => {
    const lines = [
      at([label("1. 職務経歴", 100), body("Data Engineer, Northgale", 100, true)], 0),
      at([body("Built the billing service.", 113)], 1),
      at([label("2.", 140), body("spindle", 140, true)], 2),
      at([label("個人開発プロジェクト", 153), body("Kotlin, Redis", 153)], 3),
      at([body("pylon", 170, true)], 4),
      at([body("Go, Zig", 183)], 5),
      at([label("学歴", 210), body("BSc Computing, Eastmere", 210, true)], 6),
    ];
    const sections = detectSections(lines);
    expect(sections.map((s) => [s.kind, s.lines.map((l) => l.text)])).toEqual([
      ["experience", ["Data Engineer, Northgale", "Built the billing service."]],
      ["projects", ["spindle", "Kotlin, Redis", "pylon", "Go, Zig"]],
      ["education", ["BSc Computing, Eastmere"]],
    ]);
  });

  test("a margin note at the label column's x in another style than the labels is no label", () => {
    const note = seg("Berlin office", { x: 50, y: 113, size: 8, font: "Label-Italic", italic: true });
    const lines = [
      at([label("Experience", 100), body("Data Engineer, Northgale", 100, true)], 0),
      at([note, body("Built the billing service.", 113)], 1),
      at([label("Projects", 140), body("Relay", 140, true)], 2),
      at([body("Go, Redis", 153)], 3),
      at([body("Tidepool", 170, true)], 4),
      at([body("Rust, Zig", 183)], 5),
      at([label("Skills", 240), body("Kotlin, Go, Rust", 240)], 6),
    ];
    expect([...findHeadingLayout(lines).headings.keys()]).toEqual([0, 2, 6]);
  });

  test("a margin heading set over two lines, beside the body text of its first entry, is one heading", () => {
    // moderncv-like: headings in a narrow left margin, entries at x 150
    const head = (t: string, y: number) => seg(t, { x: 40, y, size: 10, bold: true });
    const body = (t: string, y: number, bold = false) => seg(t, { x: 150, y, size: bold ? 10.5 : 9.5, bold });
    const lines = [
      at([head("WORK", 100)], 0),
      at([body("Firmware Engineer, Northgale", 116, true)], 1),
      at([body("Designed the billing service.", 129)], 2),
      at([head("PROJETOS", 150), body("Relay", 150, true)], 3),
      at([head("PESSOAIS", 162), body("A message relay for teams.", 162)], 4),
      at([body("Tidepool", 180, true)], 5),
      at([body("A tide table viewer.", 193)], 6),
      at([head("STUDIES", 214), body("BSc Computing, Eastmere", 214, true)], 7),
    ];
    const sections = detectSections(lines);
    expect(sections.map((s) => [s.kind, s.title, s.lines.map((l) => l.text)])).toEqual([
      ["experience", "WORK", ["Firmware Engineer, Northgale", "Designed the billing service."]],
      ["projects", "PROJETOS PESSOAIS", ["Relay", "A message relay for teams.", "Tidepool", "A tide table viewer."]],
      ["education", "STUDIES", ["BSc Computing, Eastmere"]],
    ]);
    // the content keeps the index of its line, so links on it stay with it
    expect(sections[1]!.lines[0]!.index).toBe(3);
  });

  test("a heading with a note after it in another style opens its section; the note is not an entry", () => {
    const lines = [
      at([seg("EXPERIENCE", { size: 12, bold: true, y: 100 })], 0),
      at([seg("Engineer, Acme", { y: 118 })], 1),
      at(
        [
          seg("PROJECTS", { size: 12, bold: true, y: 140 }),
          seg("(more at github.com/jane)", { x: 130, size: 9, italic: true, y: 140 }),
        ],
        2,
      ),
      at([seg("Relay", { y: 158, bold: true })], 3),
      at([seg("EDUCATION", { size: 12, bold: true, y: 180 })], 4),
    ];
    const sections = detectSections(lines);
    expect(sections.map((s) => [s.kind, s.lines.map((l) => l.text)])).toEqual([
      ["experience", ["Engineer, Acme"]],
      ["projects", ["Relay"]],
      ["education", []],
    ]);
  });

  test("label lines, list items and entries with a date are not headings with a note", () => {
    const bold = (t: string) => seg(t, { bold: true });
    const text = "IT Constructs : Data Structures, OOPS and Networks";
    const label = line([{ ...seg(text, {}), runs: [] }]);
    label.segments[0]!.runs = [
      { start: 0, end: 15, font: "Helvetica-Bold", size: 10, bold: true, italic: false },
      { start: 15, end: text.length, font: "Helvetica", size: 10, bold: false, italic: false },
    ];
    expect(headingPart(label)).toBeNull();
    const item = line([{ ...seg("➔ Portfolio (Dec, 2021)"), runs: [] }]);
    item.segments[0]!.runs = [
      { start: 0, end: 2, font: "Helvetica", size: 10, bold: false, italic: false },
      { start: 2, end: 11, font: "Helvetica-Bold", size: 10, bold: true, italic: false },
      { start: 11, end: 23, font: "Helvetica", size: 10, bold: false, italic: false },
    ];
    expect(headingPart(item)).toBeNull();
    expect(headingPart(line([bold("Projects"), seg("2021", { x: 400 })]))).toBeNull();
  });

  test("two headings that do not read as one stay two", () => {
    const head = (t: string, y: number, index: number) => line(t, { x: 40, y, size: 10, bold: true, index });
    const lines = [head("SKILLS", 100, 0), line("Rust", { y: 113, index: 1 }), head("EDUCATION", 130, 2)];
    expect([...findHeadingLayout(lines).headings.values()].map((h) => h.title)).toEqual(["SKILLS", "EDUCATION"]);
  });
});
