import regularFontPath from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf" with { type: "file" };
import boldFontPath from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf" with { type: "file" };
import PDFDocument from "pdfkit";
import {
  bullets,
  COLORS,
  type Doc,
  heading,
  keepRoom,
  leadPara,
  MARGIN,
  para,
  subheading,
  table,
  timelinePicture,
} from "./pdf-kit.ts";
import type { ClaimReport, FindingGroup, Report, ReportVerdict } from "./report-model.ts";
import { accountsWords, hostLine, SEVERITY_WORDS } from "./report-model.ts";
import { type RepoTimeline, timelinesOf } from "./timeline-data.ts";

/**
 * The report as a self-contained PDF, made in-process with PDFKit from the same model as the HTML page,
 * made to skim like it: the verdict, the claims at a glance, the questions to ask and each claim with its
 * findings one sentence each fit about two pages; the detail (what was measured, innocent readings, the
 * evidence, the commit pictures, the glossary, the score's arithmetic) follows as an appendix.
 * DejaVu Sans is embedded (subset) so names and messages in any Latin, Greek or Cyrillic script print as
 * written; the font files are embedded in the executable by `bun build --compile` (imported as files).
 */

const VERDICT_COLOR: Record<ReportVerdict, string> = {
  backed: COLORS.ok,
  partly_backed: COLORS.warn,
  mostly_unbacked: "#7a4b12",
  not_own_work: COLORS.bad,
  contradicted: COLORS.bad,
  not_checked: COLORS.idle,
  not_verified: COLORS.idle,
};
const STATUS_COLOR: Record<ClaimReport["status"], string> = {
  backed: COLORS.ok,
  questions: COLORS.warn,
  thin: COLORS.warn,
  "not-own-work": COLORS.bad,
  unlinked: COLORS.warn,
  contradicted: COLORS.bad,
  empty: COLORS.idle,
  "not-checked": COLORS.idle,
};
const SEVERITY_COLOR = { CRITICAL: COLORS.bad, WARNING: COLORS.warn, INFO: COLORS.idle } as const;
/** The title of the appendix: a test counts the pages before it. */
export const APPENDIX_TITLE = "Appendix: the detail behind each finding";

let fonts: Promise<{ regular: Buffer; bold: Buffer }> | null = null;
/** The embedded fonts, read once. */
function loadFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  fonts ??= Promise.all([Bun.file(regularFontPath).arrayBuffer(), Bun.file(boldFontPath).arrayBuffer()]).then(
    ([r, b]) => ({ regular: Buffer.from(r), bold: Buffer.from(b) }),
  );
  return fonts;
}

/** Findings one plain sentence each. */
function findingLines(doc: Doc, groups: FindingGroup[], indent = 0): void {
  for (const g of groups) {
    keepRoom(doc, 24);
    leadPara(doc, `${SEVERITY_WORDS[g.severity]}: ${g.title}. `, SEVERITY_COLOR[g.severity], g.sentence, indent);
    doc.moveDown(0.15);
  }
}

/** What was measured and the innocent reading of each finding (the appendix). */
function findingDetail(doc: Doc, groups: FindingGroup[]): void {
  for (const g of groups) {
    keepRoom(doc, 40);
    para(doc, `${SEVERITY_WORDS[g.severity]}: ${g.title}`, { bold: true, size: 9, color: SEVERITY_COLOR[g.severity] });
    for (const m of g.messages) para(doc, m, { indent: 10, size: 8.5 });
    para(doc, `Innocent reading: ${g.innocent}`, { indent: 10, size: 8.5, color: COLORS.muted });
    doc.moveDown(0.25);
  }
}

function claimSummary(doc: Doc, c: ClaimReport, i: number): void {
  keepRoom(doc, 60);
  doc.moveDown(0.35);
  leadPara(doc, `${i + 1}. ${c.label}: `, STATUS_COLOR[c.status], c.name);
  if (c.repo) para(doc, `${c.repo} (${hostLine(c)})`, { size: 8.5, color: COLORS.muted });
  para(doc, c.verdict);
  if (c.findings.length) {
    doc.moveDown(0.15);
    findingLines(doc, c.findings, 10);
  }
}

function claimAppendix(doc: Doc, c: ClaimReport, i: number, picture: RepoTimeline | undefined): void {
  keepRoom(doc, 80);
  heading(doc, `${i + 1}. ${c.name}`, 11);
  if (c.evidence.length) {
    subheading(doc, "Evidence");
    bullets(doc, c.evidence, false, 9);
  }
  if (c.timeline || picture) subheading(doc, "Timeline");
  if (c.timeline) para(doc, c.timeline, { size: 9 });
  if (picture) {
    doc.moveDown(0.3);
    timelinePicture(doc, picture);
    para(doc, "Each line joins when a commit says it was written (top) to when it was committed (bottom).", {
      size: 8.5,
      color: COLORS.muted,
    });
  }
  if (c.findings.length) {
    subheading(doc, "Findings in detail");
    findingDetail(doc, c.findings);
  }
  subheading(doc, "Questions to ask");
  bullets(doc, c.questions, true, 9);
}

/**
 * Render the report as PDF bytes; `timelines` are the commit pictures by repository ("owner/name"), drawn
 * in the appendix under their claim.
 */
