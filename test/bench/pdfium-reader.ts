/**
 * A PDF reader on PDFium compiled to WebAssembly (`@embedpdf/pdfium`), written only to be measured
 * against the product's reader (test/bench/pdfium-compare.ts): it builds the same RawDocument
 * (glyphs with position, size, font, fill colour, opacity, render mode and paint order; filled
 * areas; link annotations) from PDFium's public API, so the same pure extraction runs on both.
 *
 * What PDFium's public API gives and what it does not:
 * - per character: Unicode, origin, loose box (advance), font size, text matrix, fill colour with
 *   alpha, and through its text object the render mode and font (name, flags, weight);
 * - page objects in paint order (into form XObjects), their bounds, fill colour and clipping path;
 * - link annotations with their rectangle and URI action.
 * - Not: whether optional content (a layer) is switched off. PDFium evaluates layers only while it
 *   renders; no public call tells a page object's visibility, so `hiddenBy: "optional-content"` is
 *   never set here.
 */
import { init, type WrappedPdfiumModule } from "@embedpdf/pdfium";
import wasmPath from "@embedpdf/pdfium/pdfium.wasm" with { type: "file" };
import { fontInfoOf } from "../../src/resume/pdf/font-info.ts";
import { type Box, type Matrix, multiply, transformBox } from "../../src/resume/pdf/geometry.ts";
import { preflightPdf } from "../../src/resume/pdf/preflight.ts";
import type {
  FontInfo,
  Glyph,
  LinkAnnotation,
  PaintedArea,
  RawDocument,
  RawPage,
} from "../../src/resume/pdf/raw-document.ts";
import { outsideClip } from "../../src/resume/pdf/text-show.ts";
import { ResumeError } from "../../src/resume/types.ts";

type Pdfium = WrappedPdfiumModule;
interface Heap {
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
  wasmExports: { malloc(n: number): number; free(p: number): void };
  UTF16ToString(ptr: number): string;
}

let loaded: Promise<Pdfium> | null = null;

/** The PDFium module, compiled and initialised once per process. */
export function pdfium(): Promise<Pdfium> {
  loaded ??= (async () => {
    const m = await init({ wasmBinary: await Bun.file(wasmPath).arrayBuffer() } as Parameters<typeof init>[0]);
    m.PDFiumExt_Init();
    return m;
  })();
  return loaded;
}

/** PDFium's page object types (fpdf_edit.h). */
const OBJ_TEXT = 1;
const OBJ_PATH = 2;
const OBJ_IMAGE = 3;
const OBJ_SHADING = 4;
const OBJ_FORM = 5;
const ANNOT_LINK = 2;
const ACTION_URI = 3;
/** Annotation flags Hidden (2) and NoView (32), as the product's reader skips them. */
const NOT_VIEWED = 2 | 32;
const FONT_ITALIC = 1 << 6;
const FONT_FORCE_BOLD = 1 << 18;
const ERR_PASSWORD = 4;
const HYPHEN_AT_LINE_END = 0x2;
const MAX_PAGES = 30;
/** Room between two page objects' paint orders for the glyphs of one text object. */
const SEQ_STRIDE = 1_000_000;

/** pdf.js's viewport transform at scale 1 for a view box and rotation: PDF space -> top-down page. */
export function viewportMatrix(view: Box, rotation: number): { m: Matrix; width: number; height: number } {
  const r = ((rotation % 360) + 360) % 360;
  const [a, b, c, d] = r === 90 ? [0, 1, 1, 0] : r === 180 ? [-1, 0, 0, 1] : r === 270 ? [0, -1, -1, 0] : [1, 0, 0, -1];
  const cx = (view.x0 + view.x1) / 2;
  const cy = (view.y0 + view.y1) / 2;
  const turned = a === 0;
  const ox = turned ? Math.abs(cy - view.y0) : Math.abs(cx - view.x0);
  const oy = turned ? Math.abs(cx - view.x0) : Math.abs(cy - view.y0);
  const w = view.x1 - view.x0;
  const h = view.y1 - view.y0;
  return {
    m: [a, b, c, d, ox - a * cx - c * cy, oy - b * cx - d * cy],
    width: turned ? h : w,
    height: turned ? w : h,
  };
}

