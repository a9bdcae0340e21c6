import regularFontPath from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf" with { type: "file" };
import boldFontPath from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf" with { type: "file" };
import PDFDocument from "pdfkit";
import type { ClaimReport, FindingGroup, Report, ReportVerdict } from "./report-model.ts";
import { accountsWords, hostLine, SEVERITY_WORDS } from "./report-model.ts";

/**
 * The report as a self-contained PDF, made in-process with PDFKit from the same model as the HTML page.
 * DejaVu Sans is embedded (subset) so names and messages in any Latin, Greek or Cyrillic script print as
 * written; the font files are embedded in the executable by `bun build --compile` (imported as files).
 */

const COLORS = {
  text: "#1d232b",
  muted: "#5c6672",
  line: "#dde1e6",
  bad: "#a3202a",
  warn: "#8a5a00",
  ok: "#17703a",
  idle: "#4b5563",
};
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

let fonts: Promise<{ regular: Buffer; bold: Buffer }> | null = null;
/** The embedded fonts, read once. */
function loadFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  fonts ??= Promise.all([Bun.file(regularFontPath).arrayBuffer(), Bun.file(boldFontPath).arrayBuffer()]).then(
    ([r, b]) => ({ regular: Buffer.from(r), bold: Buffer.from(b) }),
  );
  return fonts;
}

type Doc = InstanceType<typeof PDFDocument>;
const MARGIN = 50;

/** Start a new page when less than `room` points are left (a heading never sits alone at the bottom). */
function keepRoom(doc: Doc, room: number): void {
  if (doc.y > doc.page.height - MARGIN - room) doc.addPage();
}

function heading(doc: Doc, text: string): void {
  keepRoom(doc, 90);
  doc.moveDown(0.8).font("bold").fontSize(13).fillColor(COLORS.text).text(text, MARGIN, doc.y);
  doc
    .moveTo(MARGIN, doc.y + 2)
    .lineTo(doc.page.width - MARGIN, doc.y + 2)
    .lineWidth(0.5)
    .strokeColor(COLORS.line)
    .stroke();
  doc.moveDown(0.5);
}

function subheading(doc: Doc, text: string): void {
  keepRoom(doc, 50);
  doc
    .moveDown(0.4)
    .font("bold")
    .fontSize(9.5)
    .fillColor(COLORS.muted)
    .text(text.toUpperCase(), MARGIN, doc.y, { characterSpacing: 0.4 });
  doc.moveDown(0.15);
}

function para(
  doc: Doc,
  text: string,
  o: { size?: number; color?: string; bold?: boolean; indent?: number } = {},
): void {
  doc
    .font(o.bold ? "bold" : "regular")
    .fontSize(o.size ?? 10)
    .fillColor(o.color ?? COLORS.text)
    .text(text, MARGIN + (o.indent ?? 0), doc.y, {
      width: doc.page.width - 2 * MARGIN - (o.indent ?? 0),
      lineGap: 1.5,
    });
}

function bullets(doc: Doc, items: string[], numbered = false): void {
  items.forEach((item, i) => {
    const mark = numbered ? `${i + 1}.` : "•";
    const y = doc.y;
    doc
      .font("regular")
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(mark, MARGIN + 4, y, { width: 14 });
    doc.y = y;
    para(doc, item, { indent: 18 });
    doc.moveDown(0.15);
  });
}

function findings(doc: Doc, groups: FindingGroup[]): void {
  for (const g of groups) {
    keepRoom(doc, 60);
    doc
      .font("bold")
      .fontSize(10)
      .fillColor(SEVERITY_COLOR[g.severity])
      .text(`${SEVERITY_WORDS[g.severity]}: `, MARGIN, doc.y, { continued: true, width: doc.page.width - 2 * MARGIN })
      .fillColor(COLORS.text)
      .text(`${g.title}${g.rules.length ? ` (${g.rules.join(", ")})` : ""}`);
    for (const m of g.messages) para(doc, m, { indent: 12, size: 9.5 });
    para(doc, `Innocent reading: ${g.innocent}`, { indent: 12, size: 9, color: COLORS.muted });
    doc.moveDown(0.35);
  }
}

