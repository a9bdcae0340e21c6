import { composeAccents } from "./accents.ts";
import { isRightToLeft, toLogicalOrder } from "./bidi.ts";
import { SOFT_HYPHEN } from "./glyph-cleanup.ts";
import type { Segment, StyledGlyph, StyleRun } from "./layout-types.ts";
import { joinDrawnOver, writtenOrder } from "./shaped-clusters.ts";

/**
 * Glyphs -> rows (shared baseline) -> segments (runs without a gap wider than about an em).
 * Segments are the unit of layout analysis: a right-aligned date, the second column of a two-column
 * page and a tab-separated URL are all separate segments of the same row.
 */

/** Gap (in ems) that ends a segment. Word spaces are ~0.25-0.6 em even in loose justified text. */
export const SEGMENT_GAP_EM = 1.0;
/** Gap (in ems) above the usual letter gap that counts as a word space when no space glyph exists. */
const WORD_GAP_EM = 0.1;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const first = values[0]!;
  if (values.every((v) => v === first)) return first;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The value most glyphs carry (the first to reach the highest count); one value throughout needs no count. */
function mostCommon<T>(values: T[], fallback: T): T {
  if (values.length === 0) return fallback;
  const first = values[0] as T;
  if (values.every((v) => v === first)) return first;
  const counts = new Map<T, number>();
  let best = fallback;
  let bestN = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestN) {
      best = v;
      bestN = n;
    }
  }
  return best;
}

/**
 * Group items whose baselines agree within `tolerance` ems into rows, top to bottom. Each row is
 * anchored on its first item, so a slow drift cannot chain unrelated baselines together.
 */
