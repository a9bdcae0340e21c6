import type { Segment } from "./layout-types.ts";

/**
 * A list bullet set off from its text by a tab (Word, LibreOffice and Google Docs lists) lands in a
 * segment of its own. A bullet is never a column or a field of its own: it is joined to the text
 * after it, so the line reads "• Item" and its first segment carries the item's style. Pure.
 */

/** One mark that lists use as a bullet: symbols, dashes, a lone "o" (Word's second level), "a)", "1.", "iv)". */
const BULLET_MARK = /^(?:[•·◦▪●○■□►▸➢➤✓✔❖◆‣⁃∙\-–—*o§]|\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})[.)])$/u;
/** Widest gap (in ems of the text) between a bullet and its text. */
const MAX_GAP_EM = 4;

export function isBulletMark(text: string): boolean {
  const t = text.trim();
  return BULLET_MARK.test(t) || /^[\uE000-\uF8FF]$/u.test(t);
}

/** Join a leading bullet-only segment to the segment right after it (segments sorted by x). */
export function joinBulletSegment(segs: Segment[]): Segment[] {
  const [mark, text, ...rest] = segs;
  if (!mark || !text || !isBulletMark(mark.text)) return segs;
  if (text.x0 - mark.x1 > MAX_GAP_EM * text.size || !/[\p{L}\p{N}]/u.test(text.text)) return segs;
  // a letter or an icon glyph used as a bullet reads as one ("o Item" would read as a word)
  const shown = /^[o§]$|^[\uE000-\uF8FF]$/u.test(mark.text.trim()) ? "•" : mark.text.trim();
  const offset = shown.length + 1;
  const joined: Segment = {
    ...text,
    text: `${shown} ${text.text}`,
    charBoxes: [
      ...Array.from(shown, (): [number, number] => [mark.x0, mark.x1]),
      [mark.x1, text.x0],
      ...text.charBoxes,
    ],
    x0: mark.x0,
    runs: [
      {
        ...(mark.runs[0] ?? { font: mark.font, size: mark.size, bold: mark.bold, italic: mark.italic }),
        start: 0,
        end: shown.length,
      },
      ...text.runs.map((r) => ({ ...r, start: r.start + offset, end: r.end + offset })),
    ],
  };
  return [joined, ...rest];
}
