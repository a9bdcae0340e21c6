import type { StyledGlyph } from "./layout-types.ts";

/**
 * Accents drawn as glyphs of their own. TeX without a T1 font encoding (and Quartz output of it) sets
 * "ç", "ã" or "ê" as a letter and a spacing accent placed over or under it ("EDUCAC¸ AO" + "˜"), often
 * on a raised baseline and sometimes before the letter in the content stream. A spacing accent whose
 * centre lies over a letter of about its size, within an em above or below it, is that letter's
 * diacritic: the letter takes the combining mark (composed where Unicode has the letter) and the
 * accent glyph is dropped. An accent over no letter ("´" typed alone) stays as it is. Pure.
 */

const COMBINING: Record<string, string> = {
  "\u00B4": "\u0301",
  "\u02CA": "\u0301",
  "\u0060": "\u0300",
  "\u02CB": "\u0300",
  "\u02C6": "\u0302",
  "\u02DC": "\u0303",
  "\u00A8": "\u0308",
  "\u00B8": "\u0327",
  "\u02C7": "\u030C",
  "\u02D8": "\u0306",
  "\u02DA": "\u030A",
  "\u00AF": "\u0304",
  "\u02C9": "\u0304",
  "\u02DD": "\u030B",
  "\u02D9": "\u0307",
  "\u02DB": "\u0328",
};

/** Dotless letters TeX puts accents on ("´ı" for "í"). */
const DOTLESS: Record<string, string> = { ı: "i", ȷ: "j" };

const isLetter = (t: string) => t.length === 1 && /\p{L}/u.test(t);

export function composeAccents(glyphs: StyledGlyph[]): StyledGlyph[] {
  if (!glyphs.some((g) => g.text in COMBINING)) return glyphs;
  const dropped = new Set<StyledGlyph>();
  const text = new Map<StyledGlyph, string>();
  for (const accent of glyphs) {
    const mark = COMBINING[accent.text];
    if (!mark) continue;
    const centre = accent.x + accent.width / 2;
    let best: StyledGlyph | null = null;
    let bestD = Infinity;
    for (const g of glyphs) {
      if (g === accent || !isLetter(g.text) || Math.abs(g.size - accent.size) > accent.size * 0.3) continue;
      if (centre < g.x || centre > g.x + g.width || Math.abs(g.y - accent.y) > g.size) continue;
      const d = Math.abs(g.x + g.width / 2 - centre) + Math.abs(g.y - accent.y);
      if (d < bestD) [best, bestD] = [g, d];
    }
    if (!best) continue;
    const base = text.get(best) ?? best.text;
    text.set(best, (DOTLESS[base] ?? base) + mark);
    dropped.add(accent);
  }
  return glyphs
    .filter((g) => !dropped.has(g))
    .map((g) => {
      const t = text.get(g);
      return t === undefined ? g : { ...g, text: t.normalize("NFC") };
    });
}
