import type { Line } from "../layout/layout-types.ts";
import { classifyHeading, collapseSplitCaps, type SectionKind } from "./heading-vocabulary.ts";

/**
 * Lines in reading order -> sections. A heading is found by layout first and words second:
 *  1. lines shaped like a heading (short, alone on the line, not a bullet or a sentence) whose words
 *     name a known section and whose style stands out (size, weight, capitals, a different font);
 *  2. of those, only the most prominent style level counts, so an italic "Projects" label inside a
 *     job entry does not open a section next to 21pt section headings;
 *  3. any other heading-shaped line in exactly that style is a heading too, even with words the
 *     vocabulary does not know ("Relevant Classes", "A Day of My Life"), which ends the section
 *     before it.
 */

export interface Section {
  kind: SectionKind;
  /** the heading as written (small-caps splits undone); "" for the header block */
  title: string;
  heading: Line | null;
  /** content lines in reading order, heading excluded */
  lines: Line[];
}

const BULLET = /^[•·◦▪●○■□►▸➢➤✓✔\-–—*]\s*/u;

function letters(text: string): string {
  return text.replace(/[^\p{L}]/gu, "");
}

/** Mostly capital letters (at least three cased letters). */
export function isCaps(text: string): boolean {
  const cased = letters(text)
    .split("")
    .filter((c) => c.toLowerCase() !== c.toUpperCase());
  if (cased.length < 3) return false;
  return cased.filter((c) => c === c.toUpperCase()).length / cased.length >= 0.85;
}

/** Short, alone on its line, not a bullet, a sentence, a URL or a number. */
export function isHeadingShaped(line: Line): boolean {
  const text = line.text.trim();
  if (line.segments.length !== 1 || text.length > 50 || text.length < 2) return false;
  if (letters(text).length < 2) return false;
  if (text.split(/\s+/).length > 6) return false;
  if (BULLET.test(text) || /[.;,]$/.test(text)) return false;
  if (/@|https?:|www\.|\.com\b|\d{3,}/i.test(text)) return false;
  return true;
}

function weightedMedianSize(lines: Line[]): number {
  const items = lines.map((l) => ({ size: l.size, w: l.text.length })).sort((a, b) => a.size - b.size);
  const total = items.reduce((n, i) => n + i.w, 0);
  let acc = 0;
  for (const i of items) {
    acc += i.w;
    if (acc >= total / 2) return i.size;
  }
  return items[0]?.size ?? 10;
}

function dominantFont(lines: Line[]): string {
  const byFont = new Map<string, number>();
  for (const l of lines) byFont.set(l.font, (byFont.get(l.font) ?? 0) + l.text.length);
  let best = "";
  let bestN = -1;
  for (const [f, n] of byFont) if (n > bestN) [best, bestN] = [f, n];
  return best;
}

function prominence(line: Line): number {
  return line.size * (line.bold ? 1.15 : 1) * (isCaps(line.text) ? 1.08 : 1);
}

function signature(line: Line): string {
  return `${line.font}|${Math.round(line.size * 2)}|${line.bold}|${isCaps(line.text)}`;
}

/** The heading text as the section's title: trailing colon dropped, small-caps splits undone. */
export function headingTitle(text: string): string {
  const t = text.trim().replace(/[:：]\s*$/, "");
  const collapsed = collapseSplitCaps(t);
  return collapsed !== t && classifyHeading(collapsed) !== null ? collapsed : t;
}

/**
 * Do the headings of style `sig` all follow one heading of another style in the same column, with
 * none of it between them? (A sidebar read before the main column is not a heading over it.)
 */
function nestedStyle(level: number[], lines: Line[], sig: string): boolean {
  const own = level.filter((i) => signature(lines[i]!) === sig);
  const others = level.filter((i) => signature(lines[i]!) !== sig);
  if (own.length === 0 || others.length === 0) return false;
  const first = own[0]!;
  const last = own[own.length - 1]!;
  const sameColumn = (i: number) => lines[i]!.page === lines[first]!.page && lines[i]!.column === lines[first]!.column;
  return others.some((i) => i < first && sameColumn(i)) && !others.some((i) => i > first && i < last);
}

/** A line this many times as prominent as the section headings is a title, not a heading. */
const TITLE_PROMINENCE = 1.4;

