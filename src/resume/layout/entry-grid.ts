import type { Segment } from "./layout-types.ts";
import type { OrderedRow } from "./reading-order.ts";

/**
 * A grid of entries (two or three cells side by side, each a title line over a line or two of
 * details: "Tidepool    Tram Predictor" / "Elixir, 2023    Go, 2023" / "Repository    Repository") is
 * read cell column by cell column, so each cell's lines stay together as one entry. Too short for a
 * column gutter (reading-order.ts), it is told apart from the rows that must stay whole by its shape:
 *  - every row's cells start at the same x positions and share one style within the row (a table
 *    row "**Name** | description | link" mixes styles; "Title ... 2021" has a right-aligned date);
 *  - the rows take turns in at least two styles (a title row, then detail rows), and at least two
 *    rows are title rows: a list of single lines in two columns is not a grid of entries.
 * Pure.
 */

/** Slack (pt) for cells of one grid column to count as starting at the same x. */
const ALIGN_PT = 4;
/** Fewest rows a grid of entries spans (two entries deep, a title and a detail line each). */
const MIN_GRID_ROWS = 4;

function styleKey(s: Segment): string {
  return `${s.font}|${Math.round(s.size * 2)}|${s.bold}|${s.italic}`;
}

/** The row's cells share one style and none is a lone date or year (a date column is not a cell). */
function uniformRow(segs: Segment[]): boolean {
  const key = styleKey(segs[0]!);
  return segs.every((s) => styleKey(s) === key && !/^\s*(?:\d{4}|\p{L}{3,9}\.? \d{4})\s*$/u.test(s.text));
}

/** Column anchors (x0 of each cell) of a row with two or more cells. */
function anchorsOf(segs: Segment[]): number[] {
  return segs.map((s) => s.x0);
}

/** Does every cell of the row start at one of the anchors, at most one cell per anchor? */
function fits(segs: Segment[], anchors: number[]): boolean {
  const used = new Set<number>();
  for (const s of segs) {
    const a = anchors.findIndex((x) => Math.abs(x - s.x0) <= ALIGN_PT);
    if (a < 0 || used.has(a)) return false;
    used.add(a);
  }
  return true;
}

/** The grid starting at row `from`, as [end (exclusive), anchors], or null. */
function gridAt(rows: OrderedRow[], from: number): [number, number[]] | null {
  const first = rows[from]!;
  if (first.segments.length < 2 || !uniformRow(first.segments)) return null;
  const anchors = anchorsOf(first.segments);
  // a row with fewer cells goes on only in a style the full rows have (a heading below ends the grid)
  const fullStyles = new Set([styleKey(first.segments[0]!)]);
  let end = from + 1;
  while (end < rows.length) {
    const r = rows[end]!;
    if (r.column !== first.column || !uniformRow(r.segments) || !fits(r.segments, anchors)) break;
    const key = styleKey(r.segments[0]!);
    if (r.segments.length === anchors.length) fullStyles.add(key);
    else if (!fullStyles.has(key)) break;
    end++;
  }
  const span = rows.slice(from, end);
  if (span.length < MIN_GRID_ROWS) return null;
  const full = span.filter((r) => r.segments.length === anchors.length);
  const titleKey = styleKey(first.segments[0]!);
  const titleRows = full.filter((r) => styleKey(r.segments[0]!) === titleKey).length;
  const styles = new Set(span.map((r) => styleKey(r.segments[0]!)));
  if (full.length < 2 || titleRows < 2 || styles.size < 2) return null;
  return [end, anchors];
}

/**
 * Split the grids of entries among a page's rows into one row per cell, each grid column read top
 * to bottom as a column of its own (numbered from `nextColumn` up).
 */
export function splitEntryGrids(rows: OrderedRow[], nextColumn: number): OrderedRow[] {
  const out: OrderedRow[] = [];
  let column = nextColumn;
  for (let i = 0; i < rows.length; ) {
    const grid = gridAt(rows, i);
    if (!grid) {
      out.push(rows[i]!);
      i++;
      continue;
    }
    const [end, anchors] = grid;
    for (const x of anchors) {
      const c = column++;
      for (const r of rows.slice(i, end)) {
        const cell = r.segments.filter((s) => Math.abs(s.x0 - x) <= ALIGN_PT);
        if (cell.length) out.push({ segments: cell, column: c });
      }
    }
    i = end;
  }
  return out;
}
