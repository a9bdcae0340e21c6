import { beforeAll, describe, expect, test } from "bun:test";
import { getResolvedPDFJS } from "unpdf";
import {
  interpretOperatorList,
  type Matrix,
  multiply,
  TooManyGlyphsError,
  transformBox,
} from "../../../src/resume/pdf/content-interpreter.ts";

let OPS: Record<string, number>;
beforeAll(async () => {
  OPS = (await getResolvedPDFJS()).OPS as unknown as Record<string, number>;
});

/** A 612x792 page: pdf.js's viewport flips y so that the origin is the top-left corner. */
const VIEWPORT: Matrix = [1, 0, 0, -1, 0, 792];
const glyph = (unicode: string, width = 500) => ({ unicode, width, isSpace: unicode === " " });

function run(ops: Array<[string, unknown[]]>, maxGlyphs = 1000) {
  return interpretOperatorList(
    { fnArray: ops.map(([name]) => OPS[name]!), argsArray: ops.map(([, args]) => args) },
    {
      ops: OPS,
      viewport: VIEWPORT,
      pageWidth: 612,
      pageHeight: 792,
      maxGlyphs,
      resolveFont: (name) =>
        name === "F1" ? { index: 0, fontMatrix: [0.001, 0, 0, 0.001, 0, 0], vertical: false } : null,
    },
  );
}

describe("interpretOperatorList", () => {
  test("glyph positions follow Td, font size, widths and TJ spacing", () => {
    const { glyphs } = run([
      ["beginText", []],
      ["setFont", ["F1", 10]],
      ["moveText", [72, 700]],
      ["showText", [[glyph("A"), glyph("B"), -1000, glyph("C")]]],
      ["endText", []],
    ]);
    expect(glyphs.map((g) => [g.text, g.x, g.y, g.width, g.size])).toEqual([
      ["A", 72, 92, 5, 10],
      ["B", 77, 92, 5, 10],
      ["C", 92, 92, 5, 10],
    ]);
    expect(glyphs.every((g) => g.upright && g.fill === "#000000" && g.renderMode === 0)).toBe(true);
  });

  test("byte 32 in a subset font is the glyph the font maps it to, and still takes the word spacing", () => {
    // LibreOffice numbers subset glyphs from 1, so code 32 (pdf.js: isSpace) can be "j" or "G"
    const { glyphs } = run([
      ["beginText", []],
      ["setFont", ["F1", 10]],
      ["setWordSpacing", [2]],
      ["moveText", [72, 700]],
      [
        "showText",
        [
          [
            glyph("N"),
            { unicode: "j", width: 200, isSpace: true },
            glyph("s"),
            { unicode: "", width: 250, isSpace: true },
            glyph("x"),
          ],
        ],
      ],
      ["endText", []],
    ]);
    expect(glyphs.map((g) => g.text).join("")).toBe("Njs x");
    // "j" advances by its width plus the word spacing, like any byte 32
    expect(glyphs[2]!.x - glyphs[1]!.x).toBeCloseTo(4, 5);
  });

  test("colour, opacity and render mode are recorded per glyph; q/Q restores them", () => {
    const { glyphs } = run([
      ["save", []],
      ["setFillRGBColor", ["#FFFFFF"]],
      ["setGState", [[["ca", 0.5]]]],
      ["setTextRenderingMode", [3]],
      ["beginText", []],
      ["setFont", ["F1", 12]],
      ["showText", [[glyph("x")]]],
      ["endText", []],
      ["restore", []],
      ["beginText", []],
      ["setFont", ["F1", 12]],
      ["showText", [[glyph("y")]]],
    ]);
    expect(glyphs.map((g) => [g.text, g.fill, g.alpha, g.renderMode])).toEqual([
      ["x", "#ffffff", 0.5, 3],
      ["y", "#000000", 1, 0],
    ]);
  });

  test("the CTM scales the effective font size; a rotation makes text not upright", () => {
    const scaled = run([
      ["transform", [2, 0, 0, 2, 0, 0]],
      ["beginText", []],
      ["setFont", ["F1", 5]],
      ["showText", [[glyph("s")]]],
    ]);
    expect(scaled.glyphs[0]!.size).toBe(10);
    const rotated = run([
      ["transform", [0, 1, -1, 0, 300, 300]],
      ["beginText", []],
      ["setFont", ["F1", 10]],
      ["showText", [[glyph("r")]]],
    ]);
    expect(rotated.glyphs[0]!.upright).toBe(false);
  });

  test("filled paths and images become painted areas in paint order; clip paths do not", () => {
    const { areas, glyphs } = run([
      ["setFillRGBColor", ["#1a2659"]],
      ["constructPath", [OPS.fill, [], [0, 692, 612, 792]]],
      ["eoClip", []],
      ["constructPath", [OPS.endPath, [], [0, 0, 612, 792]]],
      ["beginText", []],
      ["setFont", ["F1", 10]],
      ["showText", [[glyph("w")]]],
      ["transform", [100, 0, 0, 50, 10, 10]],
      ["paintImageXObject", ["img", 100, 50]],
    ]);
    expect(areas.map((a) => [a.x0, a.y0, a.x1, a.y1, a.fill])).toEqual([
      [0, 0, 612, 100, "#1a2659"],
      [10, 732, 110, 782, "image"],
    ]);
    expect(areas[0]!.seq).toBeLessThan(glyphs[0]!.seq);
    expect(areas[1]!.seq).toBeGreaterThan(glyphs[0]!.seq);
  });

  test("annotation appearance streams are skipped", () => {
    const { glyphs } = run([
      ["beginAnnotation", ["id", [0, 0, 1, 1], [1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 0, 0], false]],
      ["beginText", []],
      ["setFont", ["F1", 10]],
      ["showText", [[glyph("z")]]],
      ["endAnnotation", []],
    ]);
    expect(glyphs).toEqual([]);
  });

  test("more glyphs than the cap is refused", () => {
    expect(() =>
      run(
        [
          ["beginText", []],
          ["setFont", ["F1", 10]],
          ["showText", [[glyph("a"), glyph("b"), glyph("c")]]],
        ],
        2,
      ),
    ).toThrow(TooManyGlyphsError);
  });

  test("text with an unknown font is ignored rather than misplaced", () => {
    expect(
      run([
        ["beginText", []],
        ["setFont", ["F9", 10]],
        ["showText", [[glyph("a")]]],
      ]).glyphs,
    ).toEqual([]);
  });
});

test("multiply applies the right matrix first", () => {
  expect(multiply([1, 0, 0, 1, 10, 0], [2, 0, 0, 2, 0, 0])).toEqual([2, 0, 0, 2, 10, 0]);
});

test("transformBox returns the axis-aligned box", () => {
  expect(transformBox([1, 0, 0, -1, 0, 792], 0, 692, 612, 792)).toEqual({ x0: 0, y0: 0, x1: 612, y1: 100 });
});