/** Which lines are section headings (by index into `lines`), and their kinds. */
export function findHeadings(lines: Line[]): Map<number, SectionKind> {
  const bodySize = weightedMedianSize(lines);
  const bodyFont = dominantFont(lines);
  const shaped = lines.map(isHeadingShaped);
  const kinds = lines.map((l, i) => (shaped[i] ? classifyHeading(l.text) : null));
  const standsOut = (l: Line) => l.size >= bodySize * 1.1 || l.bold || isCaps(l.text) || l.font !== bodyFont;
  const confident: number[] = [];
  lines.forEach((l, i) => {
    if (kinds[i] && standsOut(l)) confident.push(i);
  });
  const out = new Map<number, SectionKind>();
  if (confident.length === 0) {
    // Plain documents (monospace, one font): trust the words on short lines of their own.
    lines.forEach((l, i) => {
      if (kinds[i] && l.text.trim().split(/\s+/).length <= 4) out.set(i, kinds[i]!);
    });
    return out;
  }
  // The section level is the most prominent style that at least two headings share (one stray
  // big line, like a job title that happens to contain "Stack", does not set the level).
  const levels = [...new Set(confident.map((i) => Math.round(prominence(lines[i]!) * 2) / 2))].sort((a, b) => b - a);
  const top = levels.find((p) => confident.filter((i) => prominence(lines[i]!) >= 0.9 * p).length >= 2) ?? levels[0]!;
  // a line far more prominent than every heading, with no peer, is the document's title (the name,
  // "Jane's resume"), not a section: its words do not open one
  let level = confident.filter((i) => {
    const q = prominence(lines[i]!);
    return q >= 0.9 * top && q < TITLE_PROMINENCE * top;
  });
  // A less prominent style is the section level when its headings name more distinct sections:
  // sub-labels ("Languages", "Tools" in bold inside a sidebar's skills) can outweigh small-caps or
  // small capital headings, but they name only a few kinds of section.
  const distinctKinds = (ix: number[]) => new Set(ix.map((i) => kinds[i])).size;
  const bandAt = (p: number) =>
    confident.filter((i) => {
      const q = prominence(lines[i]!);
      return q >= 0.9 * p && q <= p / 0.9;
    });
  for (const p of levels) {
    if (p >= top) continue;
    const band = bandAt(p);
    if (distinctKinds(band) > distinctKinds(level)) level = band;
  }
  // A sidebar sets its headings in a style of its own: a band of two or more headings in columns that
  // lie beside (never over or under) the columns of the level's headings divides them into sections too.
  const blocks = blocksOf(lines);
  const blockOf = (i: number) => blocks.get(`${lines[i]!.page}:${lines[i]!.column}`)!;
  const beside = (a: Block, b: Block) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) <= 0;
  for (const p of levels) {
    if (p >= TITLE_PROMINENCE * top) continue;
    const taken = level.map(blockOf);
    const band = bandAt(p).filter((i) => !level.includes(i));
    if (band.length >= 2 && band.every((i) => taken.every((b) => beside(b, blockOf(i)))))
      level = [...level, ...band].sort((a, b) => a - b);
  }
  for (const i of level) out.set(i, kinds[i]!);
  // Unknown words in the heading style are headings too, unless capitals are all that sets that
  // style apart from the body (then "MIT" or "ACME" would be headings).
  const onlyCaps = level.every((i) => {
    const l = lines[i]!;
    return l.font === bodyFont && Math.abs(l.size - bodySize) < 0.5 && !l.bold;
  });
  if (onlyCaps) return out;
  // Only a style that divides the document extends to unknown words: a style whose headings all sit
  // under one heading of another style (bold "Languages" and "Tools" under SKILLS) is a sub-label,
  // and its other lines are content (a bold project name is not a section).
  const styles = new Set(level.map((i) => signature(lines[i]!)).filter((sig) => !nestedStyle(level, lines, sig)));
  lines.forEach((l, i) => {
    if (!out.has(i) && shaped[i] && styles.has(signature(l))) out.set(i, kinds[i] ?? "other");
  });
  return out;
}

/** Lines of one column of one page, its horizontal extent, and the section open at its end. */
interface Block {
  page: number;
  x0: number;
  x1: number;
  open: Section | null;
}

function blocksOf(lines: Line[]): Map<string, Block> {
  const blocks = new Map<string, Block>();
  for (const l of lines) {
    const key = `${l.page}:${l.column}`;
    const b = blocks.get(key);
    if (b) {
      b.x0 = Math.min(b.x0, l.x0);
      b.x1 = Math.max(b.x1, l.x1);
    } else blocks.set(key, { page: l.page, x0: l.x0, x1: l.x1, open: null });
  }
  return blocks;
}

/**
 * The section a block that starts without a heading continues: the one open at the end of the
 * block it overlaps most horizontally (relative to the wider of the two) on the latest earlier page
 * that has an overlapping block.
 */
function continued(block: Block, blocks: Iterable<Block>): Section | null {
  let best: Block | null = null;
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
  const headings = findHeadings(lines);
  const blocks = blocksOf(lines);
  const sections: Section[] = [{ kind: "header", title: "", heading: null, lines: [] }];
  let current = sections[0]!;
  let block: Block | null = null;
  lines.forEach((line, i) => {
    const here = blocks.get(`${line.page}:${line.column}`)!;
    const kind = headings.get(i);
    if (here !== block) {
      block = here;
      const from = kind ? null : (openAbove(line, sections) ?? continued(here, blocks.values()));
      if (from) current = from;
    }
    if (kind) {
      current = { kind, title: headingTitle(line.text), heading: line, lines: [] };
      sections.push(current);
    } else current.lines.push(line);
    here.open = current;
  });
  return sections.filter((s) => s.heading !== null || s.lines.length > 0);
}
