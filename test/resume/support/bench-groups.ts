/**
 * Grouping for the extraction benchmark: which producer family and which layout a corpus file
 * belongs to, and per-group totals, so that a figure can be read per batch, per family and per
 * layout. Pure; kept beside bench-scoring.ts, apart from the extractor it measures.
 */
import type { FileScore } from "./bench-scoring.ts";
import { prf } from "./bench-scoring.ts";

export type ProducerFamily =
  | "TeX"
  | "Word"
  | "Chromium/Skia"
  | "LibreOffice"
  | "Typst"
  | "Google Docs"
  | "Canva"
  | "other";

export type LayoutGroup = "one column" | "two columns" | "sidebar";

/** The family of the program that wrote the PDF, from the document info's Producer and Creator. */
export function producerFamily(
  producer: string | null | undefined,
  creator: string | null | undefined,
): ProducerFamily {
  const p = producer ?? "";
  const c = creator ?? "";
  const both = `${p} ${c}`;
  if (/canva/i.test(both)) return "Canva";
  if (/google docs/i.test(both)) return "Google Docs";
  if (/typst/i.test(both)) return "Typst";
  if (/libreoffice|openoffice/i.test(both)) return "LibreOffice";
  // HTML renderers that are not Chromium, and page-layout apps, before the Creator-based guesses
  if (/prince|wkhtmltopdf|\bqt\b|react-pdf|openresume|\bpages\b/i.test(both)) return "other";
  if (/skia|chromium|chrome\//i.test(both)) return "Chromium/Skia";
  if (/microsoft|\bword\b/i.test(both)) return "Word";
  if (/tex|dvipdf|latex|miktex/i.test(both)) return "TeX";
  return "other";
}

/**
 * Layout as the manifest gives it ("one-column" / "two-column"); a two-column file whose notes
 * describe one of its columns as a sidebar is reported as "sidebar".
 */
export function layoutGroup(layout: string | null | undefined, notes: string | null | undefined): LayoutGroup {
  if (!layout || /one/i.test(layout)) return "one column";
  return /side ?bar/i.test(notes ?? "") ? "sidebar" : "two columns";
}

export interface GroupTotals {
  files: number;
  nameTp: number;
  nameFp: number;
  nameFn: number;
  repoTp: number;
  repoGot: number;
  repoWant: number;
  negatives: number;
  falseOnNegatives: number;
}

export function emptyTotals(): GroupTotals {
  return {
    files: 0,
    nameTp: 0,
    nameFp: 0,
    nameFn: 0,
    repoTp: 0,
    repoGot: 0,
    repoWant: 0,
    negatives: 0,
    falseOnNegatives: 0,
  };
}

export function addScore(t: GroupTotals, score: FileScore, negative: boolean): void {
  t.files++;
  t.nameTp += score.nameTp;
  t.nameFp += score.nameFp;
  t.nameFn += score.nameFn;
  t.repoTp += score.repoTp;
  t.repoGot += score.repoGot;
  t.repoWant += score.repoWant;
  if (negative) {
    t.negatives++;
    t.falseOnNegatives += score.extra.length;
  }
}

/** One table row: group, files, name P/R/F1, repo P/R, false projects on negatives. */
export function totalsRow(label: string, t: GroupTotals): string[] {
  const n = prf(t.nameTp, t.nameFp, t.nameFn);
  const r = prf(t.repoTp, t.repoGot - t.repoTp, t.repoWant - t.repoTp);
  return [
    label,
    String(t.files),
    `${t.nameTp}/${t.nameTp + t.nameFn}`,
    n.p.toFixed(3),
    n.r.toFixed(3),
    n.f1.toFixed(3),
    t.repoWant + t.repoGot === 0 ? "-" : `${r.p.toFixed(3)}/${r.r.toFixed(3)} (${t.repoTp}/${t.repoWant})`,
    t.negatives === 0 ? "-" : `${t.falseOnNegatives} on ${t.negatives}`,
  ];
}

export const TOTALS_HEADERS = [
  "group",
  "files",
  "names found",
  "name P",
  "name R",
  "name F1",
  "repo P/R",
  "false on negatives",
];
