import type { Line, Segment } from "../layout/layout-types.ts";
import { findDateRange } from "./dates.ts";

/**
 * Entries whose dates stand in a column LEFT of the title ("2019 – 2021<tab>Title | Stack", the way
 * Word-like CVs and moderncv-style layouts set them) are read like entries whose dates stand right
 * of the title: the leading date is moved to the end of the line. A date leads a line when it is its
 * whole first segment (a tab stop's gap follows) or when the style changes right after it
 * ("Mar 2022 – Apr 2023 **Beaconkit**", a date too wide for its tab stop). Pure.
 */

function slice(s: Segment, from: number, to: number): Segment {
  const runs = s.runs
    .filter((r) => r.end > from && r.start < to)
    .map((r) => ({ ...r, start: Math.max(r.start, from) - from, end: Math.min(r.end, to) - from }));
  const boxes = s.charBoxes.slice(from, to);
  const lead = runs[0];
  return {
    ...s,
    text: s.text.slice(from, to),
    charBoxes: boxes,
    x0: boxes[0]?.[0] ?? s.x0,
    x1: boxes[boxes.length - 1]?.[1] ?? s.x1,
    runs,
    ...(lead ? { bold: lead.bold, italic: lead.italic, font: lead.font, size: lead.size } : {}),
  };
}

/** Where the leading date of a segment ends, if the segment starts with one; else -1. */
function leadingDateEnd(s: Segment): number {
  const d = findDateRange(s.text);
  return d?.index === 0 ? d.length : -1;
}

/** The line with a leading date column moved to its end; the line itself when it has none. */
export function dateToEnd(line: Line): Line {
  const [first, ...rest] = line.segments;
  if (!first) return line;
  const end = leadingDateEnd(first);
  if (end < 0) return line;
  let date: Segment;
  let after: Segment[];
  if (first.text.slice(end).trim() === "") {
    if (rest.length === 0 || !/\p{L}/u.test(rest[0]!.text)) return line;
    date = first;
    after = rest;
  } else {
    // one segment: only a change of style right after the date sets a title apart from it
    const start = end + (first.text.slice(end).length - first.text.slice(end).trimStart().length);
    const boundary = first.runs.some((r) => r.start >= end && r.start <= start && r.start > 0);
    if (!boundary || !/\p{L}/u.test(first.text.slice(start))) return line;
    date = slice(first, 0, end);
    after = [slice(first, start, first.text.length), ...rest];
  }
  const segments = [...after, date];
  const lead = segments[0]!;
  // the line now starts where its title does: a date right-aligned in a margin ("2015" beside
  // "2013–2014") moves every line's left edge, the titles' edge stays
  return {
    ...line,
    segments,
    x0: lead.x0,
    text: segments.map((s) => s.text).join("  "),
    bold: lead.bold,
    italic: lead.italic,
    font: lead.font,
  };
}