const hex = (v: number) =>
  Math.max(0, Math.min(255, Math.round(v)))
    .toString(16)
    .padStart(2, "0");

class Scratch {
  readonly ptr: number;
  constructor(
    private readonly heap: Heap,
    readonly size = 4096,
  ) {
    this.ptr = heap.wasmExports.malloc(size);
  }
  f64(i: number): number {
    return this.heap.HEAPF64[(this.ptr >> 3) + i]!;
  }
  f32(i: number): number {
    return this.heap.HEAPF32[(this.ptr >> 2) + i]!;
  }
  u32(i: number): number {
    return this.heap.HEAPU32[(this.ptr >> 2) + i]!;
  }
  utf16(): string {
    return this.heap.UTF16ToString(this.ptr);
  }
  ascii(n: number): string {
    const bytes = this.heap.HEAPU8.subarray(this.ptr, this.ptr + Math.max(0, n - 1));
    return new TextDecoder("latin1").decode(bytes);
  }
  free() {
    this.heap.wasmExports.free(this.ptr);
  }
}

interface PageObjects {
  /** text object handle -> paint order, clip box (page coordinates), alpha */
  text: Map<number, { seq: number; clip: Box | null }>;
  areas: PaintedArea[];
  count: number;
}

/** Bounding box of an object's clipping path in top-down page coordinates, or null when unclipped. */
function clipBox(m: Pdfium, s: Scratch, obj: number, vp: Matrix): Box | null {
  const clip = m.FPDFPageObj_GetClipPath(obj);
  if (!clip) return null;
  const paths = m.FPDFClipPath_CountPaths(clip);
  let box: Box | null = null;
  for (let p = 0; p < paths; p++) {
    const segs = m.FPDFClipPath_CountPathSegments(clip, p);
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let i = 0; i < segs; i++) {
      const seg = m.FPDFClipPath_GetPathSegment(clip, p, i);
      if (!seg || !m.FPDFPathSegment_GetPoint(seg, s.ptr, s.ptr + 4)) continue;
      const x = s.f32(0);
      const y = s.f32(1);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
    if (x0 > x1) continue;
    const b = transformBox(vp, x0, y0, x1, y1);
    box = box
      ? {
          x0: Math.max(box.x0, b.x0),
          y0: Math.max(box.y0, b.y0),
          x1: Math.min(box.x1, b.x1),
          y1: Math.min(box.y1, b.y1),
        }
      : b;
  }
  return box;
}

function objectBounds(m: Pdfium, s: Scratch, obj: number, vp: Matrix): Box | null {
  if (!m.FPDFPageObj_GetBounds(obj, s.ptr, s.ptr + 4, s.ptr + 8, s.ptr + 12)) return null;
  return transformBox(vp, s.f32(0), s.f32(1), s.f32(2), s.f32(3));
}

function fillOf(m: Pdfium, s: Scratch, obj: number): { fill: string; alpha: number } {
  if (!m.FPDFPageObj_GetFillColor(obj, s.ptr, s.ptr + 4, s.ptr + 8, s.ptr + 12)) return { fill: "pattern", alpha: 1 };
  return { fill: `#${hex(s.u32(0))}${hex(s.u32(1))}${hex(s.u32(2))}`, alpha: s.u32(3) / 255 };
}

