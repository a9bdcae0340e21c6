import type { StyledGlyph } from "./layout-types.ts";

/**
 * "Fake bold": some producers (wkhtmltopdf, Word with a synthetic bold) draw the same text two or
 * three times with a sub-point offset. A parser then reads "银银牌牌" or "PProjects". Copies of a
 * glyph that land within a fraction of its width of the first copy are dropped, and the survivor is
 * marked bold, because that is what the reader sees.
 */

/** Bucket key: rounded baseline and first character (copies share both). */
function bucketKey(text: string, y: number): number {
  return y * 0x200000 + (text.codePointAt(0) ?? 0);
}

/**
 * Returns the glyphs without overdrawn copies. The survivor of a double draw is marked
 * `bold: true` in place (the caller hands in glyph objects it owns).
 */
export function removeOverdraw(glyphs: StyledGlyph[]): StyledGlyph[] {
  const out: StyledGlyph[] = [];
  const buckets = new Map<number, StyledGlyph[]>();
  for (const g of glyphs) {
    if (g.text === " " || !g.text.trim()) {
      out.push(g);
      continue;
    }
    const ry = Math.round(g.y);
    const tolX = Math.max(0.6, Math.min(g.width * 0.35, g.size * 0.2));
    const tolY = Math.max(0.5, g.size * 0.1);
    let twin: StyledGlyph | undefined;
    for (let dy = -1; dy <= 1 && !twin; dy++) {
      const list = buckets.get(bucketKey(g.text, ry + dy));
      if (!list) continue;
      // copies are drawn close together; scanning only the latest entries keeps hostile pages linear
      for (let k = list.length - 1; k >= Math.max(0, list.length - 128); k--) {
        const o = list[k]!;
        if (
          o.text === g.text &&
          Math.abs(o.x - g.x) <= tolX &&
          Math.abs(o.y - g.y) <= tolY &&
          Math.abs(o.size - g.size) <= 0.5
        ) {
          twin = o;
          break;
        }
      }
    }
    if (twin) {
      twin.bold = true;
      continue;
    }
    out.push(g);
    const key = bucketKey(g.text, ry);
    const list = buckets.get(key);
    if (list) list.push(g);
    else buckets.set(key, [g]);
  }
  return out;
}
