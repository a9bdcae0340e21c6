import { describe, expect, test } from "bun:test";
import {
  contrast,
  hiddenReason,
  isOcrLayerPage,
  luminance,
  partitionVisible,
} from "../../../src/resume/layout/hidden-text.ts";
import type { Glyph, PaintedArea } from "../../../src/resume/pdf/raw-document.ts";
import { growthRatio, superLinear } from "../../support/growth.ts";

const page = { width: 612, height: 792 };
const g = (o: Partial<Glyph> = {}): Glyph => ({
  text: "a",
  x: 100,
  y: 200,
  width: 5,
  size: 10,
  font: 0,
  fill: "#000000",
  alpha: 1,
  renderMode: 0,
  upright: true,
  seq: 10,
  ...o,
});
const area = (o: Partial<PaintedArea>): PaintedArea => ({
  x0: 0,
  y0: 0,
  x1: 612,
  y1: 792,
  fill: "#ffffff",
  alpha: 1,
  seq: 1,
  ...o,
});

describe("hiddenReason", () => {
  const cases: Array<[string, Glyph, PaintedArea[], string | null]> = [
    ["black on white paper", g(), [], null],
    ["white on white paper", g({ fill: "#ffffff" }), [], "white-fill"],
    ["near-white on white paper", g({ fill: "#fbfbfb" }), [], "white-fill"],
    ["light grey on white paper is still readable", g({ fill: "#999999" }), [], null],
    [
      "white on a dark bar drawn before it",
      g({ fill: "#ffffff" }),
      [area({ x0: 0, y0: 150, x1: 612, y1: 250, fill: "#1a2659", seq: 5 })],
      null,
    ],
    [
      "white on a dark bar drawn AFTER it is covered",
      g({ fill: "#ffffff" }),
      [area({ x0: 0, y0: 150, x1: 612, y1: 250, fill: "#1a2659", seq: 20 })],
      "covered",
    ],
    [
      "white on an image",
      g({ fill: "#ffffff" }),
      [area({ x0: 0, y0: 150, x1: 612, y1: 250, fill: "image", seq: 5 })],
      null,
    ],
    [
      "dark text on a dark box",
      g({ fill: "#111111" }),
      [area({ x0: 0, y0: 150, x1: 612, y1: 250, fill: "#101010", seq: 5 })],
      "covered",
    ],
    ["covered by a white rectangle", g(), [area({ x0: 90, y0: 180, x1: 300, y1: 210, seq: 30 })], "covered"],
    [
      "under a translucent highlight",
      g(),
      [area({ x0: 90, y0: 180, x1: 300, y1: 210, fill: "#ffff00", alpha: 0.4, seq: 30 })],
      null,
    ],
    ["tiny font", g({ size: 0.5 }), [], "tiny-font"],
    ["off the page to the left", g({ x: -400 }), [], "off-page"],
    ["below the page", g({ y: 900 }), [], "off-page"],
    ["render mode 3", g({ renderMode: 3 }), [], "invisible-render-mode"],
    ["render mode 7 (clip only)", g({ renderMode: 7 }), [], "invisible-render-mode"],
    ["fully transparent", g({ alpha: 0 }), [], "invisible-render-mode"],
  ];
  for (const [name, glyph, areas, want] of cases) {
    test(name, () => expect(hiddenReason(glyph, areas, page, false)).toBe(want as never));
  }
  test("invisible text on a scanned page is the OCR layer, not hidden", () => {
    expect(hiddenReason(g({ renderMode: 3 }), [], page, true)).toBeNull();
  });
});

test("isOcrLayerPage needs most text invisible", () => {
  const invisible = Array.from({ length: 30 }, (_, i) => g({ renderMode: 3, x: i * 6 }));
  expect(isOcrLayerPage(invisible)).toBe(true);
  expect(isOcrLayerPage([...invisible.slice(0, 5), ...Array.from({ length: 25 }, () => g())])).toBe(false);
  expect(isOcrLayerPage(invisible.slice(0, 5))).toBe(false);
});

