import { asMatrix, type Box, IDENTITY, intersect, type Matrix, multiply, num, transformBox } from "./geometry.ts";
import { Op, opTable } from "./operators.ts";
import type { Glyph, PaintedArea } from "./raw-document.ts";
import { copyState, initialState, type ResolvedFont, type ShowContext, type State, showText } from "./text-show.ts";

/**
 * Replays a pdf.js operator list (the page's drawing commands) the way pdf.js's own canvas renderer
 * does, but instead of painting it records where every glyph lands and in which colour, opacity and
 * render mode, plus the filled areas and images. pdf.js's getTextContent() drops colour and render
 * mode, which hidden-text detection needs, and merges runs, which link joining must not; so the
 * text comes from here. Pure: the operator list, the OPS numbering and a font resolver go in.
 * Glyphs outside the clipping path or in optional content that is off are marked (text-show.ts).
 */

export type { Matrix } from "./geometry.ts";
export { multiply, transformBox } from "./geometry.ts";
export type { ResolvedFont } from "./text-show.ts";

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
  /**
   * whether optional content (pdf.js's `["OC", props]` marked-content properties) is shown when the
   * document is opened; pdf.js's OptionalContentConfig.isVisible. Absent: everything is shown.
   */
  isContentVisible?(props: unknown): boolean;
}

export interface InterpretedPage {
  glyphs: Glyph[];
  areas: PaintedArea[];
}

/** Thrown when a page exceeds `maxGlyphs`; the adapter turns it into a ResumeError. */
export class TooManyGlyphsError extends Error {}

