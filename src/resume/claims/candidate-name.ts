import type { Line } from "../layout/layout-types.ts";
import { classifyHeading } from "./heading-vocabulary.ts";

/**
 * The candidate's name: the most prominent short run of words near the top of the first page that
 * is not a heading, a contact detail or a document title. The PDF's Author metadata is not used:
 * reused templates carry someone else's name there.
 */

const NOT_A_NAME = /^(curriculum vitae|resume|résumé|cv|резюме|简历|lebenslauf)$/i;

function plausibleName(text: string): boolean {
  const t = text.trim();
  if (t.length < 3 || t.length > 60 || NOT_A_NAME.test(t)) return false;
  if (/[@:/\d|•]|https?|www\./i.test(t)) return false;
  const words = t.split(/\s+/);
  if (words.length > 6) return false;
  if (!/^[\p{L}\s.'’()-]+$/u.test(t)) return false;
  return classifyHeading(t) === null;
}

/** Best guess at the candidate's name, or null. */
export function candidateName(lines: Line[]): string | null {
  const first = lines.filter((l) => l.page === 1);
  if (first.length === 0) return null;
  const top = Math.min(...first.map((l) => l.top));
  const bottom = Math.max(...first.map((l) => l.bottom));
  const zone = top + (bottom - top) * 0.35;
  let best: { text: string; size: number } | null = null;
  for (const l of first) {
    if (l.top > zone) continue;
    const seg = l.segments.reduce((a, b) => (b.size > a.size ? b : a));
    // "ARTHUR L. – Software Engineer": a leading run in its own style is the name
    const lead = seg.runs[0];
    const leadText = lead && seg.runs.length > 1 ? seg.text.slice(lead.start, lead.end).replace(/[\s–—|,-]+$/, "") : "";
    const text = plausibleName(leadText) ? leadText : seg.text.replace(/\s{2,}/g, " ").trim();
    if (!plausibleName(text)) continue;
    const size = seg.size * (seg.bold ? 1.05 : 1);
    if (!best || size > best.size + 0.1) best = { text, size };
  }
  return best?.text ?? null;
}
