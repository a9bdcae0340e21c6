import type { Glyph } from "../pdf/raw-document.ts";

/**
 * Rotated text (a label set at 90 degrees in a margin, a heading turned along a sidebar, a page
 * drawn upside down) is read, not skipped: glyphs that share a baseline direction are turned back
 * into an upright frame of their own, where the ordinary segment and row building applies. Pure.
 */

/** Directions closer than this (radians, about 1 degree) are one frame. */
const SAME_DIRECTION = 0.02;

export interface RotatedFrame {
  /** unit baseline direction on the page */
  dir: [number, number];
  /** the frame's glyphs with x along the baseline and y across it (down the text's own lines) */
  glyphs: Glyph[];
}

/** Page coordinates -> the upright frame of text running along `dir`. */
export function toFrame(dir: [number, number], x: number, y: number): [number, number] {
  const [c, s] = dir;
  return [x * c + y * s, -x * s + y * c];
}

/** Group rotated glyphs (those with a `dir`) by direction and turn each group upright. */
export function rotatedFrames(glyphs: Glyph[]): RotatedFrame[] {
  const frames: RotatedFrame[] = [];
  for (const g of glyphs) {
    if (!g.dir) continue;
    const angle = Math.atan2(g.dir[1], g.dir[0]);
    let frame = frames.find((f) => {
      const d = Math.abs(Math.atan2(f.dir[1], f.dir[0]) - angle);
      return Math.min(d, 2 * Math.PI - d) < SAME_DIRECTION;
    });
    if (!frame) {
      frame = { dir: g.dir, glyphs: [] };
      frames.push(frame);
    }
    const [x, y] = toFrame(frame.dir, g.x, g.y);
    frame.glyphs.push({ ...g, x, y, upright: true });
  }
  return frames;
}
