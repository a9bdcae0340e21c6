import type { Line, Segment } from "../layout/layout-types.ts";
import { toLine } from "../layout/page-layout.ts";
import { type Block, blocksOf } from "./column-blocks.ts";
import { findDateRange } from "./dates.ts";
import { classifyHeading, collapseSplitCaps, type SectionKind } from "./heading-vocabulary.ts";
import { leadRun } from "./lead-run.ts";
import { isHeaderCell } from "./table-header.ts";

/**
 * Which lines are section headings. A heading is found by layout first and words second:
 *  1. heading-shaped text (short, not a bullet or a sentence) whose words name a known section and
 *     whose style stands out (size, weight, capitals, a different font). The heading may be the whole
 *     line, or the start of it: a margin heading beside the body text of its first entry ("PROJECTS
 *     | Relay  2021"), or a heading with a note after it in another style ("Projects (more on
 *     github.com/jane)"). A heading set over two lines in the same style, right under one another
 *     ("PERSONAL" / "PROJECTS" in a narrow margin), is read as one;
 *  2. of those, only the most prominent style level counts, so an italic "Projects" label inside a
 *     job entry does not open a section next to 21pt section headings; a far bigger line with no
 *     peer is the document's title; a sidebar may head its own columns in a style of its own;
 *  3. any other whole line in exactly that style is a heading too, even with words the vocabulary
 *     does not know ("Relevant Classes", "A Day of My Life"), which ends the section before it.
 */

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

/** Text short and plain enough to be a heading: not a bullet, a sentence, a URL or a number. */
function headingText(raw: string): boolean {
  const text = raw.trim();
  if (text.length > 50 || text.length < 2 || letters(text).length < 2) return false;
  if (text.split(/\s+/).length > 6) return false;
  if (BULLET.test(text) || /[.;,]$/.test(text)) return false;
  return !/@|https?:|www\.|\.com\b|\d{3,}/i.test(text);
}

/** Short, alone on its line, not a bullet, a sentence, a URL or a number. */
export function isHeadingShaped(line: Line): boolean {
  return line.segments.length === 1 && headingText(line.text);
}

/** Gap (in ems of the heading) between a margin heading and the body text beside it. */
const MARGIN_GAP_EM = 1.5;

/** The part of a line that can be a heading, in its own style. */
export interface HeadingPart {
  text: string;
  size: number;
  bold: boolean;
  font: string;
  /** right edge of the heading text */
  x1: number;
  /** the whole line is the heading */
  whole: boolean;
  /** segments after the heading on its line (a margin heading's first entry, or a note) */
  rest: Segment[];
}

interface Styled {
  size: number;
  bold: boolean;
  italic: boolean;
  font: string;
}

function styleDiffers(a: Segment, b: Segment): boolean {
  return (
    a.font !== b.font ||
    Math.abs(a.size - b.size) > 0.3 ||
    a.bold !== b.bold ||
    a.italic !== b.italic ||
    a.fill !== b.fill
  );
}

/** Is `other` set apart from the heading style `h`: smaller, lighter, slanted, or another face? */
function setApart(h: Styled & { text: string }, other: Styled & { text: string }): boolean {
  if (other.size < h.size * 0.92) return true;
  if (h.bold && !other.bold) return true;
  if (other.italic && !h.italic) return true;
  return isCaps(h.text) && !isCaps(other.text) && other.font !== h.font;
}

/**
 * A note beside a heading: in brackets ("(more on github.com/jane)", "[selected]") or a link ("— see
 * github.com/jane"); never a date ("Portfolio (Dec, 2021)" is an entry), never a description after
 * a dash ("Portfolio — my site" is an entry), and never after a bullet.
 */
