import type { Line } from "../layout/layout-types.ts";
import type { Entry } from "./entry-types.ts";
import { leadRun } from "./lead-run.ts";

/** Name cells of projects tables that wrap over lines. Pure. */

/**
 * The same table row goes on: another cell of `line` continues the sentence of the cell above it
 * (same left edge, the text above unfinished, this text in lower case): "Real-time multiplayer board"
 * / "game with a lobby". A list of one-line entries has no such cell.
 */
function rowGoesOn(above: Line, line: Line): boolean {
  return line.segments
    .slice(1)
    .some((s) =>
      above.segments.some(
        (t) =>
          t !== above.segments[0] &&
          Math.abs(t.x0 - s.x0) <= 2 &&
          !/[.!?:]$/.test(t.text.trim()) &&
          /^\p{Ll}/u.test(s.text.trim()),
      ),
    );
}

/**
 * A name cell wrapped inside a table row ("Music" / "Recommender" beside a three-line description):
 * the next line starts where the title does, in its style, one line below the name's last line, and
 * the row visibly goes on: another cell has a line on a baseline in between (cells centred
 * vertically) or continues its sentence on this line. A list of one-line entries has neither.
 */
export function wrapsNameCell(line: Line, cur: Entry): boolean {
  const title = cur.title;
  const last = cur.nameLines?.at(-1) ?? title;
  if (line.page !== title.page || Math.abs(line.x0 - title.x0) > 2 || title.segments.length < 2) return false;
  const step = line.y - last.y;
  if (step <= 0 || step > last.size * 1.35) return false;
  const between = cur.lines.some((l) => l.page === line.page && l.y > last.y + 0.5 && l.y < line.y - 0.5);
  if (!between && !rowGoesOn(last, line)) return false;
  const lead = leadRun(title);
  if (lead.text.trim() !== title.segments[0]!.text.trim()) return false;
  const next = leadRun(line);
  return next.bold === lead.bold && next.italic === lead.italic && Math.abs(next.size - lead.size) < 0.5;
}
