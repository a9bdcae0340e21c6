/**
 * Right-to-left text in logical order. A PDF places the glyphs of Hebrew, Arabic or Persian text
 * from right to left, so reading a segment's glyphs by x gives its letters backwards ("םיטקיורפ" for
 * "פרויקטים"). A segment whose strong letters are mostly right-to-left is turned around: its
 * characters are reversed, then every run of left-to-right text inside it (a number, a Latin word,
 * "React 2021") is reversed back, and brackets are mirrored. The arrays handed in (characters and
 * the boxes and glyphs kept beside them) are reordered together. Pure.
 */

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LTR = /[\p{L}\p{N}]/u;
const MIRROR: Record<string, string> = {
  "(": ")",
  ")": "(",
  "[": "]",
  "]": "[",
  "{": "}",
  "}": "{",
  "<": ">",
  ">": "<",
};

/** Is this text mostly right-to-left by its strong letters? */
export function isRightToLeft(chars: readonly string[]): boolean {
  let rtl = 0;
  let ltr = 0;
  for (const c of chars) {
    if (RTL.test(c)) rtl++;
    else if (LTR.test(c)) ltr++;
  }
  return rtl > 0 && rtl >= ltr;
}

/** The visual-order arrays of a right-to-left segment in logical order (see the module comment). */
export function toLogicalOrder<B, G>(
  chars: string[],
  boxes: B[],
  glyphs: G[],
): { chars: string[]; boxes: B[]; glyphs: G[] } {
  // one glyph's characters (an Arabic lam-alef ligature is "لا") stay in their own order
  const units: number[][] = [];
  chars.forEach((_, i) => {
    const last = units[units.length - 1];
    if (last && glyphs[i] !== null && glyphs[i] === glyphs[last[0]!]) last.push(i);
    else units.push([i]);
  });
  const order = units.reverse().flat();
  // runs of left-to-right characters (with the neutrals between their letters) keep their own order
  const out: number[] = [];
  for (let k = 0; k < order.length; ) {
    const c = chars[order[k]!]!;
    if (!LTR.test(c) || RTL.test(c)) {
      out.push(order[k]!);
      k++;
      continue;
    }
    let end = k;
    while (end + 1 < order.length) {
      const n = chars[order[end + 1]!]!;
      if (RTL.test(n)) break;
      end++;
    }
    // trailing neutrals (spaces, punctuation) after the last LTR letter belong to the RTL text
    while (end > k && !LTR.test(chars[order[end]!]!)) end--;
    out.push(...unitsReversed(order.slice(k, end + 1), glyphs));
    k = end + 1;
  }
  return {
    chars: out.map((i) => (RTL.test(chars[i]!) || LTR.test(chars[i]!) ? chars[i]! : (MIRROR[chars[i]!] ?? chars[i]!))),
    boxes: out.map((i) => boxes[i]!),
    glyphs: out.map((i) => glyphs[i]!),
  };
}

/** A run of indices in reversed unit order turned back, one glyph's characters kept together. */
function unitsReversed<G>(run: number[], glyphs: G[]): number[] {
  const units: number[][] = [];
  for (const i of run) {
    const last = units[units.length - 1];
    if (last && glyphs[i] !== null && glyphs[i] === glyphs[last[0]!]) last.push(i);
    else units.push([i]);
  }
  return units.reverse().flat();
}
