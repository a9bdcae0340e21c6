/**
 * Hand-built layout objects for the pure-function tests: a segment or a line from plain text and a
 * few style facts, with plausible geometry (0.5 em per character).
 */
import type { Line, Segment, StyleRun } from "../../../src/resume/layout/layout-types.ts";

export interface SegOptions {
  x?: number;
  y?: number;
  size?: number;
  bold?: boolean;
  italic?: boolean;
  font?: string;
  /** extra style runs as [text-prefix-length, bold] pairs: the first `n` characters bold, rest not */
  boldPrefix?: number;
}

export function seg(text: string, o: SegOptions = {}): Segment {
  const size = o.size ?? 10;
  const x = o.x ?? 50;
  const w = size * 0.5;
  const font = o.font ?? (o.bold ? "Helvetica-Bold" : o.italic ? "Helvetica-Oblique" : "Helvetica");
  const run = (start: number, end: number, bold: boolean): StyleRun => ({
    start,
    end,
    font: bold ? "Helvetica-Bold" : font,
    size,
    bold,
    italic: o.italic ?? false,
  });
  const runs =
    o.boldPrefix !== undefined && o.boldPrefix < text.length
      ? [run(0, o.boldPrefix, true), run(o.boldPrefix, text.length, false)]
      : [run(0, text.length, o.bold ?? false)];
  return {
    text,
    charBoxes: [...text].map((_, i) => [x + i * w, x + (i + 1) * w] as [number, number]),
    x0: x,
    x1: x + text.length * w,
    y: o.y ?? 100,
    size,
    bold: o.bold ?? false,
    italic: o.italic ?? false,
    font,
    fill: "#000000",
    runs,
  };
}

let nextIndex = 0;

/** A line from segments (or from one text); `index` is assigned in creation order unless given. */
export function line(
  parts: string | Segment[],
  o: SegOptions & { page?: number; index?: number; column?: number } = {},
): Line {
  const segments = typeof parts === "string" ? [seg(parts, o)] : parts;
  const first = segments[0]!;
  const size = first.size;
  const y = first.y;
  return {
    page: o.page ?? 1,
    index: o.index ?? nextIndex++,
    segments,
    text: segments.map((s) => s.text).join("  "),
    x0: Math.min(...segments.map((s) => s.x0)),
    x1: Math.max(...segments.map((s) => s.x1)),
    y,
    top: y - size * 0.75,
    bottom: y + size * 0.25,
    size,
    bold: first.bold,
    italic: first.italic,
    font: first.font,
    fill: "#000000",
    column: o.column ?? 0,
  };
}

/** Lines stacked top to bottom with a fixed leading, indices 0..n-1. */
export function stack(specs: Array<[string, SegOptions?]>, leading = 14, top = 100): Line[] {
  return specs.map(([text, o], i) => line(text, { ...o, y: top + i * leading, index: i }));
}
