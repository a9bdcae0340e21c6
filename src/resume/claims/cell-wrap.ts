import type { Line } from "../layout/layout-types.ts";

/**
 * A URL or an owner/repo cut at the end of a table cell goes on in the same cell on the lines below
 * ("github.com/" / "jane/" / "ledgerjs"), not at the start of the next line, which is another
 * column's text. The cell's next line is a segment that starts where the cut one starts, right
 * below it, and holds one word. Pure.
 */

/** Ends like a URL or a path cut after a separator: "github.com/", "jane/", "lazy-". */
const CUT = /(?:^|\s)[\w.-]*[/.][\w./-]*[/_-]$|(?:^|\s)[\w-]+\/$/;
/** How many lines a cell's URL may wrap over. */
const MAX_CELL_LINES = 4;

/** The words that continue the last segment of lines[i] in the cell below it, joined ("" if none). */
export function cellContinuation(lines: Line[], i: number): string {
  const line = lines[i]!;
  const seg = line.segments[line.segments.length - 1]!;
  if (line.segments.length < 2 && (lines[i + 1]?.segments.length ?? 0) < 2) return "";
  // a cell's later line is read with the line that starts the cell, not again on its own
  const prev = lines[i - 1];
  if (prev && prev.page === line.page && line.top - prev.bottom <= line.size) {
    const up = prev.segments.find((s) => Math.abs(s.x0 - seg.x0) <= 2);
    if (up && CUT.test(up.text.trim())) return "";
  }
  let text = seg.text.trim();
  let out = "";
  let above = line;
  for (let k = i + 1; k < lines.length && k <= i + MAX_CELL_LINES && CUT.test(text); k++) {
    const next = lines[k]!;
    if (next.page !== line.page || next.top - above.bottom > line.size) break;
    const below = next.segments.find((s) => Math.abs(s.x0 - seg.x0) <= 2);
    // another cell's line on a baseline in between (cells centred vertically) is stepped over
    if (!below && next.segments.every((s) => s.x1 < seg.x0 - 2) && next.y - above.y < above.size * 1.35) continue;
    const word = below?.text.trim() ?? "";
    if (!below || !/^[\w.-][\w./-]*$/.test(word)) break;
    out += word;
    text += word;
    above = next;
  }
  return out;
}
