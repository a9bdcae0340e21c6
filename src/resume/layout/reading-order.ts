import { findDateRange } from "../claims/dates.ts";
import type { Segment } from "./layout-types.ts";

/**
 * Reading order for one page. Rows of segments come in top to bottom; where a vertical gutter of
 * white space runs through many consecutive rows, the rows are split into a left and a right column
 * that are read one after the other (recursively, so a sidebar inside a column or a skills grid
 * works too). The header above and any full-width part below stay in place.
 *
 * A right-aligned date column is NOT a text column: every date shares its baseline with a title on
 * the left, and the dates share a right edge. Real columns have lines of their own on both sides
 * (different sizes and spacing). Those two tests keep "Title ... 2021" together. A date column on
 * the LEFT, set by a tab stop ("2019 – 2021<tab>Title", Word-like CVs), is not one either: every
 * line it shares with the other side is a date, and those make up most of its lines (the rest are
 * the headings that fit in its width).
 */

export interface OrderedRow {
  segments: Segment[];
  /** 0 for text outside any column split; each column found gets its own number */
  column: number;
}

/** Fewest rows a column band must span. */
const MIN_BAND_ROWS = 8;
/** More rows than this on one page is not a resume page; it is read as one column. */
const MAX_ROWS = 400;
/** Shortest band (pt) that can be a pair of columns rather than a local arrangement. */
const MIN_BAND_HEIGHT_PT = 150;
/** Narrowest white gutter (pt) that can separate columns. */
const MIN_GUTTER_PT = 6;
const EDGE_PAD_PT = 1.5;

interface Band {
  x: number;
  from: number;
  to: number;
}

/** Share of edges that line up (within 3pt) with the most common edge. */
export function alignedShare(edges: number[]): number {
  if (edges.length === 0) return 0;
  const s = [...edges].sort((a, b) => a - b);
  // the most edges within 3pt of one of them: a sliding window over the sorted edges
  let best = 0;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < s.length; i++) {
    while (s[i]! - s[lo]! > 3) lo++;
    if (hi < i) hi = i;
    while (hi + 1 < s.length && s[hi + 1]! - s[i]! <= 3) hi++;
    best = Math.max(best, hi - lo + 1);
  }
  return best / s.length;
}

/**
 * A side whose segments share a right edge but not a left edge is a tab stop (dates, places,
 * page numbers), not a column of text.
 */
function isTabStop(segs: Segment[]): boolean {
  return alignedShare(segs.map((s) => s.x1)) >= 0.6 && alignedShare(segs.map((s) => s.x0)) < 0.6;
}

interface BandStats {
  left: number;
  right: number;
  both: number;
  rows: number;
  height: number;
  /** one side is a right-aligned tab stop */
  tabStop?: boolean;
}

/** A segment that is only a date range ("05/2023 – Present", "2019"). */
function isDate(s: Segment): boolean {
  const t = s.text.trim();
  const d = findDateRange(t);
  return d !== null && d.length >= t.length - 2;
}

/**
 * Paired rows of one side that are all dates, and that are most of its rows or the only ones in
 * their style (its other lines are headings): a date column, not text.
 */
function isDateColumn(paired: Segment[][], own: Segment[][]): boolean {
  if (paired.length < 2 || !paired.every((r) => r.every(isDate))) return false;
  if (paired.length >= own.length) return true;
  const d = paired[0]![0]!;
  return !own.some((r) => r.some((s) => s.bold === d.bold && Math.abs(s.size - d.size) < 0.5));
}

function bandStats(rows: Segment[][], x: number, from: number, to: number): BandStats {
  let left = 0;
  let right = 0;
  let both = 0;
  const leftSegs: Segment[] = [];
  const rightSegs: Segment[] = [];
  const leftPaired: Segment[][] = [];
  const rightPaired: Segment[][] = [];
  const leftOwn: Segment[][] = [];
  const rightOwn: Segment[][] = [];
  for (let r = from; r <= to; r++) {
    const row = rows[r]!;
    const ls = row.filter((s) => s.x1 <= x);
    const rs = row.filter((s) => s.x0 >= x);
    leftSegs.push(...ls);
    rightSegs.push(...rs);
    if (ls.length) left++;
    if (rs.length) right++;
    if (ls.length && rs.length) {
      both++;
      leftPaired.push(ls);
      rightPaired.push(rs);
    } else if (ls.length) leftOwn.push(ls);
    else if (rs.length) rightOwn.push(rs);
  }
  const tabStop =
    isTabStop(rightSegs) ||
    isTabStop(leftSegs) ||
    isDateColumn(leftPaired, leftOwn) ||
    isDateColumn(rightPaired, rightOwn);
  const height = rows[to]![0]!.y - rows[from]![0]!.y;
  return { left, right, both, rows: to - from + 1, height, tabStop };
}

/**
 * Whether a band of rows split at x looks like two real columns (see the module comment): both
 * sides carry several lines, each side has lines of its own that the other side does not pair
 * with, and the band is tall. Fully paired sides are left as rows: reading them row by row keeps a
 * label with its value, which is what a grid or a year column needs.
 */