/** Every page object in paint order (form XObjects entered), as areas and a seq per text object. */
function walkObjects(m: Pdfium, s: Scratch, page: number, vp: Matrix): PageObjects {
  const out: PageObjects = { text: new Map(), areas: [], count: 0 };
  const visit = (obj: number) => {
    const type = m.FPDFPageObj_GetType(obj);
    if (type === OBJ_FORM) {
      const n = m.FPDFFormObj_CountObjects(obj);
      for (let i = 0; i < n; i++) visit(m.FPDFFormObj_GetObject(obj, i));
      return;
    }
    // one text object paints many glyphs: its glyphs take the seqs after the object's own
    const seq = out.count++ * SEQ_STRIDE;
    const clip = clipBox(m, s, obj, vp);
    if (type === OBJ_TEXT) {
      out.text.set(obj, { seq, clip });
      return;
    }
    let fill: { fill: string; alpha: number } | null = null;
    if (type === OBJ_PATH) {
      if (!m.FPDFPath_GetDrawMode(obj, s.ptr, s.ptr + 4) || s.u32(0) === 0) return;
      fill = fillOf(m, s, obj);
    } else if (type === OBJ_IMAGE) fill = { fill: "image", alpha: 1 };
    else if (type === OBJ_SHADING) fill = { fill: "pattern", alpha: 1 };
    const b = fill && objectBounds(m, s, obj, vp);
    if (!fill || !b) return;
    const c = clip
      ? {
          x0: Math.max(clip.x0, b.x0),
          y0: Math.max(clip.y0, b.y0),
          x1: Math.min(clip.x1, b.x1),
          y1: Math.min(clip.y1, b.y1),
        }
      : b;
    if (c.x1 <= c.x0 || c.y1 <= c.y0) return;
    out.areas.push({ ...c, ...fill, seq });
  };
  const n = m.FPDFPage_CountObjects(page);
  for (let i = 0; i < n; i++) visit(m.FPDFPage_GetObject(page, i));
  return out;
}

function fontOf(m: Pdfium, s: Scratch, font: number): FontInfo {
  const n = font ? m.FPDFFont_GetBaseFontName(font, s.ptr, s.size) : 0;
  const name = n > 0 ? s.ascii(n) : "";
  const flags = font ? m.FPDFFont_GetFlags(font) : 0;
  const weight = font ? m.FPDFFont_GetWeight(font) : -1;
  return fontInfoOf({
    name,
    bold: (flags & FONT_FORCE_BOLD) !== 0 || weight >= 700,
    italic: (flags & FONT_ITALIC) !== 0,
  });
}

