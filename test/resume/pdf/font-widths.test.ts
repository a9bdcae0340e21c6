import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { allWidthsEqual } from "../../../src/resume/pdf/font-widths.ts";
import { installPdfJsHooks, setTextOnly } from "../../../src/resume/pdf/pdfjs-hooks.ts";
import { type FontProps, type PdfJsInternals, pdfJsInternals } from "../../../src/resume/pdf/pdfjs-internals.ts";

/**
 * The reader's width loops (font-widths.ts) against pdf.js's own extractWidths, which the reader
 * calls with the switch off: every case must leave the same widths (length, holes, values and any
 * other keys), default width, vertical metrics and FixedPitch flag.
 */

let pdf: PdfJsInternals;
type Extract = (dict: unknown, descriptor: unknown, props: FontProps) => void;
let extract: Extract;

beforeAll(async () => {
  expect(await installPdfJsHooks()).toBe(true);
  pdf = pdfJsInternals()!.internals;
  extract = (pdf.PartialEvaluator.prototype as unknown as { extractWidths: Extract }).extractWidths;
});
afterAll(() => setTextOnly(true));

const dict = (entries: Record<string, unknown>) => ({
  get: (k: string) => entries[k],
  getArray: (k: string) => entries[k],
});

const evaluator = {
  xref: { fetchIfRef: (v: unknown) => v },
  getBaseFontMetrics: () => ({ widths: { 65: 600, 66: 600 }, defaultWidth: 600 }),
  buildCharCodeToWidth: (widths: Record<number, number>) => {
    const out: number[] = [];
    for (const [code, w] of Object.entries(widths)) out[Number(code)] = w;
    return out;
  },
};

/** Everything extractWidths leaves, with holes and extra keys spelled out. */
function leaves(entries: Record<string, unknown>, props: Partial<FontProps>, textOnly: boolean) {
  const p = { flags: 0, firstChar: 0, type: "Type0", ...props } as FontProps;
  setTextOnly(textOnly);
  extract.call(evaluator, dict(entries), dict({ MissingWidth: 250 }), p);
  const widths = p.widths as Record<string, unknown> & { length?: number };
  return {
    keys: Object.keys(widths),
    length: widths.length,
    values: Object.values(widths),
    defaultWidth: p.defaultWidth,
    defaultVMetrics: p.defaultVMetrics,
    vmetrics: Object.entries(p.vmetrics ?? []),
    fixedPitch: (p.flags & pdf.FontFlags.FixedPitch) !== 0,
  };
}

function sameBothWays(entries: Record<string, unknown>, props: Partial<FontProps>) {
  const cheap = leaves(entries, props, true);
  expect(cheap).toEqual(leaves(entries, props, false));
  return cheap;
}

describe("glyph widths read as pdf.js reads them", () => {
  test("a CID font's lists and ranges, a range over tens of thousands of glyphs among them", () => {
    const out = sameBothWays({ DW: 1000, W: [1, [500, 600], 10, 20, 700, 867, 16578, 1000] }, { composite: true });
    expect(out.length).toBe(16579);
    expect(out.fixedPitch).toBe(false);
  });

  test("a range with a negative start writes keys that are not indices, walked after the indices", () => {
    const out = sameBothWays({ DW: 700, W: [-5, -3, 700, 3, [700]] }, { composite: true });
    expect(out.keys).toContain("-5");
    expect(out.fixedPitch).toBe(true);
  });

  test("a range past 65536 glyphs keeps pdf.js's own walk; equal widths are monospace", () => {
    const out = sameBothWays({ DW: 500, W: [0, 66000, 500] }, { composite: true, flags: 0 });
    expect(out.fixedPitch).toBe(true);
  });

  test("a W array that breaks off: a non-integer start, a width that is not a number", () => {
    sameBothWays({ W: [1, 3, "x", 5, [400, null, 450], "bad", 9, 9, 9] }, { composite: true });
  });

  test("a vertical CID font's W2 lists and ranges, and its DW2", () => {
    const out = sameBothWays(
      {
        DW: 1000,
        DW2: [900, -1000],
        W: [0, [1000]],
        W2: [1, [-1000, 500, 880], 5, 8, -1000, 500, 880, 9, [1, "x", 2]],
      },
      { composite: true, vertical: true },
    );
    expect(out.defaultVMetrics).toEqual([-1000, 500, 900]);
    expect(out.vmetrics.length).toBe(5);
  });

  test("a simple font's Widths from FirstChar, its MissingWidth; without Widths, the standard metrics", () => {
    const out = sameBothWays({ Widths: [250, 333, "x", 500] }, { firstChar: 32, flags: pdf.FontFlags.FixedPitch });
    expect(out.keys).toEqual(["32", "33", "35"]);
    expect(out.defaultWidth).toBe(250);
    expect(out.fixedPitch).toBe(false);
    const standard = sameBothWays({ BaseFont: new (pdf.Name as unknown as new (n: string) => unknown)("Courier") }, {});
    expect(standard.fixedPitch).toBe(true);
  });
});

describe("the monospace test", () => {
  test("zero widths and holes are skipped; the default width counts as the first", () => {
    const holes = [0, 500];
    holes[3] = 500;
    expect(allWidthsEqual(holes, 0)).toBe(true);
    expect(allWidthsEqual([500, 600], 0)).toBe(false);
    expect(allWidthsEqual([600], 500)).toBe(false);
    expect(allWidthsEqual({ 3: 500, x: 500 }, 500)).toBe(true);
  });
});
