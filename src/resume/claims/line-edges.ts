import type { Line } from "../layout/layout-types.ts";

/** Where a section's lines start: at their left edges, or at their right edges when set flush right. Pure. */

/** Edges (pt) of one column's lines that agree within this are one edge. */
const EDGE_PT = 2;

/**
 * The first column's lines are set flush right (right-to-left text, a right-aligned column): they
 * end at one right edge and start ragged, at least twice as many at that edge as at the column's
 * most common left edge (justified text ends at one edge too, but also starts at one), so
 * indentation is measured from the right.
 */
export function flushRight(lines: Line[]): boolean {
  const own = lines.filter((l) => l.column === lines[0]!.column);
  const x1 = Math.max(...own.map((l) => l.x1));
  const right = own.filter((l) => x1 - l.x1 <= EDGE_PT).length;
  const left = Math.max(...own.map((a) => own.filter((l) => Math.abs(l.x0 - a.x0) <= EDGE_PT).length));
  return right >= 3 && right >= 2 * left;
}