function readGlyphs(
  m: Pdfium,
  s: Scratch,
  page: number,
  vp: Matrix,
  objects: PageObjects,
): { glyphs: Glyph[]; fonts: FontInfo[] } {
  const tp = m.FPDFText_LoadPage(page);
  const glyphs: Glyph[] = [];
  const fonts: FontInfo[] = [];
  const fontIndex = new Map<number, number>();
  const renderModes = new Map<number, number>();
  const advances = new Map<number, number>();
  try {
    const n = m.FPDFText_CountChars(tp);
    let lastObject = 0;
    for (let i = 0; i < n; i++) {
      if (m.FPDFText_IsGenerated(tp, i) === 1) continue;
      const code = m.FPDFText_GetUnicode(tp, i);
      if (code === 0xd || code === 0xa) continue;
      const obj = m.FPDFText_GetTextObject(tp, i);
      let mode = renderModes.get(obj);
      if (mode === undefined) {
        mode = obj ? m.FPDFTextObj_GetTextRenderMode(obj) : 0;
        renderModes.set(obj, mode);
      }
      const handle = obj ? m.FPDFTextObj_GetFont(obj) : 0;
      let font = fontIndex.get(handle);
      if (font === undefined) {
        font = fonts.push(fontOf(m, s, handle)) - 1;
        fontIndex.set(handle, font);
      }
      m.FPDFText_GetCharOrigin(tp, i, s.ptr, s.ptr + 8);
      const ox = s.f64(0);
      const oy = s.f64(1);
      m.FPDFText_GetMatrix(tp, i, s.ptr);
      const tm: Matrix = [s.f32(0), s.f32(1), s.f32(2), s.f32(3), s.f32(4), s.f32(5)];
      const base = multiply(vp, tm);
      const size = m.FPDFText_GetFontSize(tp, i) * Math.hypot(base[2], base[3]);
      m.FPDFText_GetLooseCharBox(tp, i, s.ptr);
      const box0 = { left: s.f32(0), top: s.f32(1), right: s.f32(2), bottom: s.f32(3) };
      const box = transformBox(vp, box0.left, box0.bottom, box0.right, box0.top);
      // The loose box spans the advance the font's widths give the code, except for a font without
      // ascent and descent, where PDFium hands the glyph's ink box (the same as the tight box) instead:
      // then the advance is the font's width for the character mapped back to a code.
      m.FPDFText_GetCharBox(tp, i, s.ptr, s.ptr + 8, s.ptr + 16, s.ptr + 24);
      const inkBox = Math.abs(s.f64(0) - box0.left) < 1e-3 && Math.abs(s.f64(1) - box0.right) < 1e-3;
      let advance = -1;
      if (inkBox) {
        const key = handle * 0x110000 + code;
        let unit = advances.get(key);
        if (unit === undefined) {
          unit = handle && m.FPDFFont_GetGlyphWidth(handle, code, 1, s.ptr) ? s.f32(0) : -1;
          advances.set(key, unit);
        }
        if (unit > 0) advance = unit * m.FPDFText_GetFontSize(tp, i) * Math.hypot(base[0], base[1]);
      }
      const [x, y] = [vp[0] * ox + vp[2] * oy + vp[4], vp[1] * ox + vp[3] * oy + vp[5]];
      const len = Math.hypot(base[0], base[1]) || 1;
      const dir: [number, number] = [base[0] / len, base[1] / len];
      const upright = dir[0] > 0 && Math.abs(dir[1]) < 0.05 * dir[0];
      m.FPDFText_GetFillColor(tp, i, s.ptr, s.ptr + 4, s.ptr + 8, s.ptr + 12);
      const alpha = s.u32(3) / 255;
      const fill = `#${hex(s.u32(0))}${hex(s.u32(1))}${hex(s.u32(2))}`;
      const placed = objects.text.get(obj);
      // PDFium hands a hyphen that ends a line as U+0002
      const text =
        code === HYPHEN_AT_LINE_END
          ? "-"
          : code >= 0x20 && !(code >= 0xd800 && code <= 0xdfff)
            ? String.fromCodePoint(code)
            : "";
      const width =
        advance >= 0 ? advance : upright ? Math.max(0, box.x1 - box.x0) : Math.hypot(box.x1 - box.x0, box.y1 - box.y0);
      const cx = upright ? x + width / 2 + dir[1] * size * 0.3 : x;
      const cy = upright ? y - dir[0] * size * 0.3 : y;
      const glyph: Glyph = {
        text: /^\s+$/.test(text) ? " " : text,
        x: upright && advance < 0 ? Math.min(x, box.x0) : x,
        y,
        width,
        size,
        font,
        fill,
        alpha,
        renderMode: Math.max(mode, 0),
        upright,
        seq: (placed?.seq ?? objects.count * SEQ_STRIDE) + 1 + i,
      };
      if (!upright) glyph.dir = dir;
      if (placed && outsideClip(placed.clip, cx, cy)) glyph.hiddenBy = "clip";
      // One glyph whose Unicode mapping has several characters (a ligature: "ffi") comes from PDFium
      // as one character per code point at the same origin in the same text object; it is one
      // glyph, as pdf.js reads it (two glyphs on one spot read as a glyph drawn twice: fake bold).
      // Its advance is the loose box's (the widths of the ligature's own code).
      const last = glyphs[glyphs.length - 1];
      if (last && obj === lastObject && last.x === glyph.x && last.y === glyph.y) {
        last.text += glyph.text;
        if (upright) last.width = Math.max(last.width, box.x1 - box.x0);
        continue;
      }
      lastObject = obj;
      glyphs.push(glyph);
    }
  } finally {
    m.FPDFText_ClosePage(tp);
  }
  return { glyphs, fonts };
}

function readLinks(m: Pdfium, s: Scratch, doc: number, page: number, vp: Matrix): LinkAnnotation[] {
  const links: LinkAnnotation[] = [];
  const n = m.FPDFPage_GetAnnotCount(page);
  for (let i = 0; i < n; i++) {
    const annot = m.FPDFPage_GetAnnot(page, i);
    if (!annot) continue;
    try {
      if (m.FPDFAnnot_GetSubtype(annot) !== ANNOT_LINK || (m.FPDFAnnot_GetFlags(annot) & NOT_VIEWED) !== 0) continue;
      const link = m.FPDFAnnot_GetLink(annot);
      const action = link ? m.FPDFLink_GetAction(link) : 0;
      if (!action || m.FPDFAction_GetType(action) !== ACTION_URI) continue;
      const len = m.FPDFAction_GetURIPath(doc, action, s.ptr, s.size);
      const uri = len > 1 ? s.ascii(Math.min(len, s.size)).trim() : "";
      if (!uri || !m.FPDFAnnot_GetRect(annot, s.ptr)) continue;
      links.push({ ...transformBox(vp, s.f32(0), s.f32(3), s.f32(2), s.f32(1)), uri });
    } finally {
      m.FPDFPage_CloseAnnot(annot);
    }
  }
  return links;
}

