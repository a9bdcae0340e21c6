import type { Entry } from "./entries.ts";
import { isLinkOnly, stripBullet } from "./entries.ts";
import { LINK_LABEL } from "./project-name.ts";

/**
 * A table whose columns were read one after the other leaves its link column as entries of their
 * own: "GitHub", "GitHub", "jane/plant-" / "watering-monitor", each a link and nothing else. A link
 * is attached to the entry title nearest to it: such a link cell goes with the entry whose lines
 * span its row on the page (else the nearest title above it within a few lines), never stands as a
 * project named "GitHub". Pure.
 */

/** A line that is only a link label ("GitHub", "[Code]") or a URL. */
function labelOnly(text: string): boolean {
  const t = stripBullet(text).trim();
  const bare = t.replace(/^[[(]\s*(.*?)\s*[\])]$/, "$1");
  return LINK_LABEL.test(bare) || /^(?:https?:\/\/|www\.)\S+$/i.test(t) || /^[\w.-]+\/[\w.-]*-?$/.test(t);
}

function isLinkCell(entry: Entry): boolean {
  return (
    entry.lines.every((l) => labelOnly(l.text) || isLinkOnly(l) || /^[\w.-]+$/.test(l.text.trim())) &&
    labelOnly(entry.title.text)
  );
}

/** The entry whose rows hold `y` on `page`, else the one whose title is nearest above within `reach`. */
function rowOwner(entries: Entry[], page: number, y: number, reach: number): Entry | null {
  let best: Entry | null = null;
  let bestGap = Infinity;
  for (const e of entries) {
    if (e.title.page !== page) continue;
    const top = Math.min(...e.lines.filter((l) => l.page === page).map((l) => l.top));
    const bottom = Math.max(...e.lines.filter((l) => l.page === page).map((l) => l.bottom));
    if (y >= top - 1 && y <= bottom + 1) return e;
    const gap = y - e.title.y;
    if (gap >= 0 && gap <= reach && gap < bestGap) {
      best = e;
      bestGap = gap;
    }
  }
  return best;
}

/** Move link-cell entries into the entries on their rows; entries that own the cells come back in order. */
export function attachLinkCells(entries: Entry[]): Entry[] {
  const cells = entries.filter(isLinkCell);
  const named = entries.filter((e) => !cells.includes(e));
  if (cells.length === 0 || named.length === 0) return entries;
  const kept = new Set(entries);
  for (const cell of cells) {
    const owner = rowOwner(named, cell.title.page, cell.title.y, cell.title.size * 4);
    if (!owner || owner.title.column === cell.title.column) continue;
    owner.lines.push(...cell.lines);
    kept.delete(cell);
  }
  return entries.filter((e) => kept.has(e));
}
