import type { Line } from "../layout/layout-types.ts";
import { type Block, blocksOf } from "./column-blocks.ts";
import type { SectionKind } from "./heading-vocabulary.ts";
import { findHeadingLayout } from "./headings.ts";

export { isCaps, isHeadingShaped } from "./heading-part.ts";
export { findHeadings, headingTitle } from "./headings.ts";

/**
 * Lines in reading order -> sections, cut at the headings headings.ts finds. Lines before the first
 * heading form the header; a column that starts without a heading goes on in the section it
 * continues (see openAbove and continued).
 */

export interface Section {
  kind: SectionKind;
  /** the heading as written (small-caps splits undone); "" for the header block */
  title: string;
  heading: Line | null;
  /** content lines in reading order, heading excluded */
  lines: Line[];
}

/**
 * The section a block that starts without a heading continues: the one open at the end of the
 * block it overlaps most horizontally (relative to the wider of the two) on the latest earlier page
 * that has an overlapping block.
 */
function continued(block: Block<Section>, blocks: Iterable<Block<Section>>): Section | null {
  let best: Block<Section> | null = null;
  let bestOverlap = 0;
  for (const b of blocks) {
    if (b.page >= block.page || !b.open) continue;
    // overlap relative to the wider of the two: a full-width header does not claim a column below it
    const shared = Math.min(b.x1, block.x1) - Math.max(b.x0, block.x0);
    const overlap = shared / Math.max(b.x1 - b.x0, block.x1 - block.x0, 1);
    if (shared <= 0) continue;
    if (!best || b.page > best.page || (b.page === best.page && overlap > bestOverlap)) {
      best = b;
      bestOverlap = overlap;
    }
  }
  return best?.open ?? null;
}

/**
 * The section a column that starts without a heading belongs to, when headings above its first line
 * were read on the same page: the one whose heading is the nearest above. The right half of a grid
 * of entries goes on in the section its row starts in, not in the one the left column ends with,
 * and text under a full-width band goes on in the section above it.
 */
function openAbove(first: Line, sections: Section[]): Section | null {
  let best: Section | null = null;
  for (const s of sections) {
    const h = s.heading;
    if (!h || h.page !== first.page || h.rotated || h.y >= first.y - first.size * 0.5) continue;
    if (!best || h.y > best.heading!.y) best = s;
  }
  return best;
}

/**
 * Split lines (reading order) into sections; lines before the first heading form the header.
 * A column that starts a page without a heading continues the section that was open in the column
 * above it on an earlier page (the block it overlaps most): a sidebar's skills list goes on in the
 * sidebar, not in the main column's section that reading order happens to put before it.
 */
export function detectSections(lines: Line[]): Section[] {
  const { headings, continued: headingSecondLines } = findHeadingLayout(lines);
  const blocks = blocksOf<Section>(lines);
  const sections: Section[] = [{ kind: "header", title: "", heading: null, lines: [] }];
  let current = sections[0]!;
  let block: Block<Section> | null = null;
  lines.forEach((line, i) => {
    const here = blocks.get(`${line.page}:${line.column}`)!;
    const heading = headings.get(i);
    if (here !== block) {
      block = here;
      const from = heading ? null : (openAbove(line, sections) ?? continued(here, blocks.values()));
      if (from) current = from;
    }
    if (heading) {
      current = { kind: heading.kind, title: heading.title, heading: line, lines: [] };
      sections.push(current);
      // a margin heading beside its first entry: the rest of the line is content
      if (heading.content) current.lines.push(heading.content);
    } else if (headingSecondLines.has(i)) {
      const content = headingSecondLines.get(i);
      if (content) current.lines.push(content);
    } else current.lines.push(line);
    here.open = current;
  });
  return sections.filter((s) => s.heading !== null || s.lines.length > 0);
}
