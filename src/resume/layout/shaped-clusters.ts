import type { StyledGlyph } from "./layout-types.ts";

/**
 * Scripts whose letters a font shapes into clusters (Devanagari, Bengali and the other Indic
 * scripts, Thai, Lao), read back in the order they are written. A PDF maps each drawn glyph to
 * characters on its own, and the glyphs of a cluster are drawn in visual order:
 *
 * - marks, below-base forms and the parts of a conjunct are glyphs without an advance, drawn over
 *   the letter painted just before them (often a little left or right of its origin, so sorting by
 *   x puts a Thai tone mark after the next letter, and the gap after the mark reads as a word space).
 *   In paint order such a glyph joins the glyph it is drawn on; a blank or other-script text on it
 *   is a glyph the producer left unmapped (a headline stroke, a conjunct part) and is dropped;
 * - a pre-base vowel sign (Devanagari "ि", Bengali "ি", "ে") is drawn left of the consonant
 *   cluster it follows in writing: it moves after that cluster, and the second part of a two-part
 *   vowel ("ে" + "া") joins it (NFC: "ো");
 * - a reph (ra + virama written before a cluster) is drawn above the cluster's end, as a glyph
 *   without an advance: it moves to the start of the cluster (its half forms included);
 * - Thai and Lao SARA AM drawn as nikhahit + SARA AA reads "ำ" + "า"; written Thai never puts SARA
 *   AA after SARA AM, so the pair is one SARA AM.
 *
 * Chinese, Japanese and Korean need none of this (one glyph, one character). Pure.
 */

interface ClusterScript {
  from: number;
  to: number;
  virama?: string;
  /** ra + virama, written before a cluster and drawn as a reph above it */
  reph?: string;
  /** vowel signs drawn before the consonant cluster they follow in writing */
  preBase: string;
}

const SCRIPTS: ClusterScript[] = [
  { from: 0x0900, to: 0x097f, virama: "\u094D", reph: "\u0930\u094D", preBase: "\u093F\u094E" },
  { from: 0x0980, to: 0x09ff, virama: "\u09CD", reph: "\u09B0\u09CD", preBase: "\u09BF\u09C7\u09C8" },
  { from: 0x0a00, to: 0x0a7f, virama: "\u0A4D", preBase: "\u0A3F" },
  { from: 0x0a80, to: 0x0aff, virama: "\u0ACD", reph: "\u0AB0\u0ACD", preBase: "\u0ABF" },
  { from: 0x0b00, to: 0x0b7f, virama: "\u0B4D", reph: "\u0B30\u0B4D", preBase: "\u0B47" },
  { from: 0x0b80, to: 0x0bff, virama: "\u0BCD", preBase: "\u0BC6\u0BC7\u0BC8" },
  { from: 0x0d00, to: 0x0d7f, virama: "\u0D4D", preBase: "\u0D46\u0D47\u0D48" },
  { from: 0x0e00, to: 0x0eff, preBase: "" },
];

function scriptOf(text: string): ClusterScript | null {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x0900 || c > 0x0eff) continue;
    for (const s of SCRIPTS) if (c >= s.from && c <= s.to) return s;
  }
  return null;
}

const inScript = (ch: string, s: ClusterScript) => {
  const c = ch.codePointAt(0)!;
  return c >= s.from && c <= s.to;
};
const MARKS = /^\p{M}+$/u;
/** A glyph without an advance: drawn over another one. */
const advanceless = (g: StyledGlyph) => g.width <= 0.05 * g.size;
const isReph = (g: StyledGlyph, s: ClusterScript) => !!s.reph && advanceless(g) && g.text.startsWith(s.reph);

/**
 * In paint order (before rows are sorted by x): advanceless glyphs join the cluster-script glyph
 * painted before them; a reph stays a glyph of its own, placed just inside that glyph's box so that
 * sorting by x keeps it after the cluster it belongs to.
 */
