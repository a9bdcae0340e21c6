import type { ResolvedFont } from "./content-interpreter.ts";
import { fontInfoOf } from "./font-info.ts";
import { installPdfJsHooks, setTextOnly } from "./pdfjs-hooks.ts";
import type { FontInfo } from "./raw-document.ts";

/**
 * How the reader has pdf.js treat fonts, and how it reads them back. pdf.js is made to draw: it
 * converts every embedded font program to OpenType and hands it to the browser. The reader only
 * reads text, in the thread that runs pdf.js, so:
 * - by default pdf.js reads fonts "for their text only" where that gives the same glyphs: from the
 *   dictionary and the head of the program instead of converting the whole program (a font the
 *   dictionary does not fully describe is still converted), and its operator-list chunks list no
 *   buffers to transfer (pdfjs-hooks.ts, through the hook `.patches/README.md` describes). The
 *   switch is process-wide because pdf.js's font code has no per-document option; this module is
 *   its only writer.
 * - the fonts pdf.js still converts go to a FontFace that accepts them and does nothing.
 */

/** How pdf.js read one font: its text from the dictionary, by converting the program, without a program (a substitute), or as a Type 3 font. */
export type FontRead = "text-only" | "converted" | "no-program" | "type3";

/**
 * pdf.js hands every converted font to the browser's FontFace API, or, with font faces disabled,
 * compiles an outline path for every glyph so a canvas can draw it. We never draw, so the cheaper
 * road is a FontFace that accepts the font and does nothing. It is installed only where no real
 * FontFace exists, and handed to pdf.js as its document's font set.
 */
function installNullFontFace(): void {
  const g = globalThis as { FontFace?: unknown };
  g.FontFace ??= class NullFontFace {
    readonly loaded: Promise<unknown>;
    constructor(readonly family: string) {
      this.loaded = Promise.resolve(this);
    }
  };
}

export const NULL_FONT_SET = { add() {}, delete() {}, clear() {} };

/**
 * Set up pdf.js before a document is opened (loading it the first time). `convertFonts` has pdf.js
 * work as shipped: every font program converted, buffers listed for transfer (the glyphs are the
 * same; tests and the output check compare the two). The last call wins for every document read
 * after it.
 */
export async function configurePdfJs(convertFonts = false): Promise<void> {
  installNullFontFace();
  setTextOnly(!convertFonts);
  await installPdfJsHooks();
}

/** The main-thread side of a pdf.js font (a FontFaceObject): the fields read here. */
interface PdfJsFont {
  name?: string;
  bold?: boolean;
  black?: boolean;
  italic?: boolean;
  fontMatrix?: number[];
  vertical?: boolean;
  isType3Font?: boolean;
  missingFile?: boolean;
  mimetype?: unknown;
}

/** A converted program is handed over as an OpenType font; a text-only font has no mimetype. */
export function fontReadOf(font: PdfJsFont): FontRead {
  if (font.isType3Font) return "type3";
  if (font.missingFile) return "no-program";
  return typeof font.mimetype === "string" && font.mimetype.startsWith("font/") ? "converted" : "text-only";
}

interface CommonObjs {
  has(id: string): boolean;
  get(id: string): unknown;
}

/**
 * The fonts one page uses, as the content interpreter resolves them by pdf.js's loaded name: each
 * font gets an index in the page's font table the first time it is used. `onFont` is told how each
 * was read.
 */
export function pageFonts(
  page: unknown,
  onFont?: (font: { name: string; read: FontRead }) => void,
): { fonts: FontInfo[]; resolve: (name: string) => ResolvedFont | null } {
  const fonts: FontInfo[] = [];
  const byName = new Map<string, ResolvedFont | null>();
  const objs = (page as { commonObjs: CommonObjs }).commonObjs;
  return {
    fonts,
    resolve(name: string) {
      const hit = byName.get(name);
      if (hit !== undefined) return hit;
      let resolved: ResolvedFont | null = null;
      if (objs.has(name)) {
        const f = objs.get(name) as PdfJsFont;
        const info = fontInfoOf(f);
        fonts.push(info);
        onFont?.({ name: info.name, read: fontReadOf(f) });
        resolved = {
          index: fonts.length - 1,
          fontMatrix: f.fontMatrix ?? [0.001, 0, 0, 0.001, 0, 0],
          vertical: !!f.vertical,
        };
      }
      byName.set(name, resolved);
      return resolved;
    },
  };
}
