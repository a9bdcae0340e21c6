/**
 * Technologies a project names, pure. Two sources: explicit lists ("Name | Python, Pygame",
 * "Tech: React, Node.js", a tag line under the title) where every item counts, and prose ("built
 * using JavaScript, EJS, NodeJS, and MongoDB") where only names from a known vocabulary count.
 */

import { KNOWN } from "./technology-names.ts";

const CANON = new Map<string, string>();
for (const k of KNOWN) CANON.set(k.toLowerCase(), k);

/** The vocabulary spelling of a technology name, or null when the name is unknown. */
export function canonicalTechnology(name: string): string | null {
  return CANON.get(name.trim().toLowerCase()) ?? null;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Longest names first so "React Native" wins over "React"; boundaries that allow "C++" and "Node.js".
const PROSE = new RegExp(
  `(?<![\\p{L}\\p{N}+#.])(${[...KNOWN]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})(?![\\p{L}\\p{N}+#]|\\.[\\p{L}])`,
  "giu",
);

/** Known technology names mentioned in prose, in order of first mention, without duplicates. */
export function scanTechnologies(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PROSE)) {
    const canon = canonicalTechnology(m[1]!) ?? m[1]!;
    // one-letter languages ("C", "R") only as written, and not in "R&D" or "C-level"
    if (canon.length === 1 && (m[1] !== canon || /^[&'-]/.test(text.slice(m.index! + 1)))) continue;
    // "go", "spring", "express", "less" in lower case are English words, not the technologies
    if (/\p{Lu}/u.test(canon[0]!) && !/\p{Lu}/u.test(m[1]![0]!)) continue;
    if (!out.includes(canon)) out.push(canon);
  }
  return out;
}

/** Items of an explicit list: "Python, Pygame", "Golang go-telegram/bot sqlx", "React • Node.js". */
export function splitTechList(text: string): string[] {
  const t = text
    .replace(/^\s*(tech(nologies|nology)?|tech stack|stack|tools|built with|languages?|frameworks?)\s*[:\-–]\s*/i, "")
    .trim();
  if (!t) return [];
  if (canonicalTechnology(t)) return [t];
  const parts = /[,;•|·/]/.test(t.replace(/\b[\w.-]+\/[\w.-]+\b/g, "")) ? t.split(/\s*[,;•|·]\s*/) : t.split(/\s+/);
  return parts
    .map((p) =>
      p
        .replace(/^(and|&)\s+/i, "")
        .replace(/[.()]+$/, "")
        .trim(),
    )
    .filter((p) => p.length > 0 && p.length <= 40);
}

/**
 * A line that is nothing but a technology list: short items, most of them known names. Items split at
 * spaces (no list separator) are a list only when every unknown item looks like an identifier
 * ("go-telegram/bot", "sqlx"): a capitalised ordinary word beside a technology makes a name
 * ("Kubernetes Autoscaler", "React Dashboard"), not a list.
 */
export function isTechListLine(text: string): boolean {
  const items = splitTechList(text);
  if (items.length === 0 || text.length > 120 || /[.!?]\s+\p{Lu}/u.test(text)) return false;
  if (items.some((i) => i.split(/\s+/).length > 3)) return false;
  const unknown = items.filter((i) => canonicalTechnology(i) === null);
  const spaceSeparated =
    items.length > 1 && !/[,;•|·]/.test(text) && items.join(" ") === text.trim().replace(/\s+/g, " ");
  if (spaceSeparated && unknown.some((i) => /^\p{Lu}\p{Ll}{2,}$/u.test(i))) return false;
  return items.length - unknown.length >= Math.max(1, Math.ceil(items.length * 0.5));
}

/** Merge lists without duplicates (case-insensitive), keeping first spellings. */
export function mergeTechnologies(...lists: string[][]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const list of lists)
    for (const t of list) {
      const key = t.toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        out.push(canonicalTechnology(t) ?? t);
      }
    }
  return out;
}
