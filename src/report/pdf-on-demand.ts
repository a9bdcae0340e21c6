import type { Report } from "./report-model.ts";
import type { RepoTimeline } from "./timeline-data.ts";

/**
 * The report's PDF renderer, loaded with the first PDF asked for. pdfkit with fontkit, its Unicode
 * tables and its brotli dictionary is most of what a server would otherwise evaluate at start, and
 * memory it would hold from then on, for a page most runs never serve. A load that failed is tried
 * again by the next request.
 */
let renderer: Promise<typeof import("./report-pdf.ts")> | null = null;

function load(): Promise<typeof import("./report-pdf.ts")> {
  renderer ??= import("./report-pdf.ts").catch((err) => {
    renderer = null;
    throw err;
  });
  return renderer;
}

/** Render the report as PDF bytes (report-pdf.ts reportPdf). */
export async function reportPdf(r: Report, timelines: readonly RepoTimeline[] = []): Promise<Uint8Array> {
  return (await load()).reportPdf(r, timelines);
}

/** The PDF of a report as reportOf gives it (report-pdf.ts reportPdfOf). */
export async function reportPdfOf(r: { report: Report; timelines: unknown }): Promise<Uint8Array> {
  return (await load()).reportPdfOf(r);
}