export async function reportPdf(r: Report, timelines: readonly RepoTimeline[] = []): Promise<Uint8Array> {
  const { regular, bold } = await loadFonts();
  const checked = r.checkedAt ? new Date(r.checkedAt) : new Date(0);
  const who = r.candidate.name ? `${r.candidate.name} (${r.candidate.login})` : r.candidate.login;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    font: regular as never,
    info: {
      Title: `Candidate report: ${who}`,
      Subject: r.verdict.label,
      Author: "claimcheck",
      Creator: "claimcheck",
      CreationDate: checked,
      ModDate: checked,
    },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });

  para(doc, "CANDIDATE REPORT", { size: 8.5, color: COLORS.muted, bold: true });
  para(doc, who, { size: 18, bold: true });
  doc.moveDown(0.3);
  const color = VERDICT_COLOR[r.verdict.code];
  const top = doc.y;
  doc.rect(MARGIN, top, 5, 20).fill(color);
  doc
    .font("bold")
    .fontSize(14)
    .fillColor(color)
    .text(r.verdict.label, MARGIN + 14, top + 3, { continued: r.score !== null });
  if (r.score !== null)
    doc.font("regular").fontSize(10.5).fillColor(COLORS.muted).text(`   confidence score ${r.score} of 100`);
  doc.x = MARGIN;
  doc.moveDown(0.5);
  para(doc, r.verdict.why);
  if (r.reading) para(doc, r.reading, { size: 9.5 });
  doc.moveDown(0.2);
  para(
    doc,
    `${accountsWords(r.candidate)}${r.checkedAt ? ` · checked ${r.checkedAt.slice(0, 10)}` : ""} · reference ${r.reference}`,
    { size: 8.5, color: COLORS.muted },
  );

  if (r.claims.length) {
    heading(doc, "Claims at a glance");
    table(
      doc,
      ["claim", "verdict", "own commits", "period", "reason"],
      [0.24, 0.17, 0.1, 0.16, 0.33],
      r.claims.map((c) => [
        { text: c.name, bold: true },
        { text: c.label, color: STATUS_COLOR[c.status], bold: true },
        { text: c.ownCommits === null ? "–" : c.ownCommits.toLocaleString("en-US") },
        { text: c.period ?? "–" },
        { text: c.reason },
      ]),
    );
  }
  if (r.topQuestions.length) {
    heading(doc, "Questions to ask");
    bullets(doc, r.topQuestions, true);
  }
  if (r.claims.length) {
    heading(doc, "The claims");
    for (const [i, c] of r.claims.entries()) claimSummary(doc, c, i);
  }
  if (r.resumeFindings.length) {
    heading(doc, "About the resume as a whole");
    findingLines(doc, r.resumeFindings);
  }
  if (r.notChecked.length) {
    heading(doc, "What could not be checked");
    bullets(doc, r.notChecked, false, 9);
  }
  heading(doc, "About this report");
  para(doc, r.disclaimer, { size: 9 });

  // the appendix: everything the summary folds away
  doc.addPage();
  para(doc, APPENDIX_TITLE, { size: 14, bold: true });
  const pics = new Map(timelines.map((t) => [t.repo.toLowerCase(), t]));
  const drawn = new Set<RepoTimeline>();
  for (const [i, c] of r.claims.entries()) {
    const pic = c.repo ? pics.get(c.repo.replace(/^github\.com\//, "").toLowerCase()) : undefined;
    claimAppendix(doc, c, i, pic && !drawn.has(pic) ? pic : undefined);
    if (pic) drawn.add(pic);
  }
  if (r.resumeFindings.length) {
    heading(doc, "About the resume as a whole", 11);
    findingDetail(doc, r.resumeFindings);
  }
  if (r.glossary.length) {
    heading(doc, "What the findings mean", 11);
    for (const g of r.glossary) {
      keepRoom(doc, 40);
      para(doc, g.title, { bold: true, size: 9 });
      para(doc, g.meaning, { indent: 10, size: 8.5 });
      para(doc, `Innocent reading: ${g.innocent}`, { indent: 10, size: 8.5, color: COLORS.muted });
      doc.moveDown(0.25);
    }
  }
  const s = r.scoreExplanation;
  if (s) {
    heading(doc, "How the score is computed", 11);
    para(doc, s.summary, { size: 8.5 });
    doc.moveDown(0.2);
    para(doc, `Score ${s.score} = evidence ${s.evidence} - penalties ${s.penaltyTotal} (kept between 0 and 100).`, {
      size: 8.5,
      bold: true,
    });
    doc.moveDown(0.2);
    bullets(doc, [...s.claims, ...s.penalties], false, 8.5);
    para(doc, s.formula, { size: 7.5, color: COLORS.muted });
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // the footer sits in the bottom margin: without lifting the margin PDFKit would start a new page
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(`claimcheck · ${who} · ${r.reference} · page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - 32, {
        width: doc.page.width - 2 * MARGIN,
        align: "center",
        lineBreak: false,
      });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The PDF of a report as reportOf gives it: the report and the commit timelines stored beside it. */
export function reportPdfOf(r: { report: Report; timelines: unknown }): Promise<Uint8Array> {
  return reportPdf(r.report, timelinesOf({ commitTimelines: r.timelines }));
}
