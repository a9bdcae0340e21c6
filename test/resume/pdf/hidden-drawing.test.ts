/**
 * What the drawing itself hides or turns, in the content interpreter: optional content that is off,
 * text outside the clipping path, and the baseline direction of rotated text.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { getResolvedPDFJS } from "unpdf";
import { interpretOperatorList, type Matrix } from "../../../src/resume/pdf/content-interpreter.ts";
import { outsideClip } from "../../../src/resume/pdf/text-show.ts";

let OPS: Record<string, number>;
beforeAll(async () => {
  OPS = (await getResolvedPDFJS()).OPS as unknown as Record<string, number>;
});

const VIEWPORT: Matrix = [1, 0, 0, -1, 0, 792];
const glyph = (unicode: string) => ({ unicode, width: 500, isSpace: unicode === " " });
const text = (s: string): Array<[string, unknown[]]> => [
  ["beginText", []],
  ["setFont", ["F1", 10]],
  ["moveText", [72, 700]],
  ["showText", [[...s].map(glyph)]],
  ["endText", []],
];

function run(ops: Array<[string, unknown[]]>, visible?: (props: unknown) => boolean) {
  return interpretOperatorList(
    { fnArray: ops.map(([name]) => OPS[name]!), argsArray: ops.map(([, args]) => args) },
    {
      ops: OPS,
      viewport: VIEWPORT,
      pageWidth: 612,
      pageHeight: 792,
      maxGlyphs: 1000,
      resolveFont: () => ({ index: 0, fontMatrix: [0.001, 0, 0, 0.001, 0, 0], vertical: false }),
      ...(visible ? { isContentVisible: visible } : {}),
    },
  );
}

const hiddenBy = (r: ReturnType<typeof run>) => r.glyphs.map((g) => [g.text, g.hiddenBy ?? null]);

describe("optional content", () => {
  const off = (props: unknown) => (props as { id?: string }).id !== "oc-off";

  test("text in a layer that is off is marked, also when nested; other marked content is not", () => {
    const r = run(
      [
        ["beginMarkedContentProps", ["OC", { type: "OCG", id: "oc-off" }]],
        ...text("a"),
        ["beginMarkedContent", ["Span"]],
        ...text("b"),
        ["endMarkedContent", []],
        ["endMarkedContent", []],
        ["beginMarkedContentProps", ["OC", { type: "OCG", id: "oc-on" }]],
        ...text("c"),
        ["endMarkedContent", []],
        ["beginMarkedContentProps", ["Artifact", { type: "Pagination" }]],
        ...text("d"),
        ["endMarkedContent", []],
      ],
      off,
    );
    expect(hiddenBy(r)).toEqual([
      ["a", "optional-content"],
      ["b", "optional-content"],
      ["c", null],
      ["d", null],
    ]);
  });

  test("without a visibility function (no optional content in the PDF) everything is shown", () => {
    const r = run([["beginMarkedContentProps", ["OC", { type: "OCG", id: "oc-off" }]], ...text("a")]);
    expect(hiddenBy(r)).toEqual([["a", null]]);
  });

  test("an unbalanced EMC does not unhide or break what follows", () => {
    const r = run(
      [["endMarkedContent", []], ["beginMarkedContentProps", ["OC", { type: "OCG", id: "oc-off" }]], ...text("a")],
      off,
    );
    expect(hiddenBy(r)).toEqual([["a", "optional-content"]]);
  });
});

describe("clipping", () => {
  test("text outside the clip box is marked, text inside is not, and Q restores the clip", () => {
    const r = run([
      ["save", []],
      ["eoClip", []],
      // user-space box 0..100 x 690..720 (top-down 72..102): the text at y=700 sits inside it
      ["constructPath", [OPS.endPath, [], [0, 690, 100, 720]]],
      ...text("in"),
      ["restore", []],
      ["save", []],
      ["clip", []],
      ["constructPath", [OPS.endPath, [], [300, 0, 310, 10]]],
      ...text("out"),
      ["restore", []],
      ...text("free"),
    ]);
    expect(hiddenBy(r)).toEqual([
      ["i", null],
      ["n", null],
      ["o", "clip"],
      ["u", "clip"],
      ["t", "clip"],
      ["f", null],
      ["r", null],
      ["e", null],
      ["e", null],
    ]);
  });

  test("outsideClip: no clip, an empty clip, inside, on the edge, outside", () => {
    expect(outsideClip(null, 5, 5)).toBe(false);
    expect(outsideClip({ x0: 0, y0: 0, x1: 0, y1: 0 }, 0, 0)).toBe(true);
    expect(outsideClip({ x0: 0, y0: 0, x1: 10, y1: 10 }, 5, 5)).toBe(false);
    expect(outsideClip({ x0: 0, y0: 0, x1: 10, y1: 10 }, 10.3, 5)).toBe(false);
    expect(outsideClip({ x0: 0, y0: 0, x1: 10, y1: 10 }, 12, 5)).toBe(true);
  });
});

describe("rotated text", () => {
  test("a glyph that is not upright carries its baseline direction and its origin", () => {
    const up = run([["transform", [0, 1, -1, 0, 300, 300]], ...text("r")]);
    const g = up.glyphs[0]!;
    expect(g.upright).toBe(false);
    // user space turned 90 degrees counter-clockwise: on the top-down page the baseline runs up
    expect(g.dir![0]).toBeCloseTo(0, 6);
    expect(g.dir![1]).toBeCloseTo(-1, 6);
    expect(g.width).toBeCloseTo(5, 6);
    const flat = run(text("u"));
    expect(flat.glyphs[0]!.dir).toBeUndefined();
  });
});

describe("images the first read leaves out", () => {
  test("a placement that paints nothing before Q is a probable image area; one that paints is not", () => {
    const r = run([
      ["save", []],
      ["transform", [100, 0, 0, 50, 10, 10]],
      ["dependency", ["img_p0_1"]],
      ["restore", []],
      ["save", []],
      ["transform", [1, 0, 0, 1, 300, 300]],
      ...text("x"),
      ["restore", []],
      ["save", []],
      ["transform", [0.5, 0, 0, 0.5, 0, 0]],
      ["restore", []],
    ]);
    expect(r.areas.map((a) => [a.x0, a.y0, a.x1, a.y1, a.fill])).toEqual([[10, 732, 110, 782, "placement"]]);
  });
});
