/**
 * How two PDF readers' results are compared (test/bench/pdfium-compare.ts): the visible text in
 * reading order after whitespace normalisation, the set of link annotations, and the hidden-text
 * verdicts, each computed by the same extraction from each reader's RawDocument. Pure.
 */
import type { RawDocument } from "../../src/resume/pdf/raw-document.ts";
import type { ExtractedResume, HiddenText } from "../../src/resume/types.ts";

/** One reader's outcome on one file: the document and what the extraction made of it, or the error code. */
export type ReadOutcome = { raw: RawDocument; extracted: ExtractedResume } | { error: string };

/** Runs of whitespace (any kind, non-breaking and zero-width spaces included) as one space, trimmed. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b\u2000-\u200a\u202f\u205f\u3000\ufeff]+/g, " ").trim();
}

/** The visible text in reading order, one line per text line, whitespace normalised. */
export function visibleText(extracted: ExtractedResume): string {
  return (extracted.textLines ?? [])
    .map((l) => normalizeWhitespace(l.text))
    .filter(Boolean)
    .join("\n");
}

/** Link annotations as "page uri" keys, sorted and without duplicates. */
export function linkSet(raw: RawDocument): string[] {
  return [...new Set(raw.pages.flatMap((p) => p.links.map((l) => `${p.number} ${l.uri}`)))].sort();
}

/** Hidden-text verdicts as "page reason text" keys (text whitespace normalised), sorted. */
export function hiddenVerdicts(hidden: HiddenText[]): string[] {
  return hidden.map((h) => `${h.page} ${h.reason} ${normalizeWhitespace(h.text)}`).sort();
}

/** Share of words the two texts have in common, counted with multiplicity (Dice; 1 = same words). */
export function wordOverlap(a: string, b: string): number {
  const wa = a.split(/\s+/).filter(Boolean);
  const wb = b.split(/\s+/).filter(Boolean);
  if (wa.length + wb.length === 0) return 1;
  const { onlyA } = setDifference(wa, wb);
  return (2 * (wa.length - onlyA.length)) / (wa.length + wb.length);
}

/** Items only in `a` and only in `b` (multisets of strings). */
export function setDifference(a: string[], b: string[]): { onlyA: string[]; onlyB: string[] } {
  const left = new Map<string, number>();
  for (const x of a) left.set(x, (left.get(x) ?? 0) + 1);
  const onlyB: string[] = [];
  for (const x of b) {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    else onlyB.push(x);
  }
  const onlyA = [...left].flatMap(([x, n]) => Array<string>(n).fill(x));
  return { onlyA, onlyB };
}

export interface FileComparison {
  /** both failed with the same code, or both read */
  sameOutcome: boolean;
  /** visible text equal after whitespace normalisation (true when both failed alike) */
  sameText: boolean;
  /** visible text equal once all whitespace is removed: the same characters, word gaps aside */
  sameCharacters: boolean;
  /** Dice overlap of the two texts' words */
  overlap: number;
  sameLinks: boolean;
  /** the same hidden-text verdicts: page, reason and text of every hidden run */
  sameHidden: boolean;
  /** both flag hidden text, or neither does */
  sameHiddenFlag: boolean;
  /** the extracted projects (names and repository links) are the same */
  sameProjects: boolean;
  /** short notes on what differs, for the report */
  notes: string[];
}

const projectKeys = (e: ExtractedResume) => e.projects.map((p) => `${p.name} ${p.repoUrl ?? "-"}`).sort();

/** Compare two readers' outcomes on one file (`a` the product's reader, `b` the candidate). */
export function compareOutcomes(a: ReadOutcome, b: ReadOutcome): FileComparison {
  if ("error" in a || "error" in b) {
    const same = "error" in a && "error" in b && a.error === b.error;
    const note = `outcome: ${"error" in a ? a.error : "read"} vs ${"error" in b ? b.error : "read"}`;
    return {
      sameOutcome: same,
      sameText: same,
      sameCharacters: same,
      overlap: same ? 1 : 0,
      sameLinks: same,
      sameHidden: same,
      sameHiddenFlag: same,
      sameProjects: same,
      notes: same ? [] : [note],
    };
  }
  const notes: string[] = [];
  const ta = visibleText(a.extracted);
  const tb = visibleText(b.extracted);
  const la = linkSet(a.raw);
  const lb = linkSet(b.raw);
  const ha = hiddenVerdicts(a.extracted.hiddenText);
  const hb = hiddenVerdicts(b.extracted.hiddenText);
  const pa = projectKeys(a.extracted);
  const pb = projectKeys(b.extracted);
  const links = setDifference(la, lb);
  const hidden = setDifference(ha, hb);
  const projects = setDifference(pa, pb);
  if (links.onlyA.length + links.onlyB.length)
    notes.push(`links only ours: ${links.onlyA.length}, only PDFium: ${links.onlyB.length}`);
  if (hidden.onlyA.length + hidden.onlyB.length)
    notes.push(
      `hidden only ours: ${hidden.onlyA.slice(0, 3).join(" | ") || "-"}; only PDFium: ${hidden.onlyB.slice(0, 3).join(" | ") || "-"}`,
    );
  if (projects.onlyA.length + projects.onlyB.length)
    notes.push(`projects only ours: ${projects.onlyA.length}, only PDFium: ${projects.onlyB.length}`);
  return {
    sameOutcome: true,
    sameText: ta === tb,
    sameCharacters: ta.replace(/\s+/g, "") === tb.replace(/\s+/g, ""),
    overlap: wordOverlap(ta, tb),
    sameLinks: links.onlyA.length + links.onlyB.length === 0,
    sameHidden: hidden.onlyA.length + hidden.onlyB.length === 0,
    sameHiddenFlag: ha.length > 0 === hb.length > 0,
    sameProjects: projects.onlyA.length + projects.onlyB.length === 0,
    notes,
  };
}

/** The first line where two texts differ, both sides, for the report of a file whose text differs. */
export function firstDifference(a: string, b: string): { line: number; ours: string; theirs: string } | null {
  const la = a.split("\n");
  const lb = b.split("\n");
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i]) return { line: i + 1, ours: la[i] ?? "(end)", theirs: lb[i] ?? "(end)" };
  return null;
}