function isNote(text: string): boolean {
  const t = text.trim();
  if (!/^[([{]/.test(t) && !/https?:|www\.|github\.com/i.test(t)) return false;
  return findDateRange(t) === null;
}

/**
 * The heading part of a line (see the module comment), or null. `bodyEdges` are the x positions
 * where body lines start on the line's page and column: a heading segment followed, a wide gap
 * later, by text at such an edge is a margin heading whatever the style of that text.
 */
export function headingPart(line: Line, bodyEdges: readonly number[] = []): HeadingPart | null {
  if (isHeadingShaped(line)) {
    return {
      text: line.text.trim(),
      size: line.size,
      bold: line.bold,
      font: line.font,
      x1: line.x1,
      whole: true,
      rest: [],
    };
  }
  const first = line.segments[0]!;
  // a heading starts with its word, never with a bullet or an arrow
  if (!/^\s*[\p{L}\p{N}]/u.test(first.text)) return null;
  const lead = leadRun(line);
  // a heading segment and, beside it, segments in another style or the body text of a margin layout
  if (line.segments.length >= 2 && headingText(first.text) && lead.end >= first.text.trimEnd().length) {
    const h = { ...first, text: first.text };
    const next = line.segments[1]!;
    // (cells of one style side by side are a table row, "Project | Description | Link", not a heading)
    const margin =
      next.x0 - first.x1 >= MARGIN_GAP_EM * first.size &&
      bodyEdges.some((x) => Math.abs(x - next.x0) <= 3) &&
      styleDiffers(first, next);
    const note = isNote(
      line.segments
        .slice(1)
        .map((s) => s.text)
        .join(" "),
    );
    if (margin || (note && line.segments.slice(1).every((s) => setApart(h, s)))) {
      return {
        text: first.text.trim(),
        size: first.size,
        bold: first.bold,
        font: first.font,
        x1: first.x1,
        whole: false,
        rest: line.segments.slice(1),
      };
    }
  }
  // a heading run and a note after it, in one segment
  const remainder = first.text.slice(lead.end);
  if (line.segments.length === 1 && headingText(lead.text) && /\S/.test(remainder) && isNote(remainder)) {
    const h = { ...lead, text: lead.text };
    const after = first.runs.filter((r) => r.start >= lead.end && /\p{L}/u.test(first.text.slice(r.start, r.end)));
    if (after.length > 0 && after.every((r) => setApart(h, { ...r, text: first.text.slice(r.start, r.end) }))) {
      const x1 = first.charBoxes[lead.end - 1]?.[1] ?? first.x1;
      return { text: lead.text.trim(), size: lead.size, bold: lead.bold, font: lead.font, x1, whole: false, rest: [] };
    }
  }
  return null;
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

function prominence(h: HeadingPart): number {
  return h.size * (h.bold ? 1.15 : 1) * (isCaps(h.text) ? 1.08 : 1);
}

function signature(h: HeadingPart): string {
  return `${h.font}|${Math.round(h.size * 2)}|${h.bold}|${isCaps(h.text)}`;
}

/** The heading text as the section's title: trailing colon dropped, small-caps splits undone. */
export function headingTitle(text: string): string {
  const t = text.trim().replace(/[:：]\s*$/, "");
  const collapsed = collapseSplitCaps(t);
  return collapsed !== t && classifyHeading(collapsed) !== null ? collapsed : t;
}

/** A line this many times as prominent as the section headings is a title, not a heading. */
const TITLE_PROMINENCE = 1.4;

/** A found heading: its kind, its title, and what else its line holds as content (null: nothing, or a note). */
export interface FoundHeading {
  kind: SectionKind;
  title: string;
  content: Line | null;
}

export interface HeadingLayout {
  headings: Map<number, FoundHeading>;
  /** the second line of a heading set over two lines: its heading part is taken; what else it holds is content */
  continued: Map<number, Line | null>;
}

/**
 * Is line `b` the second line of a heading whose first line is `a`: the same style, right under
 * it, both in a margin (left of where the body text of their column starts)? A heading over an entry
 * title in the same style, in the body's own column, is two lines ("PROJECTS" over "Portfolio").
 */
function secondLine(a: Line, pa: HeadingPart, b: Line, pb: HeadingPart | null, edges: number[]): boolean {
  if (!pb || a.page !== b.page || a.column !== b.column || signature(pa) !== signature(pb)) return false;
  if (Math.abs(a.x0 - b.x0) > 3 || b.top - a.bottom >= pa.size * 0.6) return false;
  return edges.some((e) => e > Math.max(pa.x1, pb.x1) + pa.size);
}

const edgeCache = new WeakMap<Line[], Map<string, number[]>>();

/** Share of a column's lines that must start at an x for it to be where the body text starts. */
const BODY_EDGE_SHARE = 0.25;

/**
 * Where body lines start in the page and column of `line`: left edges (to the point) at which at
 * least a quarter of the column's lines, and two or more, start. A right-aligned year or a lone
 * indented line is not one.
 */
function bodyEdgesOf(lines: Line[], line: Line): number[] {
  let byColumn = edgeCache.get(lines);
  if (!byColumn) {
    const counts = new Map<string, Map<number, number>>();
    for (const l of lines) {
      const key = `${l.page}:${l.column}`;
      const m = counts.get(key) ?? new Map<number, number>();
      m.set(Math.round(l.x0), (m.get(Math.round(l.x0)) ?? 0) + 1);
      counts.set(key, m);
    }
    byColumn = new Map(
      [...counts].map(([k, m]) => {
        const total = [...m.values()].reduce((a, b) => a + b, 0);
        return [k, [...m].filter(([, n]) => n >= 2 && n >= BODY_EDGE_SHARE * total).map(([x]) => x)];
      }),
    );
    edgeCache.set(lines, byColumn);
  }
  return byColumn.get(`${line.page}:${line.column}`) ?? [];
}

/** The content a heading part leaves on its line: segments that start where body lines start. */
function contentOf(line: Line, part: HeadingPart, lines: Line[]): Line | null {
  if (part.whole || part.rest.length === 0) return null;
  const x = part.rest[0]!.x0;
  const atBody = bodyEdgesOf(lines, line).some((e) => Math.abs(e - x) <= 3);
  return atBody ? toLine(line.page, line.index, part.rest, line.column) : null;
}

/**
 * Do the headings of style `sig` all follow one heading of another style in the same column, with
 * none of it between them? (A sidebar read before the main column is not a heading over it.)
 */
function nestedStyle(level: number[], lines: Line[], parts: Array<HeadingPart | null>, sig: string): boolean {
  const own = level.filter((i) => signature(parts[i]!) === sig);
  const others = level.filter((i) => signature(parts[i]!) !== sig);
  if (own.length === 0 || others.length === 0) return false;
  const first = own[0]!;
  const last = own[own.length - 1]!;
  const sameColumn = (i: number) => lines[i]!.page === lines[first]!.page && lines[i]!.column === lines[first]!.column;
  return others.some((i) => i < first && sameColumn(i)) && !others.some((i) => i > first && i < last);
}

/** Which lines are section headings (by index into `lines`), their titles, and what else their lines hold. */
export function findHeadingLayout(lines: Line[]): HeadingLayout {
  const bodySize = weightedMedianSize(lines);
  const bodyFont = dominantFont(lines);
  const parts = lines.map((l) => (isHeaderCell(l, lines) ? null : headingPart(l, bodyEdgesOf(lines, l))));
  const texts = parts.map((p) => p?.text ?? "");
  // a heading over two lines: the first line carries the joined text, the second is taken
  const second = new Set<number>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const p = parts[i];
    const edges = bodyEdgesOf(lines, lines[i]!);
    if (!p || second.has(i) || !secondLine(lines[i]!, p, lines[i + 1]!, parts[i + 1] ?? null, edges)) continue;
    const joined = `${p.text} ${parts[i + 1]!.text}`;
    if (classifyHeading(joined) === null) continue;
    texts[i] = joined;
    second.add(i + 1);
  }
  const kinds = parts.map((p, i) => (p && !second.has(i) ? classifyHeading(texts[i]!) : null));
  const standsOut = (p: HeadingPart) => p.size >= bodySize * 1.1 || p.bold || isCaps(p.text) || p.font !== bodyFont;
  const confident: number[] = [];
  parts.forEach((p, i) => {
    if (p && kinds[i] && standsOut(p)) confident.push(i);
  });
  const found = new Set<number>();
  if (confident.length === 0) {
    // Plain documents (monospace, one font): trust the words on short lines of their own.
    lines.forEach((l, i) => {
      if (parts[i]?.whole && kinds[i] && l.text.trim().split(/\s+/).length <= 4) found.add(i);
    });
  } else {
    for (const i of headingLevel(lines, parts, kinds, confident)) found.add(i);
    // Unknown words in the heading style are headings too, unless capitals are all that sets that
    // style apart from the body (then "MIT" or "ACME" would be headings). Only a style that divides
    // the document extends to unknown words: a style whose headings all sit under one heading of
    // another style (bold "Languages" and "Tools" under SKILLS) is a sub-label, and its other lines
    // are content (a bold project name is not a section). Only whole lines: a bold name beside its
    // date is an entry's title, whatever its style.
    const level = [...found];
    const onlyCaps = level.every((i) => {
      const p = parts[i]!;
      return p.font === bodyFont && Math.abs(p.size - bodySize) < 0.5 && !p.bold;
    });
    if (!onlyCaps) {
      const styles = new Set(
        level.map((i) => signature(parts[i]!)).filter((sig) => !nestedStyle(level, lines, parts, sig)),
      );
      parts.forEach((p, i) => {
        if (p?.whole && !second.has(i) && styles.has(signature(p))) found.add(i);
      });
    }
  }
  const headings = new Map<number, FoundHeading>();
  const continued = new Map<number, Line | null>();
  for (const i of [...found].sort((a, b) => a - b)) {
    const line = lines[i]!;
    headings.set(i, {
      kind: kinds[i] ?? "other",
      title: headingTitle(texts[i]!),
      content: contentOf(line, parts[i]!, lines),
    });
    if (second.has(i + 1)) continued.set(i + 1, contentOf(lines[i + 1]!, parts[i + 1]!, lines));
  }
  return { headings, continued };
}

/** The headings of the section level (see the module comment, 2). */
function headingLevel(
  lines: Line[],
  parts: Array<HeadingPart | null>,
  kinds: Array<SectionKind | null>,
  confident: number[],
): number[] {
  const prom = (i: number) => prominence(parts[i]!);
  // The section level is the most prominent style that at least two headings share (one stray
  // big line, like a job title that happens to contain "Stack", does not set the level).
  const levels = [...new Set(confident.map((i) => Math.round(prom(i) * 2) / 2))].sort((a, b) => b - a);
  const top = levels.find((p) => confident.filter((i) => prom(i) >= 0.9 * p).length >= 2) ?? levels[0]!;
  // a line far more prominent than every heading, with no peer, is the document's title (the name,
  // "Jane's resume"), not a section: its words do not open one
  let level = confident.filter((i) => prom(i) >= 0.9 * top && prom(i) < TITLE_PROMINENCE * top);
  // A less prominent style is the section level when its headings name more distinct sections:
  // sub-labels ("Languages", "Tools" in bold inside a sidebar's skills) can outweigh small-caps or
  // small capital headings, but they name only a few kinds of section.
  const distinctKinds = (ix: number[]) => new Set(ix.map((i) => kinds[i])).size;
  const bandAt = (p: number) => confident.filter((i) => prom(i) >= 0.9 * p && prom(i) <= p / 0.9);
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
  return level;
}

/** Which lines are section headings (by index into `lines`), and their kinds. */
export function findHeadings(lines: Line[]): Map<number, SectionKind> {
  return new Map([...findHeadingLayout(lines).headings].map(([i, h]) => [i, h.kind]));
}
