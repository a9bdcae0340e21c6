import type { FontProgram, FontProps, PdfJsFontClass, PdfJsInternals } from "./pdfjs-internals.ts";

/**
 * Fonts read for their text only (see `.patches/README.md`). pdf.js converts every embedded font
 * program to OpenType (Type 1 and CFF are rewritten, TrueType is repaired by checkAndRepair) so that
 * a browser can draw it. Reading text takes each glyph's Unicode value and width and the font matrix;
 * these come from the font dictionary (Widths, W, ToUnicode, Encoding) and from a few facts at the
 * head of the program (a Type 1 font's FontMatrix and built-in Encoding, a CFF font's FontMatrix),
 * never from the glyph outlines. A font whose text properties are fully known that way is built
 * without converting its program (it has no `data` and no `mimetype`); every other font is converted
 * as before.
 */

/** The FontMatrix of a CFF program's top DICT, as CFFParser.parse sets it. */
function readCffMatrix(pdf: PdfJsInternals, stream: FontProgram, props: FontProps): void {
  const parser = new pdf.CFFParser(stream, props, false);
  const header = parser.parseHeader();
  const names = parser.parseIndex(header.endPos);
  const top = parser.parseIndex(names.endPos);
  const dict = parser.createDict(pdf.CFFTopDict, parser.parseDict(top.obj.get(0)), new pdf.CFFStrings());
  const matrix = dict.getByName("FontMatrix");
  if (matrix) props.fontMatrix = matrix;
}

/** An OpenType or TrueType program's table directory: tag -> [offset, length]. */
function tableDirectory(pdf: PdfJsInternals, file: FontProgram): Map<string, [number, number]> {
  const head = file.peekBytes(12);
  const count = (head[4]! << 8) | head[5]!;
  const dir = file.peekBytes(12 + 16 * count);
  const uint32 = (at: number) => ((dir[at]! << 24) | (dir[at + 1]! << 16) | (dir[at + 2]! << 8) | dir[at + 3]!) >>> 0;
  const tables = new Map<string, [number, number]>();
  for (let i = 0, at = 12; i < count; i++, at += 16) {
    tables.set(pdf.bytesToString(dir.subarray(at, at + 4)), [uint32(at + 8), uint32(at + 12)]);
  }
  return tables;
}

/**
 * Puts in `props` the program facts the conversion would have put there (only those), and says
 * whether the font's text properties are then known without converting the program. The file is
 * left at its start, so that the full conversion can read it.
 */
export function readForTextOnly(pdf: PdfJsInternals, file: FontProgram | null, props: FontProps): boolean {
  if (!file || file.isEmpty || props.isType3Font) return false;
  // the conversion amends the Unicode map from the program's encoding only when none of these holds
  const unicodeFromDict =
    !!props.hasIncludedToUnicodeMap || !!props.isInternalFont || props.toUnicode instanceof pdf.IdentityToUnicodeMap;
  try {
    const [type, subtype] = pdf.getFontFileType(file, props);
    if (pdf.isTrueTypeFile(file) || pdf.isOpenTypeFile(file)) {
      const tables = tableDirectory(pdf, file);
      const cff = tables.get("CFF ");
      if (cff) {
        // CFF outlines: checkAndRepair takes the FontMatrix from the CFF table's top DICT
        if (!unicodeFromDict) return false;
        readCffMatrix(pdf, new pdf.Stream(file.getBytes().subarray(cff[0], cff[0] + cff[1])), props);
        return true;
      }
      // checkAndRepair gives up (and substitutes a system font) without these tables
      if (!tables.has("loca") || !tables.has("maxp")) return false;
      // TrueType outlines: the repair changes the Unicode map only for a simple symbolic font
      // without ToUnicode or Encoding (adjustTrueTypeToUnicode, from the name table)
      return unicodeFromDict || !!props.composite || !!props.hasEncoding || !(props.flags & pdf.FontFlags.Symbolic);
    }
    if (
      (type === "Type1" || type === "MMType1") &&
      subtype === undefined &&
      !props.composite &&
      pdf.isType1File(file)
    ) {
      // Type1Font reads the FontMatrix and built-in Encoding from the clear-text header
      let length = props.length1;
      const pfb = file.peekBytes(6);
      if (pfb[0] === 128 && pfb[1] === 1) {
        file.skip(6);
        length = (pfb[5]! << 24) | (pfb[4]! << 16) | (pfb[3]! << 8) | pfb[2]!;
      }
      new pdf.Type1Parser(pdf.getHeaderBlock(file, length).stream, false, true).extractFontHeader(props);
      return true;
    }
    if ((subtype === "Type1C" || subtype === "CIDFontType0C") && unicodeFromDict && pdf.isCFFFile(file)) {
      // a bare CFF program: the FontMatrix of its top DICT
      readCffMatrix(pdf, file, props);
      return true;
    }
    // CID-keyed Type 1, a CFF font whose Unicode map needs its built-in encoding, or a program of
    // no known type (only the dictionary names its type; the conversion decides)
    return false;
  } catch {
    return false; // a damaged program: the full conversion decides (it may fall back to a system font)
  } finally {
    file.reset();
  }
}

/**
 * pdf.js's Font with the text-only road: when `isTextOnly()` and the program's head says all the
 * glyphs carry, the font is built as one without a program, and the step pdf.js takes for such a
 * font (substituting a system font) is replaced by keeping what the conversion would have left in
 * `props` (Font's constructor after convert or checkAndRepair); `missingFile` stays false. The
 * standard fonts pdf.js builds itself (`isSimulatedFlags`) and every other font are built as before.
 */
export function textOnlyFontClass(pdf: PdfJsInternals, isTextOnly: () => boolean): PdfJsFontClass {
  /** the props of fonts being built text-only, until Font's constructor hands them back */
  const textOnly = new WeakSet<FontProps>();
  return class TextOnlyFont extends pdf.Font {
    constructor(name: string, file: FontProgram | null, props: FontProps, options: unknown) {
      const skip = isTextOnly() && props.isSimulatedFlags !== true && readForTextOnly(pdf, file, props);
      if (skip) textOnly.add(props);
      super(name, skip ? null : file, props, options);
    }

    override fallbackToSystemFont(props: FontProps): void {
      if (!textOnly.delete(props)) {
        super.fallbackToSystemFont(props);
        return;
      }
      pdf.adjustWidths(props);
      if (props.builtInEncoding) pdf.adjustType1ToUnicode(props, props.builtInEncoding);
      pdf.amendFallbackToUnicode(props);
      this.fontMatrix = props.fontMatrix;
      this.widths = props.widths;
      this.defaultWidth = props.defaultWidth;
      this.toUnicode = props.toUnicode;
    }
  };
}
