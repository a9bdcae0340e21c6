import { expect, test } from "bun:test";
import { dateToEnd } from "../../../src/resume/claims/date-column.ts";
import { segmentEntries } from "../../../src/resume/claims/entries.ts";
import { parseTitle } from "../../../src/resume/claims/project-name.ts";
import { detectSections } from "../../../src/resume/claims/sections.ts";
import { line, seg } from "../support/layout-builders.ts";

/** A line set from the right margin: its right edge is where it starts. */
const fromRight = (text: string, x1: number, y: number, o: { size?: number; bold?: boolean } = {}) =>
  line([seg(text, { ...o, y, x: x1 - text.length * (o.size ?? 10) * 0.5 })]);

// Layout: a right-to-left academic CV's research software: each entry a bold title, a stack line and
// a repository line, all flush with the right margin, so their left edges are ragged.
test("flush-right entries: a short title is not indented because its left edge lies further right", () => {
  const lines = [
    fromRight("Gantryly", 545, 100, { bold: true, size: 10.5 }),
    fromRight("PostgreSQL, R, Svelte", 545, 113, { size: 9 }),
    fromRight("github.com/tobiah/gantryly", 545, 125, { size: 9 }),
    fromRight("halyard", 545, 145, { bold: true, size: 10.5 }),
    fromRight("Zig, Kotlin, Redis", 545, 158, { size: 9 }),
    fromRight("Larkspur-sync", 545, 178, { bold: true, size: 10.5 }),
    fromRight("Zig, Elixir, Rust", 545, 191, { size: 9 }),
    fromRight("github.com/tobiah/larkspur-sync", 545, 203, { size: 9 }),
  ];
  expect(segmentEntries(lines).map((e) => parseTitle(e.title).name)).toEqual(["Gantryly", "halyard", "Larkspur-sync"]);
});

// Layout: the same entries with their details indented from the right margin (a right-to-left list),
// titles and details in one style.
test("flush-right entries: lines that end short of the right edge are indented under the title", () => {
  const lines = [
    fromRight("Gantryly", 545, 100, { bold: true }),
    fromRight("A tool for ships", 530, 113, { bold: true }),
    fromRight("Halyard", 545, 130, { bold: true }),
    fromRight("Another one", 530, 143, { bold: true }),
    fromRight("Larkspur-sync", 545, 160, { bold: true }),
    fromRight("And one more line", 530, 173, { bold: true }),
  ];
  expect(segmentEntries(lines).map((e) => e.title.text)).toEqual(["Gantryly", "Halyard", "Larkspur-sync"]);
});

// Layout: justified left-to-right text ends at one right edge too, but it also starts at one left
// edge: it is not flush right, and a title left of the bullets still starts each entry.
test("justified text is not flush right: titles at the left edge start the entries", () => {
  const body = (text: string, y: number) => line([seg(text, { x: 81, y })]);
  const just = (y: number) => {
    const l = body("- a justified line of description text that runs to the right edge", y);
    return { ...l, x1: 539, segments: [{ ...l.segments[0]!, x1: 539 }] };
  };
  const lines = [
    line("• WebRTCgameServer, a server for multiplayer games (2023)", { x: 69, y: 100, size: 12 }),
    just(118),
    just(133),
    body("- Project on GitHub", 148),
    line("• Bucketlist, research into a social network (2024)", { x: 69, y: 178, size: 12 }),
    just(196),
    just(211),
    body("- Project in Figma", 226),
  ];
  expect(segmentEntries(lines).map((e) => e.title.text)).toEqual([
    "• WebRTCgameServer, a server for multiplayer games (2023)",
    "• Bucketlist, research into a social network (2024)",
  ]);
});

// Layout: a right-to-left label column: each section's name stands in the right margin, in a
// colour of its own, on the baseline of its first entry, whose text ends at the body's right edge.
test("a right-to-left margin heading ends its line; the rest of the line is the section's first entry", () => {
  const right = (text: string, x1: number, y: number, o: { size?: number; bold?: boolean } = {}) =>
    seg(text, { ...o, y, x: x1 - text.length * (o.size ?? 10) * 0.5 });
  const label = (text: string, y: number) => ({ ...right(text, 545, y, { bold: true, size: 10.5 }), fill: "#1a3f99" });
  const lines = [
    line([right("Caspian Abernathy", 545, 75, { bold: true, size: 20 })]),
    line([
      right("מרץ 2017 – היום", 135, 186, { size: 9 }),
      right("Gantryly", 425, 186, { bold: true }),
      label("פרויקטים אישיים", 186),
    ]),
    line([right("PostgreSQL, Dart, Zig", 425, 199, { size: 9 })]),
    line([right("github.com/caspian/gantryly", 425, 211, { size: 9 })]),
    line([right("lumendb", 425, 231, { bold: true })]),
    line([right("Svelte, Kotlin, Dart", 425, 244, { size: 9 })]),
    line([right("github.com/caspian/lumendb", 425, 256, { size: 9 })]),
    line([right("MSc Applied Computing, University of Ravensworth", 425, 290, { bold: true }), label("השכלה", 290)]),
  ];
  const sections = detectSections(lines);
  const projects = sections.find((s) => s.kind === "projects");
  expect(projects?.title).toBe("פרויקטים אישיים");
  expect(segmentEntries(projects!.lines.map(dateToEnd)).map((e) => parseTitle(e.title).name)).toEqual([
    "Gantryly",
    "lumendb",
  ]);
  expect(sections.find((s) => s.kind === "education")?.lines.map((l) => l.text)).toEqual([
    "MSc Applied Computing, University of Ravensworth",
  ]);
});
