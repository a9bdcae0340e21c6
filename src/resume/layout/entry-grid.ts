import { isRightToLeft } from "./bidi.ts";
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
 * A grid is columns of entries whose tops align per row, not rows of equal count: a card without a
 * link line leaves its cell empty on that row, so a row with fewer cells goes on in a style the
 * full rows have, or as a detail line at a line's distance under the row above and no larger than
 * the titles (a heading, set apart and larger, ends the grid). On a page with right-to-left text
 * the cells may start at their right edges, and the rightmost cell column is read first.
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

/** Baselines of a detail line and the line above it are at most this many of its sizes apart. */
const DETAIL_LEADING = 1.6;

/** Where a cell starts: its left edge, or its right edge in right-to-left text. */
type Edge = (s: Segment) => number;
const LEFT: Edge = (s) => s.x0;
const RIGHT: Edge = (s) => s.x1;

/** Does every cell of the row start at one of the anchors, at most one cell per anchor? */
function fits(segs: Segment[], anchors: number[], edge: Edge): boolean {
  const used = new Set<number>();
  for (const s of segs) {
    const a = anchors.findIndex((x) => Math.abs(x - edge(s)) <= ALIGN_PT);
    if (a < 0 || used.has(a)) return false;
    used.add(a);
  }
  return true;
}

/** A row with fewer cells, in a style no full row has, set as the next line under the row above. */
function detailLine(row: OrderedRow, above: OrderedRow, title: Segment): boolean {
  const s = row.segments[0]!;
  const size = Math.max(s.size, above.segments[0]!.size);
  return s.size <= title.size && row.segments[0]!.y - above.segments[0]!.y <= DETAIL_LEADING * size;
}

/** The grid starting at row `from`, as [end (exclusive), anchors], or null. */
function gridAt(rows: OrderedRow[], from: number, edge: Edge): [number, number[]] | null {
  const first = rows[from]!;
  if (first.segments.length < 2 || !uniformRow(first.segments)) return null;
  const anchors = first.segments.map(edge);
  // a row with fewer cells goes on only in a style the full rows have (a heading below ends the grid)
  const fullStyles = new Set([styleKey(first.segments[0]!)]);
  let end = from + 1;
  while (end < rows.length) {
    const r = rows[end]!;
    if (r.column !== first.column || !uniformRow(r.segments) || !fits(r.segments, anchors, edge)) break;
    const key = styleKey(r.segments[0]!);
    if (r.segments.length === anchors.length) fullStyles.add(key);
    else if (!fullStyles.has(key) && !detailLine(r, rows[end - 1]!, first.segments[0]!)) break;
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
  // a page that sets segments right to left (its headings, its roles) may align cells on their right edges
  const rtl = rows.some((r) => r.segments.some((s) => isRightToLeft([...s.text])));
  for (let i = 0; i < rows.length; ) {
    const left = gridAt(rows, i, LEFT);
    const grid = left ?? (rtl ? gridAt(rows, i, RIGHT) : null);
    if (!grid) {
      out.push(rows[i]!);
      i++;
      continue;
    }
    const edge = left ? LEFT : RIGHT;
    const [end, found] = grid;
    const anchors = rtl ? [...found].sort((a, b) => b - a) : found;
    for (const x of anchors) {
      const c = column++;
      for (const r of rows.slice(i, end)) {
        const cell = r.segments.filter((s) => Math.abs(edge(s) - x) <= ALIGN_PT);
        if (cell.length) out.push({ segments: cell, column: c });
      }
    }
    i = end;
  }
  return out;
}
