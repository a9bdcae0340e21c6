import type { EvaluatorForWidths, FontProps, PdfDict, PdfJsInternals } from "./pdfjs-internals.ts";

/**
 * pdf.js's `PartialEvaluator.extractWidths` (pdf.js 6.1.200), which reads a font's glyph widths
 * (`Widths`, or a CID font's `W`/`W2`) and decides whether it is monospace, written out with two
 * loops made cheap; the arrays and flags it leaves are the same (see `.patches/README.md`).
 * Chromium gives its CID fonts `W` ranges over tens of thousands of unused glyphs (`867 16578 1000`),
 * and pdf.js's two loops over them cost 2-5 ms per such font, run a few times per document, never
 * warm enough to be compiled:
 * - a range entry (`first last width`) was written one index at a time: it is written with one
 *   `Array.fill` after extending the array's length, which gives the same array (length, holes and
 *   values); a range with a negative start keeps the loop (`fill` would count it from the end);
 * - the monospace check walked the widths with `for...in`, which has JavaScriptCore list every index
 *   as a string first, though the walk stops at the second different width: it walks the indices in
 *   the same order (ascending, then any other keys in the order `for...in` lists them); an array
 *   longer than 65536 entries (more than a CID range) keeps the `for...in` walk.
 */

const MAX_INDEXED_WALK = 65536;

type Fetch = (value: unknown) => unknown;

/**
 * The entries of a CID font's `W` or `W2` array, where pdf.js's loops stop: `c [...]` hands its list,
 * `cFirst cLast v...` its range with the next `rangeValues` values.
 */
function forEachCidEntry(
  array: unknown,
  fetch: Fetch,
  rangeValues: number,
  onList: (start: number, list: unknown[]) => void,
  onRange: (first: number, last: number, values: unknown[]) => void,
): void {
  if (!Array.isArray(array)) return;
  for (let i = 0, n = array.length; i < n; i++) {
    const start = fetch(array[i++]);
    if (!Number.isInteger(start)) break;
    const code = fetch(array[i]);
    if (Array.isArray(code)) onList(start as number, code);
    else if (Number.isInteger(code)) {
      const values: unknown[] = [];
      for (let k = 0; k < rangeValues; k++) values.push(fetch(array[++i]));
      onRange(start as number, code as number, values);
    } else break;
  }
}

/** A CID font's `W` array: `c [w1 w2 ...]` or `cFirst cLast w`. */
function readCidWidths(w: unknown, fetch: Fetch, widths: number[]): void {
  const onList = (start: number, list: unknown[]) => {
    for (const entry of list) {
      const width = fetch(entry);
      if (typeof width === "number") widths[start] = width;
      start++;
    }
  };
  forEachCidEntry(w, fetch, 1, onList, (first, last, [width]) => {
    if (typeof width !== "number") return;
    if (first >= 0 && last >= first) {
      if (widths.length <= last) widths.length = last + 1;
      widths.fill(width, first, last + 1);
    } else for (let c = first; c <= last; c++) widths[c] = width;
  });
}

/** A vertical CID font's `W2` array: `c [w1y v1x v1y ...]` or `cFirst cLast w1y v1x v1y`. */
function readCidVerticalMetrics(pdf: PdfJsInternals, w2: unknown, fetch: Fetch, vmetrics: unknown[]): void {
  const onList = (start: number, list: unknown[]) => {
    for (let j = 0, m = list.length; j < m; j++) {
      const metric = [fetch(list[j++]), fetch(list[j++]), fetch(list[j])];
      if (pdf.isNumberArray(metric, null)) vmetrics[start] = metric;
      start++;
    }
  };
  forEachCidEntry(w2, fetch, 3, onList, (first, last, metric) => {
    if (!pdf.isNumberArray(metric, null)) return;
    for (let c = first; c <= last; c++) vmetrics[c] = metric;
  });
}

/** Whether every non-zero width equals the first one (or the default width): pdf.js's monospace test. */
export function allWidthsEqual(widths: unknown, defaultWidth: number): boolean {
  let same = true;
  let first = defaultWidth;
  const step = (width: unknown) => {
    if (!width) return;
    if (!first) first = width as number;
    else if (first !== width) same = false;
  };
  const table = widths as Record<string, unknown>;
  if (Array.isArray(widths) && widths.length <= MAX_INDEXED_WALK) {
    for (let i = 0; same && i < widths.length; i++) if (i in widths) step(widths[i]);
    // keys that are not array indices come after the indices in a for...in walk
    if (same)
      for (const key of Object.keys(widths))
        if (String(Number(key) >>> 0) !== key || key === "4294967295") step(table[key]);
    return same;
  }
  for (const key in table) {
    step(table[key]);
    if (!same) break;
  }
  return same;
}

/** `extractWidths(dict, descriptor, props)` for `PartialEvaluator.prototype`. */
export function extractWidthsOf(pdf: PdfJsInternals) {
  return function extractWidths(this: EvaluatorForWidths, dict: PdfDict, descriptor: PdfDict, props: FontProps): void {
    const fetch: Fetch = (v) => this.xref.fetchIfRef(v);
    let widths: unknown = [];
    let defaultWidth = 0;
    const vmetrics: unknown[] = [];
    let defaultVMetrics: number[] | undefined;
    if (props.composite) {
      const dw = dict.get("DW");
      defaultWidth = typeof dw === "number" ? Math.ceil(dw) : 1000;
      readCidWidths(dict.get("W"), fetch, widths as number[]);
      if (props.vertical) {
        const dw2 = dict.getArray("DW2");
        const vm = pdf.isNumberArray(dw2, 2) ? (dw2 as number[]) : [880, -1000];
        defaultVMetrics = [vm[1]!, defaultWidth * 0.5, vm[0]!];
        readCidVerticalMetrics(pdf, dict.get("W2"), fetch, vmetrics);
      }
    } else {
      const simple = dict.get("Widths");
      if (Array.isArray(simple)) {
        let code = props.firstChar;
        for (const entry of simple) {
          const width = fetch(entry);
          if (typeof width === "number") (widths as number[])[code] = width;
          code++;
        }
        const missing = descriptor.get("MissingWidth");
        defaultWidth = typeof missing === "number" ? missing : 0;
      } else {
        const baseFont = dict.get("BaseFont");
        if (baseFont instanceof pdf.Name) {
          const metrics = this.getBaseFontMetrics(baseFont.name);
          widths = this.buildCharCodeToWidth(metrics.widths, props);
          defaultWidth = metrics.defaultWidth;
        }
      }
    }
    if (allWidthsEqual(widths, defaultWidth)) props.flags |= pdf.FontFlags.FixedPitch;
    else props.flags &= ~pdf.FontFlags.FixedPitch;
    props.defaultWidth = defaultWidth;
    props.widths = widths;
    props.defaultVMetrics = defaultVMetrics;
    props.vmetrics = vmetrics;
  };
}