test("partitionVisible splits by reason and keeps order", () => {
  const glyphs = [g({ text: "A" }), g({ text: "B", fill: "#ffffff" }), g({ text: "C", size: 1 })];
  const { visible, hidden } = partitionVisible(glyphs, [], page);
  expect(visible.map((x) => x.text)).toEqual(["A"]);
  expect(hidden.map((h) => [h.glyph.text, h.reason])).toEqual([
    ["B", "white-fill"],
    ["C", "tiny-font"],
  ]);
});

test("luminance and contrast follow WCAG", () => {
  expect(luminance("#ffffff")).toBeCloseTo(1);
  expect(luminance("#000000")).toBeCloseTo(0);
  expect(luminance("pattern")).toBeNull();
  expect(contrast(1, 0)).toBeCloseTo(21);
});

test("a page with many shapes stays linear (hostile input)", () => {
  const glyphs = Array.from({ length: 5000 }, (_, i) =>
    g({ x: (i % 100) * 6, y: 20 + Math.floor(i / 100) * 15, seq: 20_000 + i }),
  );
  const areas = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      area({ x0: i % 600, y0: (i * 7) % 780, x1: (i % 600) + 2, y1: ((i * 7) % 780) + 2, seq: i }),
    );
  const { visible } = partitionVisible(glyphs, areas(20_000), page);
  expect(visible).toHaveLength(5000);
  // four times the shapes over the same text: the work grows with the shapes, not with their square
  const growth = growthRatio<object>(
    (scale) => [glyphs, areas(5_000 * scale)],
    ([text, shapes]) => partitionVisible(text as typeof glyphs, shapes as ReturnType<typeof areas>, page),
  );
  expect(growth).toBeLessThan(superLinear());
});

test("a white glyph on a dark bar found through the band index stays visible", () => {
  const bar = area({ x0: 0, y0: 0, x1: 612, y1: 95, fill: "#1a2659", seq: 1 });
  const { visible } = partitionVisible([g({ y: 55, fill: "#ffffff" })], [bar], page);
  expect(visible).toHaveLength(1);
});

describe("invisible text over its own outlines (Skia synthetic bold)", () => {
  const outline = area({ x0: 98, y0: 192, x1: 160, y1: 201, fill: "#000000", seq: 9 });
  test("is visible, and marked as outlined (read as emphasis)", () => {
    const text = g({ alpha: 0, seq: 10 });
    expect(hiddenReason(text, [outline], page, false)).toBeNull();
    const { visible } = partitionVisible([text], [outline], page);
    expect(visible[0]!.outlined).toBe(true);
  });

  test("the outlines may also come right after the text layer", () => {
    expect(hiddenReason(g({ renderMode: 3, seq: 5 }), [{ ...outline, seq: 6 }], page, false)).toBeNull();
  });

  test("but not over a background, a box much taller than the text, an image, or an area painted earlier", () => {
    const cases: PaintedArea[][] = [
      [area({ fill: "#000000", seq: 9 })],
      [area({ x0: 90, y0: 150, x1: 300, y1: 260, fill: "#333333", seq: 9 })],
      [area({ x0: 98, y0: 192, x1: 160, y1: 201, fill: "image", seq: 9 })],
      [outline, area({ x0: 400, y0: 0, x1: 420, y1: 10, fill: "#000000", seq: 9.5 })],
    ];
    for (const areas of cases)
      expect(hiddenReason(g({ alpha: 0, seq: 10 }), areas, page, false)).toBe("invisible-render-mode");
  });

  test("visible text in the ordinary way is not marked as outlined", () => {
    const { visible } = partitionVisible([g()], [], page);
    expect(visible[0]!.outlined).toBeUndefined();
  });
});

describe("hidden by the drawing", () => {
  test("a layer that is off and a clipping path are reasons of their own", () => {
    expect(hiddenReason(g({ hiddenBy: "optional-content" }), [], page, false)).toBe("hidden-layer");
    expect(hiddenReason(g({ hiddenBy: "clip" }), [], page, false)).toBe("clipped");
  });
});

test("an image placement the reader left out neither covers text nor decides its background", () => {
  const placement = area({ x0: 90, y0: 150, x1: 300, y1: 260, fill: "placement", seq: 20 });
  expect(hiddenReason(g({ seq: 10 }), [placement], page, false)).toBeNull();
  expect(hiddenReason(g({ fill: "#ffffff", seq: 30 }), [{ ...placement, seq: 5 }], page, false)).toBeNull();
});