function claim(doc: Doc, c: ClaimReport, i: number): void {
  keepRoom(doc, 120);
  doc.moveDown(0.6);
  doc
    .font("bold")
    .fontSize(11.5)
    .fillColor(STATUS_COLOR[c.status])
    .text(`${i + 1}. ${c.label}: `, MARGIN, doc.y, { continued: true, width: doc.page.width - 2 * MARGIN })
    .fillColor(COLORS.text)
    .text(c.name);
  doc.moveDown(0.2);
  if (c.repo) para(doc, `${c.repo} (${hostLine(c)})`, { size: 9, color: COLORS.muted });
  para(doc, c.verdict);
  if (c.evidence.length) {
    subheading(doc, "Evidence");
    bullets(doc, c.evidence);
  }
  if (c.timeline) {
    subheading(doc, "Timeline");
    para(doc, c.timeline);
  }
  subheading(doc, "Findings");
  if (c.findings.length) findings(doc, c.findings);
  else para(doc, "None.", { color: COLORS.muted });
  subheading(doc, "Questions to ask");
  bullets(doc, c.questions, true);
}

/** Render the report as PDF bytes. */
export async function reportPdf(r: Report): Promise<Uint8Array> {
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

  para(doc, "CANDIDATE REPORT", { size: 9, color: COLORS.muted, bold: true });
  doc.moveDown(0.2);
  para(doc, who, { size: 20, bold: true });
  doc.moveDown(0.4);
  const color = VERDICT_COLOR[r.verdict.code];
  const top = doc.y;
  doc.rect(MARGIN, top, 5, 22).fill(color);
  doc
    .font("bold")
    .fontSize(15)
    .fillColor(color)
    .text(r.verdict.label, MARGIN + 14, top + 3, { continued: r.score !== null });
  if (r.score !== null)
    doc.font("regular").fontSize(11).fillColor(COLORS.muted).text(`   confidence score ${r.score} of 100`);
  doc.x = MARGIN;
  doc.moveDown(0.6);
  para(doc, r.verdict.why);
  doc.moveDown(0.3);
  para(
    doc,
    `${accountsWords(r.candidate)}${r.checkedAt ? ` · checked ${r.checkedAt.slice(0, 10)}` : ""} · reference ${r.reference}`,
    { size: 9, color: COLORS.muted },
  );

  if (r.claims.length) {
    heading(doc, "The claims, one by one");
    for (const [i, c] of r.claims.entries()) claim(doc, c, i);
  }
  if (r.resumeFindings.length) {
    heading(doc, "About the resume as a whole");
    findings(doc, r.resumeFindings);
  }
  if (r.notChecked.length) {
    heading(doc, "What could not be checked");
    bullets(doc, r.notChecked);
  }
  if (r.glossary.length) {
    heading(doc, "What the findings mean");
    for (const g of r.glossary) {
      keepRoom(doc, 50);
      para(doc, `${g.title} (${g.rule})`, { bold: true });
      para(doc, g.meaning, { indent: 12, size: 9.5 });
      para(doc, `Innocent reading: ${g.innocent}`, { indent: 12, size: 9, color: COLORS.muted });
      doc.moveDown(0.3);
    }
  }
  const s = r.scoreExplanation;
  if (s) {
    heading(doc, "How the score is computed");
    para(doc, s.summary, { size: 9.5 });
    doc.moveDown(0.3);
    para(doc, `Score ${s.score} = evidence ${s.evidence} - penalties ${s.penaltyTotal} (kept between 0 and 100).`, {
      size: 9.5,
      bold: true,
    });
    doc.moveDown(0.2);
    bullets(doc, [...s.claims, ...s.penalties]);
    para(doc, s.formula, { size: 8, color: COLORS.muted });
  }
  heading(doc, "About this report");
  para(doc, r.disclaimer);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // the footer sits in the bottom margin: without lifting the margin PDFKit would start a new page
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 18;
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(`claimcheck · ${who} · ${r.reference} · page ${i + 1} of ${range.count}`, MARGIN, y, {
        width: doc.page.width - 2 * MARGIN,
        align: "center",
        lineBreak: false,
      });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
