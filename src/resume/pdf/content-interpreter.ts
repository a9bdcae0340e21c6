import type { Glyph, PaintedArea } from "./raw-document.ts";

/**
 * Replays a pdf.js operator list (the page's drawing commands) the way pdf.js's own canvas renderer
 * does, but instead of painting it records where every glyph lands and in which colour, opacity and
 * render mode, plus the filled areas and images. pdf.js's getTextContent() drops colour and render
 * mode, which hidden-text detection needs, and merges runs, which link joining must not; so the
 * text comes from here. Pure: the operator list, the OPS numbering and a font resolver go in.
 */

/** 2D affine matrix [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f (pdf.js order). */
export type Matrix = [number, number, number, number, number, number];

export interface ResolvedFont {
  /** index into the page's font table */
  index: number;
  /** glyph space -> text space; [0.001, 0, 0, 0.001, 0, 0] for most fonts */
  fontMatrix: number[];
  vertical: boolean;
}

export interface OperatorListInput {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

export interface InterpretOptions {
  /** pdf.js OPS table (name -> number) */
  ops: Record<string, number>;
  /** maps PDF user space to top-left page coordinates (pdf.js viewport.transform at scale 1) */
  viewport: Matrix;
  pageWidth: number;
  pageHeight: number;
  resolveFont(loadedName: string): ResolvedFont | null;
  /** hard cap: more glyphs than this on one page is treated as hostile */
  maxGlyphs: number;
}

export interface InterpretedPage {
  glyphs: Glyph[];
  areas: PaintedArea[];
}

/** Thrown when a page exceeds `maxGlyphs`; the adapter turns it into a ResumeError. */
export class TooManyGlyphsError extends Error {}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 ∘ m2: apply m2 first, then m1 (pdf.js Util.transform). */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Axis-aligned box of a user-space rectangle after a transform. */
export function transformBox(m: Matrix, x0: number, y0: number, x1: number, y1: number): Box {
  const pts = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

interface State {
  ctm: Matrix;
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
  clip: Box | null;
}

interface PdfJsGlyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

function asMatrix(v: unknown): Matrix | null {
  const a = v as ArrayLike<number> | null | undefined;
  if (!a || typeof a.length !== "number" || a.length < 6) return null;
  const m: Matrix = [Number(a[0]), Number(a[1]), Number(a[2]), Number(a[3]), Number(a[4]), Number(a[5])];
  return m.every(Number.isFinite) ? m : null;
}

function num(v: unknown, fallback = 0): number {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : fallback;
}

function intersect(a: Box | null, b: Box): Box {
  if (!a) return b;
  return { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
}

/** Replay one page's operator list; see the module comment. */
export function interpretOperatorList(list: OperatorListInput, opt: InterpretOptions): InterpretedPage {
  const O = opt.ops;
  const fillOps = new Set(
    ["fill", "eoFill", "fillStroke", "eoFillStroke", "closeFillStroke", "closeEOFillStroke"].map((n) => O[n]),
  );
  const imageOps = new Set(
    ["paintImageXObject", "paintInlineImageXObject", "paintImageXObjectRepeat", "paintInlineImageXObjectGroup"].map(
      (n) => O[n],
    ),
  );
  const maskOps = new Set(
    [
      "paintImageMaskXObject",
      "paintImageMaskXObjectGroup",
      "paintImageMaskXObjectRepeat",
      "paintSolidColorImageMask",
    ].map((n) => O[n]),
  );
  const glyphs: Glyph[] = [];
  const areas: PaintedArea[] = [];
  const stack: State[] = [];
  let s: State = {
    ctm: IDENTITY,
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
  let seq = 0;
  let pendingClip = false;
  let annotationDepth = 0;

  const save = () => stack.push({ ...s });
  const restore = () => {
    const prev = stack.pop();
    if (prev) s = prev;
  };
  const device = (): Matrix => multiply(opt.viewport, s.ctm);
  const addArea = (b: Box, fill: string) => {
    const clipped = s.clip ? intersect(s.clip, b) : b;
    if (clipped.x1 <= clipped.x0 || clipped.y1 <= clipped.y0) return;
    areas.push({ ...clipped, fill, alpha: s.alpha, seq: seq++ });
  };
  const moveText = (x: number, y: number) => {
    s.x = s.lineX += x;
    s.y = s.lineY += y;
  };
  const setFont = (name: unknown, size: unknown) => {
    s.font = typeof name === "string" ? opt.resolveFont(name) : null;
    let sz = num(size);
    s.fontDirection = sz < 0 ? -1 : 1;
    if (sz < 0) sz = -sz;
    s.fontSize = sz;
  };
  const showText = (arr: unknown) => {
    const font = s.font;
    if (!font || s.fontSize === 0 || !Array.isArray(arr)) return;
    const fm0 = num(font.fontMatrix[0], 0.001);
    const advanceScale = s.fontSize * fm0;
    const d = s.hScale * s.fontDirection;
    const base = multiply(device(), multiply(s.textMatrix, [1, 0, 0, 1, s.x, s.y + s.rise]));
    const size = s.fontSize * Math.hypot(base[2], base[3]);
    const upright = !font.vertical && base[0] * d > 0 && Math.abs(base[1]) < 0.05 * Math.abs(base[0]) && base[3] < 0;
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
      const [ax, ay] = apply(base, advance * d, 0);
      const [bx] = apply(base, (advance + num(g.width) * advanceScale) * d, 0);
      advance += w;
      if (glyphs.length >= opt.maxGlyphs) throw new TooManyGlyphsError(`more than ${opt.maxGlyphs} glyphs on a page`);
      glyphs.push({
        text: g.isSpace || /^\s+$/.test(text) ? " " : text,
        x: Math.min(ax, bx),
        y: ay,
        width: Math.abs(bx - ax),
        size,
        font: font.index,
        fill: s.fill,
        alpha: s.alpha,
        renderMode: s.renderMode,
        upright,
        seq: seq++,
      });
    }
    if (font.vertical) s.y -= advance;
    else s.x += advance * d;
  };

  const n = list.fnArray.length;
  for (let i = 0; i < n; i++) {
    const fn = list.fnArray[i];
    const args = (list.argsArray[i] ?? []) as unknown[];
    if (annotationDepth > 0) {
      if (fn === O.beginAnnotation) annotationDepth++;
      else if (fn === O.endAnnotation) annotationDepth--;
      continue;
    }
    switch (fn) {
      case O.beginAnnotation:
        annotationDepth = 1;
        break;
      case O.save:
        save();
        break;
      case O.restore:
        restore();
        break;
      case O.transform: {
        const m = asMatrix(args);
        if (m) s.ctm = multiply(s.ctm, m);
        break;
      }
      case O.paintFormXObjectBegin: {
        save();
        const m = asMatrix(args[0]);
        if (m) s.ctm = multiply(s.ctm, m);
        const bb = args[1] as ArrayLike<number> | null;
        if (bb && bb.length >= 4)
          s.clip = intersect(s.clip, transformBox(device(), num(bb[0]), num(bb[1]), num(bb[2]), num(bb[3])));
        break;
      }
      case O.paintFormXObjectEnd:
        restore();
        break;
      case O.beginGroup: {
        save();
        const g = args[0] as { bbox?: ArrayLike<number>; matrix?: ArrayLike<number> } | undefined;
        const gm = asMatrix(g?.matrix) ?? IDENTITY;
        if (g?.bbox && g.bbox.length >= 4) {
          const b = g.bbox;
          s.clip = intersect(s.clip, transformBox(multiply(device(), gm), num(b[0]), num(b[1]), num(b[2]), num(b[3])));
        }
        break;
      }
      case O.endGroup:
        restore();
        break;
      case O.setGState:
        for (const entry of (args[0] ?? []) as Array<[string, unknown]>) {
          if (!Array.isArray(entry)) continue;
          if (entry[0] === "ca") s.alpha = num(entry[1], 1);
          else if (entry[0] === "Font" && Array.isArray(entry[1])) setFont(entry[1][0], entry[1][1]);
        }
        break;
      case O.setFillRGBColor:
        s.fill = typeof args[0] === "string" ? args[0].toLowerCase() : "#000000";
        break;
      case O.setFillColorN:
      case O.setFillColor:
        s.fill = "pattern";
        break;
      case O.setFillTransparent:
        s.fill = "transparent";
        break;
      case O.setTextRenderingMode:
        s.renderMode = num(args[0]);
        break;
      case O.beginText:
        s.textMatrix = IDENTITY;
        s.x = s.lineX = 0;
        s.y = s.lineY = 0;
        break;
      case O.setFont:
        setFont(args[0], args[1]);
        break;
      case O.setCharSpacing:
        s.charSpacing = num(args[0]);
        break;
      case O.setWordSpacing:
        s.wordSpacing = num(args[0]);
        break;
      case O.setHScale:
        s.hScale = num(args[0], 100) / 100;
        break;
      case O.setLeading:
        s.leading = -num(args[0]);
        break;
      case O.setTextRise:
        s.rise = num(args[0]);
        break;
      case O.moveText:
        moveText(num(args[0]), num(args[1]));
        break;
      case O.setLeadingMoveText:
        s.leading = num(args[1]);
        moveText(num(args[0]), num(args[1]));
        break;
      case O.setTextMatrix: {
        const m = asMatrix(args[0]) ?? asMatrix(args);
        if (m) s.textMatrix = m;
        s.x = s.lineX = 0;
        s.y = s.lineY = 0;
        break;
      }
      case O.nextLine:
        moveText(0, s.leading);
        break;
      case O.showText:
      case O.showSpacedText:
        showText(args[0]);
        break;
      case O.nextLineShowText:
        moveText(0, s.leading);
        showText(args[0]);
        break;
      case O.nextLineSetSpacingShowText:
        s.wordSpacing = num(args[0]);
        s.charSpacing = num(args[1]);
        moveText(0, s.leading);
        showText(args[2]);
        break;
      case O.clip:
      case O.eoClip:
        pendingClip = true;
        break;
      case O.constructPath: {
        const op = args[0] as number;
        const mm = args[2] as ArrayLike<number> | null | undefined;
        if (mm && mm.length >= 4) {
          const b = transformBox(device(), num(mm[0]), num(mm[1]), num(mm[2]), num(mm[3]));
          if (fillOps.has(op)) addArea(b, s.fill);
          if (pendingClip) s.clip = intersect(s.clip, b);
        }
        pendingClip = false;
        break;
      }
      case O.shadingFill:
        addArea(s.clip ?? { x0: 0, y0: 0, x1: opt.pageWidth, y1: opt.pageHeight }, "pattern");
        break;
      default:
        if (imageOps.has(fn)) addArea(transformBox(device(), 0, 0, 1, 1), "image");
        else if (maskOps.has(fn)) addArea(transformBox(device(), 0, 0, 1, 1), s.fill);
    }
  }
  return { glyphs, areas };
}
