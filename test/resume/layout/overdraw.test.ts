import { expect, test } from "bun:test";
import type { StyledGlyph } from "../../../src/resume/layout/layout-types.ts";
import { removeOverdraw } from "../../../src/resume/layout/overdraw.ts";
import { growthRatio, superLinear } from "../../support/growth.ts";

const glyphs = (text: string, x0: number, o: Partial<StyledGlyph> = {}): StyledGlyph[] =>
  [...text].map((ch, i) => ({
    text: ch,
    x: x0 + i * 6,
    y: 100,
    width: 6,
    size: 10,
    bold: false,
    italic: false,
    font: "F",
    fill: "#000000",
    ...o,
  }));

test("text drawn twice with a small offset is kept once and marked bold", () => {
  const out = removeOverdraw([...glyphs("Chess", 50), ...glyphs("Chess", 50.35)]);
  expect(out.map((g) => g.text).join("")).toBe("Chess");
  expect(out.every((g) => g.bold)).toBe(true);
});

test("double letters and repeated words at other places stay", () => {
  const out = removeOverdraw([...glyphs("llama", 50), ...glyphs("llama", 200)]);
  expect(out.map((g) => g.text).join("")).toBe("llamallama");
  expect(out.some((g) => g.bold)).toBe(false);
});

test("a copy one line below is not an overdraw", () => {
  const out = removeOverdraw([...glyphs("abc", 50), ...glyphs("abc", 50, { y: 112 })]);
  expect(out).toHaveLength(6);
});

test("three copies (wkhtmltopdf bold) collapse to one", () => {
  const out = removeOverdraw([...glyphs("银牌", 50), ...glyphs("银牌", 50.3), ...glyphs("银牌", 50.6)]);
  expect(out.map((g) => g.text).join("")).toBe("银牌");
});

test("a hostile row of identical glyphs stays linear", () => {
  const row = (n: number) => Array.from({ length: n }, (_, i) => glyphs("x", i * 6)[0]!);
  expect(removeOverdraw(row(100_000))).toHaveLength(100_000);
  // four times the glyphs: four times the steps (each looks back at a bounded number), not sixteen
  expect(
    growthRatio(
      (scale) => [row(2_000 * scale)],
      ([r]) => removeOverdraw(r!),
    ),
  ).toBeLessThan(superLinear());
});
