/**
 * The numbers the heading finder (heading-part.ts, heading-level.ts, headings.ts) decides by, each with
 * what it separates and how it was measured. Like the analysis thresholds, a number here is a named
 * decision: change it only with the measurement beside it. `bun test/bench/heading-sweep.ts` reruns the
 * extractor over the real resumes with one threshold at a time moved to x0.8, x0.9, x0.95, x1.05, x1.1
 * and x1.25 of its value and counts the files whose projects or line sections change (2026-12-01, 110
 * files); the counts are quoted below. A number the real files do not move is held by the unit tests
 * and generated sets that exercise its layout.
 */
export interface HeadingThreshold {
  readonly value: number;
  /** what the number separates, and the measurement behind it */
  readonly reason: string;
}

export const HEADING_THRESHOLDS = {
  capsMinLetters: {
    value: 3,
    reason:
      "cased letters a text needs before it can read as capitals: 'AI', 'C#' or 'Go' are words, not a capitals style. Sweep: no real file changes between 2 and 3.75",
  },
  capsShare: {
    value: 0.85,
    reason:
      "share of cased letters in capitals for text to read as ALL CAPS, so a capitals heading with a lower-case particle stays caps. Sweep over the real resumes: no file changes from 0.68 to 0.93; at 1.0 (capitals only when every letter is one) 10 files change",
  },
  maxChars: {
    value: 50,
    reason:
      "longest heading text, in characters. Sweep: 3 real files change at 40, none from 45 to 47, 1 at 52 and above (a longer line read as a heading)",
  },
  maxWords: {
    value: 6,
    reason:
      "most words in a heading. Sweep: 4 real files change at 4 words, 2 at 5, none at 6, 1 at 7 (a sentence-like line taken as a heading)",
  },
  noteSizeRatio: {
    value: 0.92,
    reason:
      "a note after a heading is set apart when its size is below this share of the heading's (LaTeX's small beside normal size is 0.91). Sweep: no real file changes from 0.74 to 1.15; the notes beside headings of the structures set hold it",
  },
  sizeTolerancePt: {
    value: 0.3,
    reason:
      "two segments differ in size above this many points (producers round one size differently by up to 0.2 pt). Sweep: no real file changes from 0.24 to 0.375",
  },
  sameSizePt: {
    value: 0.5,
    reason:
      "a heading within this many points of the body size, in the body's face and weight, is set apart by capitals alone; such a style is not extended to unknown words ('MIT', 'ACME' would be headings). Sweep: no real file changes from 0.4 to 0.625",
  },
  marginGapEm: {
    value: 1.0,
    reason:
      "gap, in ems of the heading, between a margin heading and the body text beside it: the gap that splits a line into segments at all (segments.ts), since the body edge and the change of style already tell a margin heading from a table cell; a long word in a narrow margin ('EXPERIÊNCIA' 1.13 em from its body) sits closer than 1.5 em. Sweep at 1.5: no real file changed from 1.2 to 1.875",
  },
  edgeTolerancePt: {
    value: 3,
    reason:
      "points within which two left edges are one edge (a bullet's indent is 8-15 pt). Sweep: no real file changes from 2.4 to 3.75",
  },
  secondLineGapEm: {
    value: 0.6,
    reason:
      "largest white gap, in ems of the heading, between the two lines of one heading set over two lines. Sweep: no real file changes from 0.48 to 0.75",
  },
  standsOutSize: {
    value: 1.1,
    reason:
      "a heading in the body's face stands out by size when it is at least this many times the body size. Sweep: 3 real files change at 0.88 and 0.99, 1 at 1.045, none from 1.155 to 1.375; 1.1 is the lowest value that changes nothing",
  },
  levelBand: {
    value: 0.9,
    reason:
      "headings within this ratio of prominence are one style level. Sweep: 20, 7 and 5 real files change at 0.72, 0.81 and 0.855, 3 at 0.945, 31 at 0.99: the most sensitive number here, with no flat range around it",
  },
  boldWeight: {
    value: 1.15,
    reason:
      "prominence factor of a bold heading. Sweep: 5 real files change at 0.92 (bold no more prominent than regular), 1 at 1.035, none at 1.09, 3 at 1.21, 4 at 1.265, 9 at 1.44",
  },
  capsWeight: {
    value: 1.08,
    reason:
      "prominence factor of a capitals heading, below bold's. Sweep: 11 real files change at 0.864, 4 at 0.972, 2 at 1.026, 4 at 1.134 and 1.188, 6 at 1.35: every move changes some file",
  },
  titleProminence: {
    value: 1.4,
    reason:
      "a line this many times as prominent as the section headings, with no peer, is the document's title, not a heading. Sweep: 1 real file changes at 1.12, none from 1.26 to 1.75",
  },
  bodyEdgeShare: {
    value: 0.25,
    reason:
      "share of a column's lines that must start at an x for it to be where the body text starts. Sweep: 2 real files change at 0.2, 1 at 0.225 and 0.2375, none from 0.2625 to 0.3125",
  },
} as const satisfies Record<string, HeadingThreshold>;

/** The value of one threshold (the table above is the single place these numbers are written). */
export function threshold(name: keyof typeof HEADING_THRESHOLDS): number {
  return HEADING_THRESHOLDS[name].value;
}
