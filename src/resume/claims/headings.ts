import type { Line } from "../layout/layout-types.ts";
import { toLine } from "../layout/page-layout.ts";
import { bodyEdgesOf, headingLevel, nestedStyle, signature } from "./heading-level.ts";
import { type HeadingPart, headingPart, isCaps, numberLead } from "./heading-part.ts";
import { threshold } from "./heading-thresholds.ts";
import { classifyHeading, collapseSplitCaps, type SectionKind } from "./heading-vocabulary.ts";
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

/** The heading text as the section's title: trailing colon dropped, small-caps splits undone. */
export function headingTitle(text: string): string {
  const t = text.trim().replace(/[:：]\s*$/, "");
  const collapsed = collapseSplitCaps(t);
  return collapsed !== t && classifyHeading(collapsed) !== null ? collapsed : t;
}

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
  if (
    Math.abs(a.x0 - b.x0) > threshold("edgeTolerancePt") ||
    b.top - a.bottom >= pa.size * threshold("secondLineGapEm")
  )
    return false;
  return edges.some((e) => e > Math.max(pa.x1, pb.x1) + pa.size);
}

/** The content a heading part leaves on its line: segments that start where body lines start. */
function contentOf(line: Line, part: HeadingPart, lines: Line[]): Line | null {
  if (part.whole || part.rest.length === 0) return null;
  const x = part.atRight ? part.rest[part.rest.length - 1]!.x1 : part.rest[0]!.x0;
  const edges = bodyEdgesOf(lines, line, part.atRight ? "right" : "left");
  const atBody = edges.some((e) => Math.abs(e - x) <= threshold("edgeTolerancePt"));
  return atBody ? toLine(line.page, line.index, part.rest, line.column) : null;
}

/**
 * Labels of a label column: margin headings (a label beside its first entry's line) sit at one x in
 * one style. Any other line that starts with a part in that style at that x, beside content at a
 * body edge, is a label too, whether or not its words are known ("शैक्षणिक योग्यता" beside a degree):
 * its place and style make it a heading; its words only name its kind.
 */
function labelColumn(lines: Line[], parts: Array<HeadingPart | null>, level: number[]): number[] {
  const margins = level.filter((i) => !parts[i]!.whole && contentOf(lines[i]!, parts[i]!, lines) !== null);
  if (margins.length < 2) return [];
  const tolerance = threshold("edgeTolerancePt");
  const isLabel = (i: number) =>
    margins.some(
      (m) =>
        lines[m]!.page === lines[i]!.page &&
        lines[m]!.column === lines[i]!.column &&
        Math.abs(lines[m]!.x0 - lines[i]!.x0) <= tolerance &&
        signature(parts[m]!) === signature(parts[i]!),
    );
  return parts.flatMap((p, i) =>
    p && !p.whole && !p.atRight && contentOf(lines[i]!, p, lines) !== null && isLabel(i) ? [i] : [],
  );
}

/** Which lines are section headings (by index into `lines`), their titles, and what else their lines hold. */
export function findHeadingLayout(lines: Line[]): HeadingLayout {
  const bodySize = weightedMedianSize(lines);
  const bodyFont = dominantFont(lines);
  const parts = lines.map((l) =>
    isHeaderCell(l, lines) ? null : headingPart(l, bodyEdgesOf(lines, l), bodyEdgesOf(lines, l, "right")),
  );
  const texts = parts.map((p) => p?.text ?? "");
  // a heading over two lines: the first line carries the joined text, the second is taken
  const second = new Set<number>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const edges = bodyEdgesOf(lines, lines[i]!);
    // a numbered label that wraps after its number: the number is the heading's first line
    const p = parts[i] ?? numberLead(lines[i]!, edges);
    if (!p || second.has(i) || !secondLine(lines[i]!, p, lines[i + 1]!, parts[i + 1] ?? null, edges)) continue;
    const joined = `${p.text} ${parts[i + 1]!.text}`;
    if (classifyHeading(joined) === null) continue;
    parts[i] = p;
    texts[i] = joined;
    second.add(i + 1);
  }
  const kinds = parts.map((p, i) => (p && !second.has(i) ? classifyHeading(texts[i]!) : null));
  const standsOut = (p: HeadingPart) =>
    p.size >= bodySize * threshold("standsOutSize") || p.bold || isCaps(p.text) || p.font !== bodyFont;
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
      return p.font === bodyFont && Math.abs(p.size - bodySize) < threshold("sameSizePt") && !p.bold;
    });
    if (!onlyCaps) {
      const styles = new Set(
        level.map((i) => signature(parts[i]!)).filter((sig) => !nestedStyle(level, lines, parts, sig)),
      );
      parts.forEach((p, i) => {
        if (p?.whole && !second.has(i) && styles.has(signature(p))) found.add(i);
      });
      for (const i of labelColumn(lines, parts, level))
        if (!second.has(i) && styles.has(signature(parts[i]!))) found.add(i);
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

/** Which lines are section headings (by index into `lines`), and their kinds. */
export function findHeadings(lines: Line[]): Map<number, SectionKind> {
  return new Map([...findHeadingLayout(lines).headings].map(([i, h]) => [i, h.kind]));
}
