import type PDFDocument from "pdfkit";
import type { RepoTimeline } from "./timeline-data.ts";
import {
  AUTHOR_Y,
  COMMIT_Y,
  LANE_LEFT,
  markerTop,
  TIMELINE_HEIGHT,
  TIMELINE_WIDTH,
  timelineLayout,
} from "./timeline-layout.ts";

/** The PDF's drawing blocks (headings, paragraphs, lists, a table, the timeline), in the report's colours. */
export type Doc = InstanceType<typeof PDFDocument>;
export const MARGIN = 50;
export const COLORS = {
  text: "#1d232b",
  muted: "#5c6672",
  line: "#dde1e6",
  bad: "#a3202a",
  warn: "#8a5a00",
  ok: "#17703a",
  idle: "#4b5563",
};
export const BODY = 9.5;

export const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;

/** Start a new page when less than `room` points are left (a heading never sits alone at the bottom). */
export function keepRoom(doc: Doc, room: number): void {
  if (doc.y > doc.page.height - MARGIN - room) doc.addPage();
}

export function heading(doc: Doc, text: string, size = 12.5): void {
  keepRoom(doc, 80);
  doc.moveDown(0.6).font("bold").fontSize(size).fillColor(COLORS.text).text(text, MARGIN, doc.y);
  doc
    .moveTo(MARGIN, doc.y + 1)
    .lineTo(doc.page.width - MARGIN, doc.y + 1)
    .lineWidth(0.5)
    .strokeColor(COLORS.line)
    .stroke();
  doc.moveDown(0.35);
}

export function subheading(doc: Doc, text: string): void {
  keepRoom(doc, 40);
  doc
    .moveDown(0.3)
    .font("bold")
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text(text.toUpperCase(), MARGIN, doc.y, { characterSpacing: 0.4 });
  doc.moveDown(0.1);
}

export function para(
  doc: Doc,
  text: string,
  o: { size?: number; color?: string; bold?: boolean; indent?: number } = {},
): void {
  doc
    .font(o.bold ? "bold" : "regular")
    .fontSize(o.size ?? BODY)
    .fillColor(o.color ?? COLORS.text)
    .text(text, MARGIN + (o.indent ?? 0), doc.y, { width: contentWidth(doc) - (o.indent ?? 0), lineGap: 1 });
}

/** A lead in bold and colour, then plain text, as one paragraph ("Evidence against: Dated in the future. ..."). */
export function leadPara(doc: Doc, lead: string, color: string, text: string, indent = 0): void {
  doc
    .font("bold")
    .fontSize(BODY)
    .fillColor(color)
    .text(lead, MARGIN + indent, doc.y, { continued: true, width: contentWidth(doc) - indent, lineGap: 1 })
    .font("regular")
    .fillColor(COLORS.text)
    .text(text);
}

export function bullets(doc: Doc, items: string[], numbered = false, size = BODY): void {
  items.forEach((item, i) => {
    const y = doc.y;
    doc
      .font("regular")
      .fontSize(size)
      .fillColor(COLORS.muted)
      .text(numbered ? `${i + 1}.` : "•", MARGIN + 4, y, { width: 14 });
    doc.y = y;
    para(doc, item, { indent: 18, size });
    doc.moveDown(0.1);
  });
}

/** A table with a header row; `widths` are shares of the content width; rows never split across pages. */
export function table(
  doc: Doc,
  head: string[],
  widths: number[],
  rows: Array<Array<{ text: string; color?: string; bold?: boolean }>>,
): void {
  const total = contentWidth(doc);
  const cols = widths.map((w) => w * total);
  const pad = 3;
  const size = 8.5;
  const draw = (cells: Array<{ text: string; color?: string; bold?: boolean }>, header: boolean) => {
    const heights = cells.map((c, i) =>
      doc
        .font(header || c.bold ? "bold" : "regular")
        .fontSize(size)
        .heightOfString(c.text, { width: cols[i]! - 2 * pad }),
    );
    const h = Math.max(...heights) + 2 * pad;
    if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((c, i) => {
      doc
        .font(header || c.bold ? "bold" : "regular")
        .fontSize(size)
        .fillColor(header ? COLORS.muted : (c.color ?? COLORS.text))
        .text(c.text, x + pad, top + pad, { width: cols[i]! - 2 * pad, lineGap: 0.5 });
      x += cols[i]!;
    });
    doc
      .moveTo(MARGIN, top + h)
      .lineTo(MARGIN + total, top + h)
      .lineWidth(header ? 0.8 : 0.4)
      .strokeColor(COLORS.line)
      .stroke();
    doc.x = MARGIN;
    doc.y = top + h;
  };
  draw(
    head.map((text) => ({ text })),
    true,
  );
  for (const r of rows) draw(r, false);
  doc.moveDown(0.3);
}

const SHIFT_COLOR = { CRITICAL: "#c0392b", WARNING: "#c27c0e", INFO: "#6b5fb5" } as const;

/** The commit picture at the content width (the same geometry as the dashboard's): labels >= 10 pt. */
export function timelinePicture(doc: Doc, t: RepoTimeline): void {
  const l = timelineLayout(t);
  const width = Math.min(contentWidth(doc), 400);
  const k = width / TIMELINE_WIDTH;
  const height = TIMELINE_HEIGHT * k;
  keepRoom(doc, height + 10);
  const ox = MARGIN;
  const oy = doc.y;
  const X = (x: number) => ox + x * k;
  const Y = (y: number) => oy + y * k;
  const font = Math.max(10, 15 * k);
  doc.rect(ox, oy, width, height).lineWidth(0.5).strokeColor(COLORS.line).stroke();
  const label = (s: string, x: number, y: number, anchor: "start" | "middle" | "end") => {
    doc.font("regular").fontSize(font).fillColor(COLORS.muted);
    const w = doc.widthOfString(s);
    const left = anchor === "start" ? x : anchor === "end" ? x - w : x - w / 2;
    doc.text(s, Math.max(ox + 2, Math.min(left, ox + width - w - 2)), y - font * 0.85, { lineBreak: false });
  };
  for (const lane of l.lanes) {
    doc
      .moveTo(X(LANE_LEFT), Y(lane.y))
      .lineTo(X(TIMELINE_WIDTH - 8), Y(lane.y))
      .lineWidth(0.6)
      .strokeColor("#c3cad3")
      .stroke();
    label(lane.label, X(4), Y(lane.labelY), "start");
  }
  for (const tk of l.ticks) label(tk.label, X(tk.x), Y(COMMIT_Y + 32), tk.anchor);
  for (const m of l.markers) {
    if (m.x !== null)
      doc
        .moveTo(X(m.x), Y(markerTop(m.labelY)))
        .lineTo(X(m.x), Y(COMMIT_Y + 6))
        .lineWidth(0.6)
        .dash(3, { space: 2 })
        .strokeColor(COLORS.idle)
        .stroke()
        .undash();
    label(m.label, X(m.labelX), Y(m.labelY), m.anchor);
  }
  const shifted = SHIFT_COLOR[t.severity ?? "INFO"];
  for (const c of l.commits)
    doc
      .moveTo(X(c.ax), Y(AUTHOR_Y))
      .lineTo(X(c.cx), Y(COMMIT_Y))
      .lineWidth(0.4)
      .strokeOpacity(0.7)
      .strokeColor(c.shifted ? shifted : "#8fa3ba")
      .stroke()
      .strokeOpacity(1);
  doc.x = MARGIN;
  doc.y = oy + height + 4;
}
