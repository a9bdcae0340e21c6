/**
 * Fonts for the scripts the shipped DejaVu Sans does not draw, from npm development dependencies (so
 * a machine with Node.js and npm alone draws them): Noto Sans Devanagari, Bengali and Thai as Google
 * Fonts publishes them (@expo-google-fonts, one TrueType file per weight, Latin included), and the
 * Noto Sans CJK region subsets as OpenType/CFF (@embedpdf/fonts-sc: Han and kana, for Chinese and
 * Japanese; @embedpdf/fonts-kr: Hangul). Each has a regular and a bold weight.
 */

const EXPO = "node_modules/@expo-google-fonts";

const FONTS: Record<string, { sans: string; bold: string }> = {
  hi: {
    sans: `${EXPO}/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf`,
    bold: `${EXPO}/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf`,
  },
  bn: {
    sans: `${EXPO}/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf`,
    bold: `${EXPO}/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf`,
  },
  th: {
    sans: `${EXPO}/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf`,
    bold: `${EXPO}/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf`,
  },
  zh: {
    sans: "node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf",
    bold: "node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Bold.otf",
  },
  ko: {
    sans: "node_modules/@embedpdf/fonts-kr/fonts/NotoSansKR-Regular.otf",
    bold: "node_modules/@embedpdf/fonts-kr/fonts/NotoSansKR-Bold.otf",
  },
};
FONTS.ja = FONTS.zh!;

/** Languages whose script needs a font other than DejaVu Sans. */
export const SCRIPT_FONT_LANGUAGES = Object.keys(FONTS);

/**
 * Register the language's font as "sans" and "bold" (over pdfkitDocument's DejaVu Sans) before
 * anything is drawn; languages DejaVu Sans draws keep it.
 */
export function useScriptFont(doc: PDFKit.PDFDocument, language: string): void {
  const f = FONTS[language];
  if (!f) return;
  doc.registerFont("sans", f.sans);
  doc.registerFont("bold", f.bold);
  const font = doc.font.bind(doc);
  doc.font = ((src: string, ...rest: never[]) => {
    const d = font(src, ...rest);
    mapOnlyMappedGlyphs(d as unknown as WithFont);
    return d;
  }) as typeof doc.font;
  if (!OWN_EMBEDDING.has(language)) return;
  const text = doc.text.bind(doc);
  doc.text = ((str: string, ...rest: never[]) => {
    embedAnewOnClash(doc as unknown as Drawing, String(str));
    return text(str, ...rest);
  }) as typeof doc.text;
}

/**
 * fontkit gives a glyph the characters of its first use in a shaping of the whole font object, and
 * pdfkit maps each glyph of an embedded font to one text: a Devanagari or Bengali glyph that two
 * texts draw differently (the hook of "ई" is the reph glyph; a conjunct part) would read as the
 * first text in both. A text whose glyphs would map differently from the current embedding is
 * drawn with an embedding of its own (the reader still meets visual order, marks and unmapped
 * parts; a producer that maps each glyph once has the same limit, which no reader can undo).
 */
const OWN_EMBEDDING = new Set(["hi", "bn", "th"]);

interface Shaped {
  layout(text: string): { glyphs: Array<{ id: number; codePoints: number[] }> };
  _glyphs: object;
}
interface EmbeddedFont {
  id: string;
  font: Shaped;
  subset: { mapping: Record<number, number> };
  document: { ref(): { end(text: string): void } };
  unicode: number[][];
  toUnicodeCmap(): unknown;
}
interface Drawing {
  _font: EmbeddedFont;
  _fontCount: number;
  _fontFamilies: Record<string, EmbeddedFont>;
}

function embedAnewOnClash(doc: Drawing, text: string): void {
  const current = doc._font;
  if (!current?.subset?.mapping) return;
  current.font._glyphs = {}; // the characters of this text's own shaping
  const clash = current.font.layout(text).glyphs.some((g) => {
    const mapped = current.unicode[current.subset.mapping[g.id] ?? -1];
    return mapped !== undefined && String.fromCodePoint(...mapped) !== String.fromCodePoint(...g.codePoints);
  });
  if (!clash) return;
  current.font._glyphs = {};
  const Embedded = current.constructor as new (d: Drawing, f: Shaped, id: string) => EmbeddedFont;
  const fresh = new Embedded(doc, current.font, `F${++doc._fontCount}`);
  mapOnlyMappedGlyphs({ _font: fresh });
  doc._fontFamilies[fresh.id] = fresh;
  doc._font = fresh;
}
type WithFont = { _font: EmbeddedFont };

const hex = (n: number) => n.toString(16).padStart(4, "0");

/**
 * pdfkit writes an empty destination ("<>") into its ToUnicode ranges for a glyph that shaping left
 * without characters (a conjunct part, a headline stroke of Bengali), which is no valid CMap entry:
 * pdf.js drops it and reads every later glyph of the range one place off. Written as a producer that
 * leaves such glyphs unmapped writes them: one entry per mapped glyph, none for the others.
 */
function mapOnlyMappedGlyphs({ _font: font }: WithFont): void {
  if (!Array.isArray(font.unicode)) return; // a standard font: no ToUnicode written
  font.toUnicodeCmap = function (this: EmbeddedFont) {
    const cmap = this.document.ref();
    const entries: string[] = [];
    this.unicode.forEach((points, gid) => {
      if (!points?.length) return;
      const units = String.fromCodePoint(...points);
      const dest = Array.from({ length: units.length }, (_, i) => hex(units.charCodeAt(i))).join("");
      entries.push(`<${hex(gid)}> <${dest}>`);
    });
    const blocks: string[] = [];
    for (let i = 0; i < entries.length; i += 100) {
      const block = entries.slice(i, i + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join("\n")}\nendbfchar`);
    }
    cmap.end(
      [
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        "<0000><ffff>",
        "endcodespacerange",
        ...blocks,
        "endcmap",
        "CMapName currentdict /CMap defineresource pop",
        "end",
        "end",
      ].join("\n"),
    );
    return cmap;
  };
}

/** The regular and bold font files of a language that needs its own font. */
export function scriptFontFiles(language: string): string[] {
  const f = FONTS[language];
  return f ? [f.sans, f.bold] : [];
}
