import { describe, expect, test } from "bun:test";
import { layoutPage } from "../../../src/resume/layout/page-layout.ts";
import { rotatedFrames, toFrame } from "../../../src/resume/layout/rotated-text.ts";
import type { Glyph, RawPage } from "../../../src/resume/pdf/raw-document.ts";

/** Glyphs of `text` laid along `dir` from (x, y) on the top-down page, 5pt per character. */
function along(text: string, x: number, y: number, dir: [number, number], seq0 = 0): Glyph[] {
  return [...text].map((ch, i) => ({
    text: ch,
    x: x + dir[0] * 5 * i,
    y: y + dir[1] * 5 * i,
    width: 5,
    size: 10,
    font: 0,
    fill: "#000000",
    alpha: 1,
    renderMode: 0,
    upright: dir[0] === 1 && dir[1] === 0,
    ...(dir[0] === 1 && dir[1] === 0 ? {} : { dir }),
    seq: seq0 + i,
  }));
}

const page = (glyphs: Glyph[]): RawPage => ({
  number: 1,
  width: 612,
  height: 792,
  glyphs,
  fonts: [{ name: "Helvetica", bold: false, italic: false, icon: false }],
  areas: [],
  links: [],
});

describe("rotatedFrames", () => {
  test("toFrame turns the baseline direction into +x", () => {
    const [u, v] = toFrame([0, -1], 100, 700);
    expect(u).toBeCloseTo(-700, 9);
    // across the baseline, the next line (further right on the page) is further down the frame
    expect(v).toBeCloseTo(100, 9);
    expect(toFrame([0, -1], 114, 700)[1]).toBeCloseTo(114, 9);
    // along the direction u grows by the distance travelled, v stays
    const [u2, v2] = toFrame([0, -1], 100, 690);
    expect(u2 - u).toBeCloseTo(10, 9);
    expect(v2).toBeCloseTo(v, 9);
  });

  test("glyphs group by direction; upright glyphs are not part of any frame", () => {
    const frames = rotatedFrames([
      ...along("ab", 50, 700, [0, -1]),
      ...along("cd", 60, 700, [0, -1]),
      ...along("ef", 300, 100, [-1, 0]),
      ...along("up", 50, 50, [1, 0]),
    ]);
    expect(frames.map((f) => [f.dir, f.glyphs.map((g) => g.text).join("")])).toEqual([
      [[0, -1], "abcd"],
      [[-1, 0], "ef"],
    ]);
    expect(frames.every((f) => f.glyphs.every((g) => g.upright))).toBe(true);
  });
});

describe("layoutPage reads rotated text instead of skipping it", () => {
  test("a margin turned 90 degrees, an upside-down caption, and the upright body first", () => {
    const layout = layoutPage(
      page([
        ...along("Body text", 100, 100, [1, 0]),
        // two lines running upwards: the second line is to the right of the first
        ...along("Projects", 30, 700, [0, -1], 100),
        ...along("Reef Watch", 44, 700, [0, -1], 200),
        // upside down: runs to the left
        ...along("Caption", 500, 760, [-1, 0], 300),
      ]),
      0,
    );
    expect(layout.lines.map((l) => [l.text, l.rotated ?? false])).toEqual([
      ["Body text", false],
      ["Projects", true],
      ["Reef Watch", true],
      ["Caption", true],
    ]);
    expect(layout.lines.map((l) => l.index)).toEqual([0, 1, 2, 3]);
    expect(layout.skippedRotated).toBe(0);
    expect(layout.rotatedLines).toBe(3);
  });

  test("glyphs of a vertical font (no baseline direction) are counted as skipped", () => {
    const vertical = along("縦書", 300, 100, [1, 0]).map((g) => ({ ...g, upright: false }));
    const layout = layoutPage(page([...along("Body", 100, 100, [1, 0]), ...vertical]), 0);
    expect(layout.lines.map((l) => l.text)).toEqual(["Body"]);
    expect(layout.skippedRotated).toBe(2);
  });
});