export function joinDrawnOver(glyphs: StyledGlyph[]): StyledGlyph[] {
  if (!glyphs.some((g) => scriptOf(g.text))) return glyphs;
  const out: StyledGlyph[] = [];
  for (const g of glyphs) {
    const prev = out[out.length - 1];
    const s = prev && advanceless(g) ? scriptOf(prev.text) : null;
    if (
      !prev ||
      !s ||
      Math.abs(g.y - prev.y) > prev.size ||
      g.x < prev.x - prev.size ||
      g.x > prev.x + prev.width + 0.2 * prev.size
    ) {
      out.push(g);
      continue;
    }
    if (isReph(g, s)) {
      out.push({ ...g, x: Math.min(g.x, prev.x + prev.width * 0.999) });
      continue;
    }
    // a blank, or text of another script: an unmapped glyph whose character code reads as text
    const own = [...g.text].every((ch) => inScript(ch, s) || MARKS.test(ch));
    out[out.length - 1] = { ...prev, text: own ? prev.text + g.text : prev.text };
  }
  return out;
}

/** Does this glyph's text end a cluster (it holds a letter of the script and no virama at its end)? */
function endsCluster(g: StyledGlyph, s: ClusterScript): boolean {
  if (s.virama && (g.text.endsWith(s.virama) || g.text.endsWith(`${s.virama}\u200D`))) return false;
  return [...g.text].some((ch) => inScript(ch, s) && /\p{L}/u.test(ch));
}

const NUKTA = /[\u093C\u09BC\u0A3C\u0ABC\u0B3C]/;

/** A vowel sign put after a cluster's consonants (and nukta), before its marks: "मं" + "ि" is "मिं". */
function afterConsonants(cluster: string, sign: string): string {
  const chars = [...cluster];
  let p = chars.length;
  while (p > 0 && !/\p{L}/u.test(chars[p - 1]!)) p--;
  while (p < chars.length && NUKTA.test(chars[p]!)) p++;
  return [...chars.slice(0, p), sign, ...chars.slice(p)].join("");
}

/** A row's glyphs sorted left to right, with clusters in written order (see the module comment). */
export function writtenOrder(sorted: StyledGlyph[]): StyledGlyph[] {
  if (!sorted.some((g) => scriptOf(g.text))) return sorted;
  const out = [...sorted];
  // pre-base vowel signs move after their cluster
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!;
    const s = m.text.length === 1 ? scriptOf(m.text) : null;
    if (!s?.preBase.includes(m.text)) continue;
    let j = i + 1;
    while (j < out.length && scriptOf(out[j]!.text) === s && !endsCluster(out[j]!, s) && j - i < 6) j++;
    const end = out[j];
    if (!end || scriptOf(end.text) !== s || !endsCluster(end, s)) continue;
    let vowel = m.text;
    let right = end.x + end.width;
    const next = out[j + 1];
    // the second part of a two-part vowel drawn after the cluster ("ে" ... "া" is "ো")
    if (
      next &&
      MARKS.test(next.text) &&
      (vowel + next.text).normalize("NFC").length < vowel.length + next.text.length
    ) {
      vowel += next.text;
      right = next.x + next.width;
      out.splice(j + 1, 1);
    }
    out[j] = { ...end, text: afterConsonants(end.text, vowel).normalize("NFC"), width: right - end.x };
    const first = out[i + 1]!;
    out[i + 1] = { ...first, x: m.x, width: first.x + first.width - m.x };
    out.splice(i, 1);
    i--;
  }
  for (let i = 0; i < out.length; i++) {
    const g = out[i]!;
    const s = scriptOf(g.text);
    if (!s) continue;
    // a reph goes to the start of the cluster it is drawn over
    if (isReph(g, s)) {
      let k = i - 1;
      while (k >= 0 && MARKS.test(out[k]!.text) && scriptOf(out[k]!.text) === s) k--;
      while (k > 0 && out[k - 1]!.text.endsWith(s.virama!) && scriptOf(out[k - 1]!.text) === s) k--;
      if (k < 0 || scriptOf(out[k]!.text) !== s) continue;
      const rest = g.text.slice(s.reph!.length);
      out[k] = { ...out[k]!, text: s.reph! + out[k]!.text };
      if (rest) out[i - 1] = { ...out[i - 1]!, text: (out[i - 1]!.text + rest).normalize("NFC") };
      out.splice(i, 1);
      i--;
      continue;
    }
    // SARA AM drawn as nikhahit + SARA AA
    const next = out[i + 1];
    if (next && /[\u0E33\u0EB3]$/.test(g.text) && (next.text === "\u0E32" || next.text === "\u0EB2")) {
      out[i] = { ...g, width: next.x + next.width - g.x };
      out.splice(i + 1, 1);
    }
  }
  return out;
}
