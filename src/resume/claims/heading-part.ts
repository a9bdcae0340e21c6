import { isRightToLeft } from "../layout/bidi.ts";
import type { Line, Segment } from "../layout/layout-types.ts";
import { findDateRange } from "./dates.ts";
import { threshold } from "./heading-thresholds.ts";
import { leadRun } from "./lead-run.ts";

/**
 * The part of one line that can be a section heading, by its shape and style alone (headings.ts decides
 * which of these are headings of the document). Numbers: heading-thresholds.ts.
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
  if (cased.length < threshold("capsMinLetters")) return false;
  return cased.filter((c) => c === c.toUpperCase()).length / cased.length >= threshold("capsShare");
}

/** Text short and plain enough to be a heading: not a bullet, a sentence, a URL or a number. */
function headingText(raw: string): boolean {
  const text = raw.trim();
  if (text.length > threshold("maxChars") || text.length < 2 || letters(text).length < 2) return false;
  if (text.split(/\s+/).length > threshold("maxWords")) return false;
  if (BULLET.test(text) || /[.;,]$/.test(text)) return false;
  return !/@|https?:|www\.|\.com\b|\d{3,}/i.test(text);
}

/** Short, alone on its line, not a bullet, a sentence, a URL or a number. */
export function isHeadingShaped(line: Line): boolean {
  return line.segments.length === 1 && headingText(line.text);
}

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
  /** a right-to-left margin heading: it ends the line, and `rest` (before it) ends at a body edge */
  atRight?: boolean;
}

interface Styled {
  size: number;
  bold: boolean;
  italic: boolean;
  font: string;
}

export function styleDiffers(a: Segment, b: Segment): boolean {
  return (
    a.font !== b.font ||
    Math.abs(a.size - b.size) > threshold("sizeTolerancePt") ||
    a.bold !== b.bold ||
    a.italic !== b.italic ||
    a.fill !== b.fill
  );
}

/** Is `other` set apart from the heading style `h`: smaller, lighter, slanted, or another face? */
function setApart(h: Styled & { text: string }, other: Styled & { text: string }): boolean {
  if (other.size < h.size * threshold("noteSizeRatio")) return true;
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
 * A right-to-left margin heading: the line's last segment (where right-to-left text starts), in a
 * style of its own, with body text a margin gap before it ending at a right body edge.
 */
function rightMarginHeading(line: Line, rightEdges: readonly number[]): HeadingPart | null {
  const n = line.segments.length;
  if (n < 2) return null;
  const last = line.segments[n - 1]!;
  const body = line.segments[n - 2]!;
  if (!isRightToLeft([...last.text]) || !headingText(last.text) || last.runs.length > 1) return null;
  const margin =
    last.x0 - body.x1 >= threshold("marginGapEm") * last.size &&
    rightEdges.some((x) => Math.abs(x - body.x1) <= threshold("edgeTolerancePt")) &&
    styleDiffers(last, body);
  if (!margin) return null;
  const { size, bold, font, x1 } = last;
  return {
    text: last.text.trim(),
    size,
    bold,
    font,
    x1,
    whole: false,
    rest: line.segments.slice(0, -1),
    atRight: true,
  };
}

/** The line's first segment as a heading part, the segments after it as its rest. */
function leadPart(line: Line): HeadingPart {
  const first = line.segments[0]!;
  const { size, bold, font, x1 } = first;
  return { text: first.text.trim(), size, bold, font, x1, whole: false, rest: line.segments.slice(1) };
}

/**
 * The heading part of a line (see the module comment), or null. `bodyEdges` are the x positions
 * where body lines start on the line's page and column: a heading segment followed, a wide gap
 * later, by text at such an edge is a margin heading whatever the style of that text.
 * `bodyRightEdges` are where body lines end: the same, mirrored, for right-to-left text.
 */
export function headingPart(
  line: Line,
  bodyEdges: readonly number[] = [],
  bodyRightEdges: readonly number[] = [],
): HeadingPart | null {
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
  const right = rightMarginHeading(line, bodyRightEdges);
  if (right) return right;
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
      next.x0 - first.x1 >= threshold("marginGapEm") * first.size &&
      bodyEdges.some((x) => Math.abs(x - next.x0) <= threshold("edgeTolerancePt")) &&
      styleDiffers(first, next);
    const note = isNote(
      line.segments
        .slice(1)
        .map((s) => s.text)
        .join(" "),
    );
    if (margin || (note && line.segments.slice(1).every((s) => setApart(h, s)))) return leadPart(line);
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

/**
 * A section number alone in the margin ("2." beside its first entry), the first line of a numbered
 * label that wraps after its number ("2." over "個人開発プロジェクト"): a part of its own, in its own
 * style, with the rest of the line as content. headings.ts takes it only as the first line of a
 * two-line heading whose joined words name a section.
 */
export function numberLead(line: Line, bodyEdges: readonly number[]): HeadingPart | null {
  const [first, next] = line.segments;
  if (!first || !next || !/^\s*\d{1,2}[.)]?\s*$/.test(first.text)) return null;
  const margin =
    next.x0 - first.x1 >= threshold("marginGapEm") * first.size &&
    bodyEdges.some((x) => Math.abs(x - next.x0) <= threshold("edgeTolerancePt"));
  return margin ? leadPart(line) : null;
}
