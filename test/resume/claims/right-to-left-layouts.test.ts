import { expect, test } from "bun:test";
import { segmentEntries } from "../../../src/resume/claims/entries.ts";
import { parseTitle } from "../../../src/resume/claims/project-name.ts";
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