/** Replay one page's operator list; see the module comment. */
export function interpretOperatorList(list: OperatorListInput, opt: InterpretOptions): InterpretedPage {
  const O = opt.ops;
  const table = opTable(O);
  const fillOps = new Set(
    ["fill", "eoFill", "fillStroke", "eoFillStroke", "closeFillStroke", "closeEOFillStroke"].map((n) => O[n]),
  );
  const glyphs: Glyph[] = [];
  const areas: PaintedArea[] = [];
  const stack: State[] = [];
  let s: State = initialState();
  let seq = 0;
  let pendingClip = false;
  let annotationDepth = 0;

  const save = () => stack.push(copyState(s));
  const restore = () => {
    const prev = stack.pop();
    if (prev) s = prev;
  };
  /** user space -> page for the current CTM; kept on the state until the CTM changes */
  const device = (): Matrix => {
    s.device ??= multiply(opt.viewport, s.ctm);
    return s.device;
  };
  const setCtm = (m: Matrix) => {
    s.ctm = m;
    s.device = null;
  };
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
  // marked-content stack: true where that level is optional content that is off
  const marked: boolean[] = [];
  let hiddenLevels = 0;
  const beginMarked = (hidden: boolean) => {
    marked.push(hidden);
    if (hidden) hiddenLevels++;
  };
  const ctx: ShowContext = {
    device: IDENTITY,
    hiddenLayer: false,
    nextSeq: () => seq++,
    push: (g) => {
      if (glyphs.length >= opt.maxGlyphs) throw new TooManyGlyphsError(`more than ${opt.maxGlyphs} glyphs on a page`);
      glyphs.push(g);
    },
  };
  const show = (arr: unknown) => {
    ctx.device = device();
    ctx.hiddenLayer = hiddenLevels > 0;
    showText(s, arr, ctx);
  };

  // A placement ("q cm ... Q") that paints nothing: the image the reader left out (images are not
  // decoded on the first read). Its unit square is where the image would be: a probable image area.
  let placement: Matrix | null = null;
  const n = list.fnArray.length;
  for (let i = 0; i < n; i++) {
    const fn = list.fnArray[i]!;
    const args = (list.argsArray[i] ?? []) as unknown[];
    const placed: Matrix | null = placement;
    placement = null;
    const op: Op = fn >= 0 && fn < table.length ? (table[fn] as Op) : Op.other;
    if (annotationDepth > 0) {
      if (op === Op.beginAnnotation) annotationDepth++;
      else if (op === Op.endAnnotation) annotationDepth--;
      continue;
    }
    switch (op) {
      case Op.beginAnnotation:
        annotationDepth = 1;
        break;
      case Op.save:
        save();
        break;
      case Op.restore:
        if (placed && Math.abs(placed[0] * placed[3] - placed[1] * placed[2]) > 1)
          addArea(transformBox(placed, 0, 0, 1, 1), "placement");
        restore();
        break;
      case Op.dependency:
        placement = placed;
        break;
      case Op.transform: {
        const m = asMatrix(args);
        if (m) setCtm(multiply(s.ctm, m));
        placement = device();
        break;
      }
      case Op.paintFormXObjectBegin: {
        save();
        const m = asMatrix(args[0]);
        if (m) setCtm(multiply(s.ctm, m));
        const bb = args[1] as ArrayLike<number> | null;
        if (bb && bb.length >= 4)
          s.clip = intersect(s.clip, transformBox(device(), num(bb[0]), num(bb[1]), num(bb[2]), num(bb[3])));
        break;
      }
      case Op.paintFormXObjectEnd:
        restore();
        break;
      case Op.beginGroup: {
        save();
        const g = args[0] as { bbox?: ArrayLike<number>; matrix?: ArrayLike<number> } | undefined;
        const gm = asMatrix(g?.matrix) ?? IDENTITY;
        if (g?.bbox && g.bbox.length >= 4) {
          const b = g.bbox;
          s.clip = intersect(s.clip, transformBox(multiply(device(), gm), num(b[0]), num(b[1]), num(b[2]), num(b[3])));
        }
        break;
      }
      case Op.endGroup:
        restore();
        break;
      case Op.setGState:
        for (const entry of (args[0] ?? []) as Array<[string, unknown]>) {
          if (!Array.isArray(entry)) continue;
          if (entry[0] === "ca") s.alpha = num(entry[1], 1);
          else if (entry[0] === "Font" && Array.isArray(entry[1])) setFont(entry[1][0], entry[1][1]);
        }
        break;
      case Op.setFillRGBColor:
        s.fill = typeof args[0] === "string" ? args[0].toLowerCase() : "#000000";
        break;
      case Op.setFillColor:
        s.fill = "pattern";
        break;
      case Op.setFillTransparent:
        s.fill = "transparent";
        break;
      case Op.setTextRenderingMode:
        s.renderMode = num(args[0]);
        break;
      case Op.beginText:
        s.textMatrix = IDENTITY;
        s.x = s.lineX = 0;
        s.y = s.lineY = 0;
        break;
      case Op.setFont:
        setFont(args[0], args[1]);
        break;
      case Op.setCharSpacing:
        s.charSpacing = num(args[0]);
        break;
      case Op.setWordSpacing:
        s.wordSpacing = num(args[0]);
        break;
      case Op.setHScale:
        s.hScale = num(args[0], 100) / 100;
        break;
      case Op.setLeading:
        s.leading = -num(args[0]);
        break;
      case Op.setTextRise:
        s.rise = num(args[0]);
        break;
      case Op.moveText:
        moveText(num(args[0]), num(args[1]));
        break;
      case Op.setLeadingMoveText:
        s.leading = num(args[1]);
        moveText(num(args[0]), num(args[1]));
        break;
      case Op.setTextMatrix: {
        const m = asMatrix(args[0]) ?? asMatrix(args);
        if (m) s.textMatrix = m;
        s.x = s.lineX = 0;
        s.y = s.lineY = 0;
        break;
      }
      case Op.nextLine:
        moveText(0, s.leading);
        break;
      case Op.showText:
        show(args[0]);
        break;
      case Op.nextLineShowText:
        moveText(0, s.leading);
        show(args[0]);
        break;
      case Op.nextLineSetSpacingShowText:
        s.wordSpacing = num(args[0]);
        s.charSpacing = num(args[1]);
        moveText(0, s.leading);
        show(args[2]);
        break;
      case Op.beginMarkedContent:
        beginMarked(false);
        break;
      case Op.beginMarkedContentProps:
        beginMarked(args[0] === "OC" && opt.isContentVisible !== undefined && !opt.isContentVisible(args[1]));
        break;
      case Op.endMarkedContent:
        if (marked.pop()) hiddenLevels--;
        break;
      case Op.clip:
        pendingClip = true;
        break;
      case Op.constructPath: {
        const pathOp = args[0] as number;
        const mm = args[2] as ArrayLike<number> | null | undefined;
        if (mm && mm.length >= 4) {
          const b = transformBox(device(), num(mm[0]), num(mm[1]), num(mm[2]), num(mm[3]));
          if (fillOps.has(pathOp)) addArea(b, s.fill);
          if (pendingClip) s.clip = intersect(s.clip, b);
        }
        pendingClip = false;
        break;
      }
      case Op.shadingFill:
        addArea(s.clip ?? { x0: 0, y0: 0, x1: opt.pageWidth, y1: opt.pageHeight }, "pattern");
        break;
      case Op.paintImage:
        addArea(transformBox(device(), 0, 0, 1, 1), "image");
        break;
      case Op.paintMask:
        addArea(transformBox(device(), 0, 0, 1, 1), s.fill);
        break;
    }
  }
  return { glyphs, areas };
}