export function groupByBaseline<T extends { y: number; size: number; x: number }>(
  items: T[],
  tolerance: number,
): T[][] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: T[][] = [];
  let row: T[] = [];
  let anchorY = 0;
  let anchorSize = 0;
  for (const g of sorted) {
    if (row.length > 0 && Math.abs(g.y - anchorY) <= tolerance * Math.min(g.size, anchorSize) + 0.2) {
      row.push(g);
      continue;
    }
    if (row.length > 0) rows.push(row);
    row = [g];
    anchorY = g.y;
    anchorSize = g.size;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** Runs of equal style over the characters (spaces join the run around them). */
function styleRuns(charGlyph: Array<StyledGlyph | null>): StyleRun[] {
  const runs: StyleRun[] = [];
  charGlyph.forEach((g, i) => {
    if (!g) return;
    const last = runs[runs.length - 1];
    if (
      last &&
      last.font === g.font &&
      last.bold === g.bold &&
      last.italic === g.italic &&
      Math.abs(last.size - g.size) <= 0.3
    ) {
      last.end = i + 1;
    } else {
      runs.push({ start: i, end: i + 1, font: g.font, size: g.size, bold: g.bold, italic: g.italic });
    }
  });
  return runs;
}

/** A glyph that puts ink on the page (not a space). */
function isInk(g: StyledGlyph): boolean {
  const t = g.text;
  return t.length === 1 ? t.charCodeAt(0) > 32 : t.trim() !== "";
}

function makeSegment(glyphs: StyledGlyph[]): Segment | null {
  const ink = glyphs.map(isInk);
  const gaps: number[] = [];
  const inks: StyledGlyph[] = [];
  let bold = 0;
  let italic = 0;
  let x0 = Infinity;
  let x1 = -Infinity;
  let first: StyledGlyph | null = null;
  for (let i = 0; i < glyphs.length; i++) {
    if (!ink[i]) continue;
    const g = glyphs[i]!;
    first ??= g;
    inks.push(g);
    if (g.bold) bold++;
    if (g.italic) italic++;
    x0 = Math.min(x0, g.x);
    x1 = Math.max(x1, g.x + g.width);
    if (i > 0 && ink[i - 1]) {
      const a = glyphs[i - 1]!;
      gaps.push(g.x - (a.x + a.width));
    }
  }
  if (!first) return null;
  const letterGap = gaps.length >= 4 ? Math.max(0, median(gaps)) : 0;
  const chars: string[] = [];
  const charBoxes: Array<[number, number]> = [];
  const charGlyph: Array<StyledGlyph | null> = [];
  const space = (box: [number, number]) => {
    chars.push(" ");
    charBoxes.push(box);
    charGlyph.push(null);
  };
  let prev: StyledGlyph | null = null;
  let prevInk = false;
  let lastSpace = true; // no leading space
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    if (!ink[i]) {
      if (!lastSpace) space([g.x, g.x + g.width]);
      lastSpace = true;
      prev = g;
      prevInk = false;
      continue;
    }
    if (
      prev &&
      prevInk &&
      !lastSpace &&
      g.x - (prev.x + prev.width) > letterGap + WORD_GAP_EM * Math.max(g.size, prev.size)
    ) {
      space([prev.x + prev.width, g.x]);
    }
    if (g.text.length === 1) {
      chars.push(g.text === SOFT_HYPHEN ? "-" : g.text);
      charBoxes.push([g.x, g.x + g.width]);
      charGlyph.push(g);
    } else {
      const parts = [...g.text];
      const w = g.width / parts.length;
      parts.forEach((ch, k) => {
        for (let u = 0; u < ch.length; u++) {
          chars.push(u === 0 ? (ch === SOFT_HYPHEN ? "-" : ch.slice(0, 1)) : ch.slice(u, u + 1));
          charBoxes.push([g.x + k * w, g.x + (k + 1) * w]);
          charGlyph.push(g);
        }
      });
    }
    lastSpace = false;
    prev = g;
    prevInk = true;
  }
  while (chars.length > 0 && chars[chars.length - 1] === " ") {
    chars.pop();
    charBoxes.pop();
    charGlyph.pop();
  }
  if (isRightToLeft(chars)) {
    const logical = toLogicalOrder(chars, charBoxes, charGlyph);
    chars.splice(0, chars.length, ...logical.chars);
    charBoxes.splice(0, charBoxes.length, ...logical.boxes);
    charGlyph.splice(0, charGlyph.length, ...logical.glyphs);
  }
  return {
    text: chars.join(""),
    charBoxes,
    x0,
    x1,
    y: median(inks.map((g) => g.y)),
    size: median(inks.map((g) => g.size)),
    bold: bold / inks.length >= 0.6,
    italic: italic / inks.length >= 0.6,
    font: mostCommon(
      inks.map((g) => g.font),
      first.font,
    ),
    fill: mostCommon(
      inks.map((g) => g.fill),
      first.fill,
    ),
    runs: styleRuns(charGlyph),
  };
}

/** Split one row (any order) into segments, left to right. */
export function splitRow(row: StyledGlyph[]): Segment[] {
  const sorted = writtenOrder([...row].sort((a, b) => a.x - b.x));
  const out: Segment[] = [];
  let cur: StyledGlyph[] = [];
  let lastInk: StyledGlyph | null = null;
  for (const g of sorted) {
    if (lastInk && g.text.trim()) {
      const gap = g.x - (lastInk.x + lastInk.width);
      if (gap > SEGMENT_GAP_EM * Math.max(g.size, lastInk.size)) {
        const seg = makeSegment(cur);
        if (seg) out.push(seg);
        cur = [];
      }
    }
    cur.push(g);
    if (g.text.trim()) lastInk = g;
  }
  const seg = makeSegment(cur);
  if (seg) out.push(seg);
  return out;
}

/** Every segment of a page: glyphs on one exact baseline, split where the gap is wide. */
export function buildSegments(glyphs: StyledGlyph[]): Segment[] {
  return groupByBaseline(composeAccents(joinDrawnOver(glyphs)), 0.2).flatMap(splitRow);
}

/**
 * Segments grouped into rows (top to bottom, each row left to right). Looser than the glyph
 * baseline test so a superscript or a smaller right-aligned date stays on its title's row.
 */
export function segmentRows(segments: Segment[]): Segment[][] {
  return groupByBaseline(
    segments.map((s) => ({ ...s, x: s.x0 })),
    0.35,
  ).map((row) => row.map(({ x: _x, ...s }) => s as Segment).sort((a, b) => a.x0 - b.x0));
}
