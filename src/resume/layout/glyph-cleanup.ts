/**
 * Glyph noise removal, one glyph at a time: ligatures become their letters, icon-font and
 * private-use glyphs disappear, exotic hyphens and spaces become plain ones. A soft hyphen is kept
 * as U+00AD so that the line stage can tell a line-end break ("high-" + "impact") from a visible
 * hyphen that a producer happened to encode as U+00AD (awesome-cv's "high\u00ADimpact" mid-line).
 */

export const SOFT_HYPHEN = "\u00AD";

const LIGATURES: Record<string, string> = {
  "\uFB00": "ff",
  "\uFB01": "fi",
  "\uFB02": "fl",
  "\uFB03": "ffi",
  "\uFB04": "ffl",
  "\uFB05": "st",
  "\uFB06": "st",
  "\u0132": "IJ",
  "\u0133": "ij",
  "\u0152": "OE",
  "\u0153": "oe",
};

const HYPHENS = /[\u2010\u2011\u2212\uFE63\uFF0D]/g;
const SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000\t]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point of this pattern
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFEFF]/g;
const PRIVATE_USE = /[\uE000-\uF8FF]|[\uDB80-\uDBFF][\uDC00-\uDFFF]/;

/** The text a glyph contributes to a line; "" for glyphs that are pictures or control noise. */
export function cleanGlyphText(text: string, iconFont: boolean): string {
  if (iconFont || text === "") return "";
  if (text.length === 1) {
    const c = text.charCodeAt(0);
    if (c >= 0x21 && c <= 0x7e) return text; // printable ASCII: nothing to clean
  }
  if (PRIVATE_USE.test(text)) return "";
  let out = "";
  for (const ch of text) {
    const lig = LIGATURES[ch];
    if (lig) out += lig;
    else if (ch >= "\uFF01" && ch <= "\uFF5E") out += String.fromCharCode(ch.charCodeAt(0) - 0xfee0);
    else out += ch;
  }
  return out.replace(INVISIBLE, "").replace(SPACES, " ").replace(HYPHENS, "-");
}
