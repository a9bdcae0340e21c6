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
  const level = confident.filter((i) => prominence(lines[i]!) >= 0.9 * top);
  for (const i of level) out.set(i, kinds[i]!);
  // Unknown words in the heading style are headings too, unless capitals are all that sets that
  // style apart from the body (then "MIT" or "ACME" would be headings).
  const onlyCaps = level.every((i) => {
    const l = lines[i]!;
    return l.font === bodyFont && Math.abs(l.size - bodySize) < 0.5 && !l.bold;
  });
  if (onlyCaps) return out;
  const styles = new Set(level.map((i) => signature(lines[i]!)));
  lines.forEach((l, i) => {
    if (!out.has(i) && shaped[i] && styles.has(signature(l))) out.set(i, kinds[i] ?? "other");
  });
  return out;
}

/** Lines of one column of one page; `x` is the column's left edge. */
interface Block {
  page: number;
  column: number;
  x: number;
}

/** Left edges of a column closer than this (pt) are the same column position on different pages. */
const SAME_LANE_PT = 15;

function blocksOf(lines: Line[]): Map<string, Block> {
  const blocks = new Map<string, Block>();
  for (const l of lines) {
    const key = `${l.page}:${l.column}`;
    const b = blocks.get(key);
    if (b) b.x = Math.min(b.x, l.x0);
    else blocks.set(key, { page: l.page, column: l.column, x: l.x0 });
  }
  return blocks;
}

/**
 * Split lines (reading order) into sections; lines before the first heading form the header.
 * A column that starts a page without a heading continues the section that was open in the same
 * column position (same left edge) on an earlier page: a sidebar's skills list goes on in the
 * sidebar, not in the main column's section that reading order happens to put before it.
 */
export function detectSections(lines: Line[]): Section[] {
  const headings = findHeadings(lines);
  const blocks = blocksOf(lines);
  const sections: Section[] = [{ kind: "header", title: "", heading: null, lines: [] }];
  /** the last section open in each column position: [left edge, page, section] */
  const lanes: Array<[number, number, Section]> = [];
  let current = sections[0]!;
  let block = "";
  lines.forEach((line, i) => {
    const key = `${line.page}:${line.column}`;
    const here = blocks.get(key)!;
    const kind = headings.get(i);
    if (key !== block) {
      block = key;
      const lane = kind
        ? undefined
        : lanes.findLast(([x, page]) => page < line.page && Math.abs(x - here.x) <= SAME_LANE_PT);
      if (lane) current = lane[2];
    }
    if (kind) {
      current = { kind, title: headingTitle(line.text), heading: line, lines: [] };
      sections.push(current);
    } else current.lines.push(line);
    if (sections.length > 1) lanes.push([here.x, line.page, current]);
  });
  return sections.filter((s) => s.heading !== null || s.lines.length > 0);
}