function meta(m: Pdfium, s: Scratch, doc: number, key: string): string | undefined {
  const n = m.FPDF_GetMetaText(doc, key, s.ptr, s.size);
  const v = n > 2 ? s.utf16().trim() : "";
  return v || undefined;
}

/** Read a PDF with PDFium into the RawDocument the product's extraction reads. */
export async function readPdfWithPdfium(bytes: Uint8Array): Promise<RawDocument> {
  preflightPdf(bytes);
  const m = await pdfium();
  const heap = m.pdfium as unknown as Heap;
  const data = heap.wasmExports.malloc(bytes.length);
  heap.HEAPU8.set(bytes, data);
  const s = new Scratch(heap);
  const doc = m.FPDF_LoadMemDocument(data, bytes.length, "");
  try {
    if (!doc) {
      const err = m.FPDF_GetLastError();
      if (err === ERR_PASSWORD) throw new ResumeError("pdf_encrypted", "the PDF is password-protected");
      throw new ResumeError("pdf_corrupt", `PDFium could not open the file (error ${err})`);
    }
    const count = m.FPDF_GetPageCount(doc);
    if (count === 0) throw new ResumeError("pdf_no_text", "the PDF has no pages");
    if (count > MAX_PAGES) throw new ResumeError("pdf_too_complex", `the PDF has ${count} pages`);
    const pages: RawPage[] = [];
    for (let p = 0; p < count; p++) {
      const page = m.FPDF_LoadPage(doc, p);
      if (!page) throw new ResumeError("pdf_corrupt", `PDFium could not load page ${p + 1}`);
      try {
        const media = m.FPDFPage_GetMediaBox(page, s.ptr, s.ptr + 4, s.ptr + 8, s.ptr + 12)
          ? { x0: s.f32(0), y0: s.f32(1), x1: s.f32(2), y1: s.f32(3) }
          : { x0: 0, y0: 0, x1: m.FPDF_GetPageWidthF(page), y1: m.FPDF_GetPageHeightF(page) };
        const crop = m.FPDFPage_GetCropBox(page, s.ptr, s.ptr + 4, s.ptr + 8, s.ptr + 12)
          ? { x0: s.f32(0), y0: s.f32(1), x1: s.f32(2), y1: s.f32(3) }
          : media;
        const view = {
          x0: Math.max(Math.min(media.x0, media.x1), Math.min(crop.x0, crop.x1)),
          y0: Math.max(Math.min(media.y0, media.y1), Math.min(crop.y0, crop.y1)),
          x1: Math.min(Math.max(media.x0, media.x1), Math.max(crop.x0, crop.x1)),
          y1: Math.min(Math.max(media.y0, media.y1), Math.max(crop.y0, crop.y1)),
        };
        const vp = viewportMatrix(view, m.FPDFPage_GetRotation(page) * 90);
        const objects = walkObjects(m, s, page, vp.m);
        const { glyphs, fonts } = readGlyphs(m, s, page, vp.m, objects);
        pages.push({
          number: p + 1,
          width: vp.width,
          height: vp.height,
          glyphs,
          fonts,
          areas: objects.areas,
          links: readLinks(m, s, doc, page, vp.m),
        });
      } finally {
        m.FPDF_ClosePage(page);
      }
    }
    return { pages, producer: meta(m, s, doc, "Producer"), creator: meta(m, s, doc, "Creator") };
  } finally {
    if (doc) m.FPDF_CloseDocument(doc);
    s.free();
    heap.wasmExports.free(data);
  }
}
