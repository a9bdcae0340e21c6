import type { Glyph, RawPage } from "../pdf/raw-document.ts";
import type { HiddenText } from "../types.ts";
import { joinBulletSegment } from "./bullet-segment.ts";
import { splitEntryGrids } from "./entry-grid.ts";
import { cleanGlyphText } from "./glyph-cleanup.ts";
import { type HiddenReason, partitionVisible } from "./hidden-text.ts";
import type { Line, Segment, StyledGlyph } from "./layout-types.ts";
import { removeOverdraw } from "./overdraw.ts";
import { orderRows } from "./reading-order.ts";
import { rotatedFrames } from "./rotated-text.ts";
import { buildSegments, segmentRows } from "./segments.ts";

/**
 * One page from raw glyphs to lines in reading order: hidden text out, glyph noise cleaned, fake
 * bold collapsed, segments built, columns found, grids of entries read cell by cell. Pure.
 */

export interface PageLayout {
  page: number;
  width: number;
  height: number;
  lines: Line[];
  hidden: HiddenText[];
  /** the page is a scan whose text is an invisible OCR layer */
  ocrLayer: boolean;
  /** glyphs in vertical writing mode, left out of the reading order */
  skippedRotated: number;
  /** lines of rotated text (read after the page's upright text) */
  rotatedLines: number;
  /** x of every column gutter the page was split at */
  gutters: number[];
}

function styled(glyphs: Glyph[], page: RawPage): StyledGlyph[] {
  const out: StyledGlyph[] = [];
  for (const g of glyphs) {
    const font = page.fonts[g.font];
    const text = cleanGlyphText(g.text, font?.icon ?? false);
    if (!text) continue;
    out.push({
      text,
      x: g.x,
      y: g.y,
      width: g.width,
      size: g.size,
      // glyphs drawn as outlines under a text layer are a synthetic (emphasised) face
      bold: (font?.bold ?? false) || g.outlined === true,
      italic: font?.italic ?? false,
      font: font?.name || `font-${g.font}`,
      fill: g.fill,
    });
  }
  return out;
}

/** Join a row's segments into a Line. Segments are separated by wide gaps: two spaces mark that. */
export function toLine(page: number, index: number, segments: Segment[], column: number): Line {
  const segs = joinBulletSegment([...segments].sort((a, b) => a.x0 - b.x0));
  const main = segs.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const letters = segs.reduce((n, s) => n + s.text.replace(/\s/g, "").length, 0);
  const boldLetters = segs.reduce((n, s) => n + (s.bold ? s.text.replace(/\s/g, "").length : 0), 0);
  const italicLetters = segs.reduce((n, s) => n + (s.italic ? s.text.replace(/\s/g, "").length : 0), 0);
  const y = main.y;
  return {
    page,
    index,
    segments: segs,
    text: segs.map((s) => s.text).join("  "),
    x0: Math.min(...segs.map((s) => s.x0)),
    x1: Math.max(...segs.map((s) => s.x1)),
    y,
    top: Math.min(...segs.map((s) => s.y - s.size * 0.75)),
    bottom: Math.max(...segs.map((s) => s.y + s.size * 0.25)),
    size: main.size,
    bold: letters > 0 && boldLetters / letters >= 0.6,
    italic: letters > 0 && italicLetters / letters >= 0.6,
    font: main.font,
    fill: main.fill,
    column,
  };
}

function hiddenTexts(page: RawPage, hidden: Array<{ glyph: Glyph; reason: HiddenReason }>): HiddenText[] {
  const byReason = new Map<HiddenReason, Glyph[]>();
  for (const h of hidden) {
    const list = byReason.get(h.reason);
    if (list) list.push(h.glyph);
    else byReason.set(h.reason, [h.glyph]);
  }
  const out: HiddenText[] = [];
  for (const [reason, glyphs] of byReason) {
    const rows = segmentRows(buildSegments(styled(glyphs, page)));
    for (const row of rows) {
      const text = row
        .map((s) => s.text)
        .join(" ")
        .trim();
      if (text) out.push({ text, page: page.number, reason });
    }
  }
  return out;
}

/** Column numbers of rotated text start here, apart from the columns of the upright text. */
const ROTATED_COLUMN = 1000;

/** A page's glyphs sorted into rows, before reading order: what reading order can be redone on. */
export interface PreparedPage {
  page: RawPage;
  rows: Segment[][];
  /** rotated text, one frame per baseline direction, rows per frame */
  rotatedFrames: Segment[][][];
  hidden: HiddenText[];
  ocrLayer: boolean;
  skippedRotated: number;
}

/** Everything of the layout that does not depend on reading order: visible text, rows, rotated frames. */
export function preparePage(page: RawPage): PreparedPage {
  const { visible, hidden, ocrLayer } = partitionVisible(page.glyphs, page.areas, page);
  const upright = visible.filter((g) => g.upright);
  const rotated = visible.filter((g) => !g.upright && g.dir);
  return {
    page,
    rows: segmentRows(buildSegments(removeOverdraw(styled(upright, page)))),
    rotatedFrames: rotatedFrames(rotated).map((f) =>
      segmentRows(buildSegments(removeOverdraw(styled(f.glyphs, page)))),
    ),
    hidden: hiddenTexts(page, hidden),
    ocrLayer,
    skippedRotated: visible.length - upright.length - rotated.length,
  };
}

/**
 * A prepared page in reading order; `firstIndex` numbers lines continuously across pages.
 * `knownGutters` are column gutters found on the document's other pages (reading-order.ts).
 */
export function orderPage(
  prepared: PreparedPage,
  firstIndex: number,
  knownGutters: readonly number[] = [],
): PageLayout {
  const { page } = prepared;
  const gutters: number[] = [];
  const ordered = orderRows(prepared.rows, knownGutters, gutters);
  const rows = splitEntryGrids(ordered, Math.max(0, ...ordered.map((r) => r.column)) + 1);
  const lines = rows.map((r, i) => toLine(page.number, firstIndex + i, r.segments, r.column));
  // rotated text: each baseline direction laid out upright in its own frame, after the page
  let rotatedColumn = ROTATED_COLUMN;
  for (const frameRows of prepared.rotatedFrames) {
    for (const row of frameRows)
      lines.push({ ...toLine(page.number, firstIndex + lines.length, row, rotatedColumn), rotated: true });
    rotatedColumn++;
  }
  return {
    page: page.number,
    width: page.width,
    height: page.height,
    lines,
    hidden: prepared.hidden,
    ocrLayer: prepared.ocrLayer,
    skippedRotated: prepared.skippedRotated,
    rotatedLines: lines.filter((l) => l.rotated).length,
    gutters,
  };
}

/**
 * Lay out one page; `firstIndex` numbers lines continuously across pages. `knownGutters` are column
 * gutters found on the document's other pages (reading-order.ts).
 */
export function layoutPage(page: RawPage, firstIndex: number, knownGutters: readonly number[] = []): PageLayout {
  return orderPage(preparePage(page), firstIndex, knownGutters);
}
