/**
 * Shapes shared by the layout stage (glyphs -> segments -> lines in reading order). Coordinates are
 * top-down page units as in raw-document.ts.
 */

/** A visible glyph after cleanup, with the style facts the layout needs. */
export interface StyledGlyph {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  bold: boolean;
  italic: boolean;
  /** font name (document-wide): equal names mean the same font */
  font: string;
  fill: string;
}

/** A stretch of a segment's text in one style (offsets into Segment.text). */
export interface StyleRun {
  start: number;
  end: number;
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
}

/** A run of glyphs on one baseline with no gap wider than about one em. */
export interface Segment {
  text: string;
  /** x range of every character of `text` (same length as text), for joining link rectangles */
  charBoxes: Array<[number, number]>;
  x0: number;
  x1: number;
  /** baseline */
  y: number;
  size: number;
  bold: boolean;
  italic: boolean;
  font: string;
  fill: string;
  /** style runs in text order; "Name: description" lines show a bold run then a regular one */
  runs: StyleRun[];
}

/** One visual line of one column, in reading order. */
export interface Line {
  page: number;
  /** index of this line in the document's reading order */
  index: number;
  segments: Segment[];
  /** the segments joined; a wide gap between segments becomes two spaces */
  text: string;
  x0: number;
  x1: number;
  y: number;
  top: number;
  bottom: number;
  /** the size most of the line's characters have */
  size: number;
  /** most of the letters are bold (a real bold font or text drawn twice) */
  bold: boolean;
  italic: boolean;
  font: string;
  fill: string;
  /** the column (0 = full width / first) the line was read from */
  column: number;
  /**
   * rotated or vertical text, laid out in its own frame (coordinates are not page coordinates, so
   * link rectangles are not joined to it); read after the page's upright text
   */
  rotated?: boolean;
}
