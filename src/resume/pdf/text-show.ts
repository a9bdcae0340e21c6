import { type Box, IDENTITY, type Matrix, multiply, num } from "./geometry.ts";
import type { Glyph } from "./raw-document.ts";

/**
 * The graphics and text state of the content interpreter, and what one text-showing operator
 * (Tj, TJ, ', ") puts on the page: one Glyph per character code, positioned by the text matrix, the
 * CTM and the viewport, with the paint state it is drawn in. Whether a reader can see it is decided
 * later (layout/hidden-text.ts) from these facts; here a glyph is only marked when the drawing
 * itself hides it: outside the current clipping path, or inside optional content that is off.
 */

export interface ResolvedFont {
  /** index into the page's font table */
  index: number;
  /** glyph space -> text space; [0.001, 0, 0, 0.001, 0, 0] for most fonts */
  fontMatrix: number[];
  vertical: boolean;
}

export interface State {
  ctm: Matrix;
  /** the viewport times `ctm`, computed when first needed; null whenever `ctm` changes */
  device: Matrix | null;
  fill: string;
  alpha: number;
  renderMode: number;
  font: ResolvedFont | null;
  fontSize: number;
  fontDirection: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
  /** bounding box of the clipping path (a superset of the region that can be painted) */
  clip: Box | null;
}

export function initialState(): State {
  return {
    ctm: IDENTITY,
    device: null,
    fill: "#000000",
    alpha: 1,
    renderMode: 0,
    font: null,
    fontSize: 0,
    fontDirection: 1,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    textMatrix: IDENTITY,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
    clip: null,
  };
}

/** The state saved by `q` (a field-by-field copy: operator lists save and restore tens of thousands of times). */
export function copyState(s: State): State {
  return {
    ctm: s.ctm,
    device: s.device,
    fill: s.fill,
    alpha: s.alpha,
    renderMode: s.renderMode,
    font: s.font,
    fontSize: s.fontSize,
    fontDirection: s.fontDirection,
    charSpacing: s.charSpacing,
    wordSpacing: s.wordSpacing,
    hScale: s.hScale,
    leading: s.leading,
    rise: s.rise,
    textMatrix: s.textMatrix,
    x: s.x,
    y: s.y,
    lineX: s.lineX,
    lineY: s.lineY,
    clip: s.clip,
  };
}

interface PdfJsGlyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

/** Slack (pt) around the clip box: anti-aliasing and rounding never hide a glyph on the edge. */
const CLIP_SLACK_PT = 0.5;

/** Is the point (a glyph's centre) outside the clip box, i.e. nothing of the glyph's middle is painted? */
export function outsideClip(clip: Box | null, x: number, y: number): boolean {
  if (!clip) return false;
  if (clip.x1 <= clip.x0 || clip.y1 <= clip.y0) return true;
  return (
    x < clip.x0 - CLIP_SLACK_PT ||
    x > clip.x1 + CLIP_SLACK_PT ||
    y < clip.y0 - CLIP_SLACK_PT ||
    y > clip.y1 + CLIP_SLACK_PT
  );
}

export interface ShowContext {
  /** user space -> top-down page coordinates for the current state */
  device: Matrix;
  /** inside optional content that is switched off */
  hiddenLayer: boolean;
  nextSeq(): number;
  push(g: Glyph): void;
}

/** Emit the glyphs of one text-showing operator and advance the text position. */
export function showText(s: State, arr: unknown, ctx: ShowContext): void {
  const font = s.font;
  if (!font || s.fontSize === 0 || !Array.isArray(arr)) return;
  const fm0 = num(font.fontMatrix[0], 0.001);
  const advanceScale = s.fontSize * fm0;
  const d = s.hScale * s.fontDirection;
  const base = multiply(ctx.device, multiply(s.textMatrix, [1, 0, 0, 1, s.x, s.y + s.rise]));
  const size = s.fontSize * Math.hypot(base[2], base[3]);
  const upright = !font.vertical && base[0] * d > 0 && Math.abs(base[1]) < 0.05 * Math.abs(base[0]) && base[3] < 0;
  // baseline direction on the page, for text that is not upright (rotated labels, vertical margins)
  const len = Math.hypot(base[0], base[1]) || 1;
  const dir: [number, number] = [(base[0] * Math.sign(d || 1)) / len, (base[1] * Math.sign(d || 1)) / len];
  const withDir = !(upright || font.vertical);
  // a point on the baseline: base applied to (t, 0), written out (this loop runs once per glyph)
  const [m0, m1, m2, m3, m4, m5] = base;
  let advance = 0;
  for (const g of arr as Array<PdfJsGlyph | number>) {
    if (typeof g === "number") {
      advance += (-g * s.fontSize) / 1000;
      continue;
    }
    if (!g || typeof g !== "object") continue;
    const text = typeof g.unicode === "string" ? g.unicode : "";
    const spacing = (g.isSpace ? s.wordSpacing : 0) + s.charSpacing;
    const w = num(g.width) * advanceScale + spacing * s.fontDirection;
    const ta = advance * d;
    const tb = (advance + num(g.width) * advanceScale) * d;
    const ax = m0 * ta + m2 * 0 + m4;
    const ay = m1 * ta + m3 * 0 + m5;
    const bx = m0 * tb + m2 * 0 + m4;
    const by = m1 * tb + m3 * 0 + m5;
    advance += w;
    // the glyph's centre: half way along the advance, a third of the size above the baseline
    const cx = (ax + bx) / 2 + dir[1] * size * 0.3;
    const cy = (ay + by) / 2 - dir[0] * size * 0.3;
    const hiddenBy = ctx.hiddenLayer ? "optional-content" : outsideClip(s.clip, cx, cy) ? "clip" : undefined;
    const glyph = {
      // byte 32 always takes the word spacing, but a subset font may draw any glyph with it
      // (LibreOffice numbers its subsets from 1): the text is what the font maps the code to
      text: (g.isSpace && !text) || /^\s+$/.test(text) ? " " : text,
      x: upright ? Math.min(ax, bx) : ax,
      y: ay,
      width: upright ? Math.abs(bx - ax) : Math.hypot(bx - ax, by - ay),
      size,
      font: font.index,
      fill: s.fill,
      alpha: s.alpha,
      renderMode: s.renderMode,
      upright,
    } as Glyph;
    // keys in this order: ..., upright, dir?, hiddenBy?, seq
    if (withDir) glyph.dir = dir;
    if (hiddenBy) glyph.hiddenBy = hiddenBy;
    glyph.seq = ctx.nextSeq();
    ctx.push(glyph);
  }
  if (font.vertical) s.y -= advance;
  else s.x += advance * d;
}
