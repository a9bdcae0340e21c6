import type { Glyph, PaintedArea } from "../pdf/raw-document.ts";
import type { HiddenText } from "../types.ts";

/**
 * Decide, glyph by glyph, whether a reader can see it. Text a reader cannot see but a parser can
 * (white on white, 1pt type, outside the page, painted over, render mode "invisible", outside the
 * clipping path, in an optional-content layer that is off) is the classic
 * keyword-stuffing trick, so it is taken out of the resume text and reported on its own.
 *
 * Deliberately conservative where real resumes do legitimate things: light text on a dark bar or a
 * photo is visible; a page whose text is almost all invisible is an OCR layer over a scan (the scan
 * is what the reader sees), so that text counts as visible.
 */

export type HiddenReason = HiddenText["reason"];

/** Below this effective size (pt) text is unreadable on paper and on screen. */
export const TINY_FONT_PT = 2;
/** Share of invisible glyphs above which a page is taken to be a scanned page with an OCR layer. */
const OCR_LAYER_SHARE = 0.8;

function rgb(fill: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill);
  if (!m) return null;
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

const luminanceCache = new Map<string, number | null>();

/** WCAG relative luminance of "#rrggbb" (0 black .. 1 white), or null for patterns and images. */
export function luminance(fill: string): number | null {
  const hit = luminanceCache.get(fill);
  if (hit !== undefined) return hit;
  const value = computeLuminance(fill);
  if (luminanceCache.size < 4096) luminanceCache.set(fill, value);
  return value;
}