export function isColumnBand(stats: BandStats): boolean {
  if (stats.rows < MIN_BAND_ROWS || stats.tabStop) return false;
  if (stats.left < 5 || stats.right < 5 || stats.height < MIN_BAND_HEIGHT_PT) return false;
  const leftOnly = stats.left - stats.both;
  const rightOnly = stats.right - stats.both;
  if (leftOnly < 2 || rightOnly < 2) return false;
  if (leftOnly >= 0.25 * stats.left && rightOnly >= 0.25 * stats.right) return true;
  // Two columns set in the same font and leading share many baselines by coincidence; when one side
  // is mostly lines of its own, it is text, not the values of a grid, and the other side needs fewer.
  return (
    (leftOnly >= 0.5 * stats.left && rightOnly >= 0.15 * stats.right) ||
    (rightOnly >= 0.5 * stats.right && leftOnly >= 0.15 * stats.left)
  );
}

/** How far (pt) outside a white gap another page's split line may run and still be the same gutter. */
const KNOWN_GUTTER_SLACK_PT = 6;

/**
 * A band at a gutter the document already uses on another page: two columns set in one font and
 * leading can share nearly every baseline, so there the clear white gutter through a tall band of
 * rows with text on both sides is enough (still never a tab stop or a date column).
 */
function isKnownColumnBand(stats: BandStats): boolean {
  if (stats.rows < MIN_BAND_ROWS || stats.tabStop) return false;
  return stats.left >= 5 && stats.right >= 5 && stats.height >= MIN_BAND_HEIGHT_PT;
}

/**
 * The best column gutter among these rows, or null when the rows read as one column. Candidate
 * gutters start just right of some segment's right edge (a gutter's left side is always one); for
 * each, the runs of consecutive rows that no segment crosses are measured once. `known` are the
 * gutters other pages of the document split at (see isKnownColumnBand).
 */
export function findGutter(rows: Segment[][], known: readonly number[] = []): Band | null {
  if (rows.length < MIN_BAND_ROWS || rows.length > MAX_ROWS) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  const candidates = new Set<number>();
  for (const row of rows)
    for (const s of row) {
      minX = Math.min(minX, s.x0);
      maxX = Math.max(maxX, s.x1);
      // rounded up to a quarter point: rounding down could land back inside the edge pad
      candidates.add(Math.ceil((s.x1 + EDGE_PAD_PT + 0.1) * 4) / 4);
    }
  const seen = new Set<string>();
  let best: Band | null = null;
  let bestScore = -1;
  const consider = (x: number, from: number, to: number) => {
    let gl = -Infinity;
    let gr = Infinity;
    for (let r = from; r <= to; r++)
      for (const s of rows[r]!) {
        if (s.x1 <= x) gl = Math.max(gl, s.x1);
        else gr = Math.min(gr, s.x0);
      }
    const key = `${from}:${to}:${gl}:${gr}`;
    if (seen.has(key) || gr - gl < MIN_GUTTER_PT) return;
    seen.add(key);
    const mid = (gl + gr) / 2;
    const stats = bandStats(rows, mid, from, to);
    // another page's split line runs through this white gap
    const atKnown = known.some((k) => k >= gl - KNOWN_GUTTER_SLACK_PT && k <= gr + KNOWN_GUTTER_SLACK_PT);
    if (!isColumnBand(stats) && !(atKnown && isKnownColumnBand(stats))) return;
    const score = stats.rows * 1000 + (gr - gl);
    if (score > bestScore) {
      bestScore = score;
      best = { x: mid, from, to };
    }
  };
  for (const x of candidates) {
    if (x < minX + 20 || x > maxX - 20) continue;
    let start = -1;
    for (let r = 0; r <= rows.length; r++) {
      const blocked = r === rows.length || rows[r]!.some((s) => s.x0 - EDGE_PAD_PT < x && x < s.x1 + EDGE_PAD_PT);
      if (!blocked) {
        if (start < 0) start = r;
        continue;
      }
      if (start >= 0 && r - start >= MIN_BAND_ROWS) consider(x, start, r - 1);
      start = -1;
    }
  }
  return best;
}

/**
 * Order a page's rows for reading; each returned row keeps its segments left to right. `known` are
 * gutters found on other pages; the x of every gutter split here is pushed onto `found`.
 */
export function orderRows(rows: Segment[][], known: readonly number[] = [], found: number[] = []): OrderedRow[] {
  let nextColumn = 1;
  const walk = (part: Segment[][], column: number, depth: number): OrderedRow[] => {
    const band = depth < 4 ? findGutter(part, known) : null;
    if (!band) return part.map((segments) => ({ segments, column }));
    found.push(band.x);
    const left: Segment[][] = [];
    const right: Segment[][] = [];
    for (let r = band.from; r <= band.to; r++) {
      const row = part[r]!;
      const l = row.filter((s) => s.x1 <= band.x);
      const rt = row.filter((s) => s.x0 >= band.x);
      if (l.length) left.push(l);
      if (rt.length) right.push(rt);
    }
    const leftCol = nextColumn++;
    const rightCol = nextColumn++;
    return [
      ...walk(part.slice(0, band.from), column, depth + 1),
      ...walk(left, leftCol, depth + 1),
      ...walk(right, rightCol, depth + 1),
      ...walk(part.slice(band.to + 1), column, depth + 1),
    ];
  };
  return walk(rows, 0, 0);
}
