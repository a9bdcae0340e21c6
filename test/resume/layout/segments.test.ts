import { expect, test } from "bun:test";
import type { StyledGlyph } from "../../../src/resume/layout/layout-types.ts";
import { buildSegments, groupByBaseline, segmentRows, splitRow } from "../../../src/resume/layout/segments.ts";

/** Glyphs of a string, `advance` apart, each `width` wide; "_" stands for a gap of one advance. */
function run(
  text: string,
  x0: number,
  y: number,
  o: { advance?: number; width?: number; size?: number; bold?: boolean } = {},
): StyledGlyph[] {
  const advance = o.advance ?? 5;
  const out: StyledGlyph[] = [];
  [...text].forEach((ch, i) => {
    if (ch === "_") return;
    out.push({
      text: ch,
      x: x0 + i * advance,
      y,
      width: o.width ?? 5,
      size: o.size ?? 10,
      bold: o.bold ?? false,
      italic: false,
      font: o.bold ? "B" : "R",
      fill: "#000000",
    });
  });
  return out;
}

test("a word gap without a space glyph becomes a space; a wide gap starts a new segment", () => {
  const glyphs = [...run("Chess_Engine", 50, 100), ...run("2022", 400, 100)];
  const segs = splitRow(glyphs);
  expect(segs.map((s) => s.text)).toEqual(["Chess Engine", "2022"]);
  expect(segs[0]!.charBoxes).toHaveLength("Chess Engine".length);
});

test("kerning-tight letters stay one word; letter-spaced headings stay one word", () => {
  expect(splitRow(run("Arash", 50, 100, { advance: 4.8 }))[0]!.text).toBe("Arash");
  // every letter 2pt apart (letter-spacing), words 6pt apart
  const spaced = [...run("PROJECTS", 50, 100, { advance: 7 }), ...run("LIST", 50 + 8 * 7 + 4, 100, { advance: 7 })];
  expect(splitRow(spaced)[0]!.text).toBe("PROJECTS LIST");
});

test("style runs follow font changes inside a segment", () => {
  const glyphs = [...run("Name", 50, 100, { bold: true }), ...run(":_rest", 70, 100)];
  const [segment] = splitRow(glyphs);
  expect(segment!.runs.map((r) => [segment!.text.slice(r.start, r.end), r.bold])).toEqual([
    ["Name", true],
    [": rest", false],
  ]);
});

test("baselines group with a tolerance and never chain", () => {
  const rows = groupByBaseline(
    [
      { x: 0, y: 100, size: 10 },
      { x: 5, y: 101.5, size: 10 },
      { x: 0, y: 103.5, size: 10 },
      { x: 0, y: 112, size: 10 },
    ],
    0.2,
  );
  expect(rows.map((r) => r.length)).toEqual([2, 1, 1]);
});

test("segmentRows keeps a smaller right-aligned date on its title's row", () => {
  const segs = buildSegments([
    ...run("Title", 50, 100, { size: 11 }),
    ...run("Jan_2021", 450, 100.8, { size: 9 }),
    ...run("Next", 50, 114),
  ]);
  expect(segmentRows(segs).map((r) => r.map((s) => s.text))).toEqual([["Title", "Jan 2021"], ["Next"]]);
});
