import type { Line, Segment, StyleRun } from "../layout/layout-types.ts";

/**
 * The style run a line's text proper starts with: after a bullet glyph or a list number in its own
 * style, and with small capitals (capitals drawn at two sizes) read as one run. Pure.
 */

/** A list item's number or letter on its own: "1.", "2)", "(b)", "iv.". */
const LIST_NUMBER = /^\s*\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]\s*$/;

/** Capitals only (and what is not a letter): a run of a name set in small capitals. */
const CAPITALS = /^[^\p{Ll}]*\p{Lu}[^\p{Ll}]*$/u;
/** No small letters: spaces and hyphens between the capitals of a small-caps name. */
export const NO_SMALL = /^[^\p{Ll}]*$/u;

/**
 * Small capitals drawn as two sizes of capitals ("L" 10pt + "EDGERBOT" 7.5pt, "W" + "EBSITE"):
 * runs of one weight and slant, all capitals, whose sizes differ by less than half are one run.
 */
function smallCapsEnd(seg: Segment, from: number): number {
  const runs = seg.runs;
  const r0 = runs[from]!;
  let end = from;
  const text = (i: number) => seg.text.slice(runs[i]!.start, runs[i]!.end);
  if (!CAPITALS.test(text(from))) return end;
  while (end + 1 < runs.length) {
    const n = runs[end + 1]!;
    const sameFace = n.bold === r0.bold && n.italic === r0.italic;
    const ratio = Math.min(n.size, r0.size) / Math.max(n.size, r0.size);
    if (!sameFace || ratio < 0.6 || !NO_SMALL.test(text(end + 1))) break;
    end++;
  }
  return end;
}

/** The style run that starts the line's text proper (after a bullet glyph). */
export function leadRun(line: Line): StyleRun & { text: string; smallCaps?: boolean } {
  const seg = line.segments[0]!;
  for (const [i, r] of seg.runs.entries()) {
    const text = seg.text.slice(r.start, r.end);
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    // a list number in its own style ("1. **go-anchor**") is a bullet, not the start of the text
    if (LIST_NUMBER.test(text) && i + 1 < seg.runs.length) continue;
    const endAt = smallCapsEnd(seg, i);
    const merged = seg.runs.slice(i, endAt + 1);
    const smallCaps = new Set(merged.map((m) => m.size.toFixed(1))).size > 1;
    return {
      ...r,
      end: merged[merged.length - 1]!.end,
      text: seg.text.slice(r.start, merged[merged.length - 1]!.end),
      smallCaps,
    };
  }
  const r = seg.runs[0] ?? {
    start: 0,
    end: seg.text.length,
    font: seg.font,
    size: seg.size,
    bold: seg.bold,
    italic: seg.italic,
  };
  return { ...r, text: seg.text.slice(r.start, r.end) };
}