function computeLuminance(fill: string): number | null {
  const c = rgb(fill);
  if (!c) return null;
  const lin = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

/** WCAG contrast ratio between two luminances (1 = identical, 21 = black on white). */
export function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Below this contrast against its background, text is not readable (WCAG's floor is 3 for large text). */
const MIN_CONTRAST = 1.25;

function contains(a: PaintedArea, x0: number, y0: number, x1: number, y1: number, slack: number): boolean {
  return a.x0 - slack <= x0 && a.y0 - slack <= y0 && a.x1 + slack >= x1 && a.y1 + slack >= y1;
}

/**
 * Invisible text laid exactly over vector ink: some producers (Chromium's Skia for synthetic bold
 * or italic faces) draw a run's glyphs as filled outlines and put the same run as invisible text
 * on top, so that it can be selected. The run is then visible. Told apart from stuffing by paint
 * order and shape: the filled path painted right before (or right after) the glyph, among the
 * areas around it, covers the glyph's centre and is line-sized, not a background or a box.
 */
/** Drawn in a mode or paint that puts no ink down itself. */
function isInvisibleInk(g: Glyph): boolean {
  return g.renderMode === 3 || g.renderMode === 7 || g.fill === "transparent" || g.alpha <= 0.05;
}

export function overOutlines(g: Glyph, areas: PaintedArea[], cx: number, cy: number): boolean {
  let before: PaintedArea | undefined;
  let after: PaintedArea | undefined;
  for (const a of areas) {
    if (a.seq < g.seq) before = a;
    else if (!after) after = a;
  }
  const fits = (a: PaintedArea | undefined) =>
    !!a && a.fill.startsWith("#") && a.alpha >= 0.5 && a.y1 - a.y0 <= 2.5 * g.size && contains(a, cx, cy, cx, cy, 1);
  return fits(before) || fits(after);
}

/**
 * Why a glyph is invisible, or null when a reader can see it. `areas` must be in paint order;
 * `ocrPage` says the page is a scan with an invisible OCR layer.
 */
export function hiddenReason(
  g: Glyph,
  areas: PaintedArea[],
  page: { width: number; height: number },
  ocrPage: boolean,
): HiddenReason | null {
  if (g.hiddenBy === "optional-content") return "hidden-layer";
  if (g.hiddenBy === "clip") return "clipped";
  const top = g.y - g.size * 0.75;
  const bottom = g.y + g.size * 0.2;
  const right = g.x + g.width;
  if (right < 0 || g.x > page.width || bottom < 0 || top > page.height) return "off-page";
  const cy = (top + bottom) / 2;
  const cx = g.x + g.width / 2;
  const invisibleMode = g.renderMode === 3 || g.renderMode === 7;
  if ((invisibleMode && !ocrPage) || g.fill === "transparent" || g.alpha <= 0.05) {
    // the text layer of glyphs drawn as outlines is what a reader sees, like an OCR layer over a scan
    return overOutlines(g, areas, cx, cy) ? null : "invisible-render-mode";
  }
  if (g.size < TINY_FONT_PT) return "tiny-font";
  // Painted over: an opaque area drawn later that covers the whole glyph.
  for (let i = areas.length - 1; i >= 0; i--) {
    const a = areas[i]!;
    if (a.seq < g.seq) break;
    if (a.alpha >= 0.99 && a.fill !== "pattern" && a.fill !== "placement" && contains(a, g.x, top, right, bottom, 0.5))
      return "covered";
  }
  const textLum = luminance(g.fill);
  if (textLum === null) return null;
  // The background is the last area painted under the glyph's centre before it, else white paper.
  let bgLum = 1;
  for (let i = areas.length - 1; i >= 0; i--) {
    const a = areas[i]!;
    if (a.seq > g.seq || a.alpha < 0.5 || !contains(a, cx, cy, cx, cy, 0)) continue;
    const l = luminance(a.fill);
    if (l === null) return null; // an image or a gradient: cannot judge, assume readable
    bgLum = l;
    break;
  }
  if (contrast(textLum, bgLum) < MIN_CONTRAST) return textLum >= 0.5 ? "white-fill" : "covered";
  return null;
}

/** True when nearly all of a page's text uses an invisible render mode: a scan with an OCR layer. */
export function isOcrLayerPage(glyphs: Glyph[]): boolean {
  let text = 0;
  let invisible = 0;
  for (const g of glyphs) {
    if (!g.text.trim()) continue;
    text++;
    if (g.renderMode === 3 || g.renderMode === 7) invisible++;
  }
  return text >= 20 && invisible / text >= OCR_LAYER_SHARE;
}

/** Most painted areas a page may have before the rest are ignored (resumes have tens). */
export const MAX_AREAS_PER_PAGE = 10_000;
const BAND_PT = 24;

/**
 * Areas bucketed by horizontal bands of the page, so each glyph only looks at the areas around its
 * own line: keeps hostile pages with many shapes linear instead of glyphs x areas.
 */
function bandIndex(areas: PaintedArea[]): (g: Glyph) => PaintedArea[] {
  const wide: PaintedArea[] = [];
  const bands = new Map<number, PaintedArea[]>();
  for (const a of areas) {
    const b0 = Math.floor(a.y0 / BAND_PT);
    const b1 = Math.floor(a.y1 / BAND_PT);
    if (b1 - b0 > 8) {
      wide.push(a);
      continue;
    }
    for (let b = b0; b <= b1; b++) {
      const list = bands.get(b);
      if (list) list.push(a);
      else bands.set(b, [a]);
    }
  }
  return (g) => {
    const local = bands.get(Math.floor((g.y - g.size * 0.275) / BAND_PT)); // the glyph box centre, as hiddenReason uses
    if (!local) return wide;
    if (wide.length === 0) return local;
    return [...wide, ...local].sort((a, b) => a.seq - b.seq);
  };
}

/** Split a page's glyphs into what a reader sees and what is hidden (with the reason). */
export function partitionVisible(
  glyphs: Glyph[],
  areas: PaintedArea[],
  page: { width: number; height: number },
): { visible: Glyph[]; hidden: Array<{ glyph: Glyph; reason: HiddenReason }>; ocrLayer: boolean } {
  const ocrLayer = isOcrLayerPage(glyphs);
  const sorted = [...areas].sort((a, b) => a.seq - b.seq).slice(0, MAX_AREAS_PER_PAGE);
  const around = bandIndex(sorted);
  const visible: Glyph[] = [];
  const hidden: Array<{ glyph: Glyph; reason: HiddenReason }> = [];
  for (const g of glyphs) {
    const reason = hiddenReason(g, around(g), page, ocrLayer);
    if (reason) hidden.push({ glyph: g, reason });
    else visible.push(!ocrLayer && isInvisibleInk(g) ? { ...g, outlined: true } : g);
  }
  return { visible, hidden, ocrLayer };
}
