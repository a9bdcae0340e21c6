import { type Report, UNTIL_PURGED } from "../../report/index.ts";
import { type Html, html } from "../html.ts";
import { type AssetPaths, documentHead } from "./layout.ts";
import { reportView } from "./report-view.ts";
import type { RepoTimeline } from "./timeline-chart.ts";

/** The bare page of a share link: no navigation, no account, no link into the dashboard. */
function shell(o: { assets: AssetPaths; title: string; body: Html }): Html {
  return html`${documentHead({ title: o.title, assets: o.assets, noindex: true })}
<body class="shared">
<main>
${o.body}
</main>
</body>
</html>`;
}

/** A report opened through a share link: the report, its PDF, and when the link stops working. */
export function sharePage(o: {
  assets: AssetPaths;
  report: Report;
  timelines: RepoTimeline[];
  pdfHref: string;
  expiresAt: number;
  /** who made the link: a dashboard username, or "api" for the link a result carries (reportUrl) */
  sharedBy: string;
}): Html {
  const r = o.report;
  const by = o.sharedBy === "api" ? "through your hiring system's integration" : `by ${o.sharedBy}`;
  const lasts =
    o.expiresAt >= UNTIL_PURGED
      ? "as long as the result is kept"
      : `until ${new Date(o.expiresAt).toISOString().slice(0, 10)} (UTC)`;
  return shell({
    assets: o.assets,
    title: `Candidate report: ${r.candidate.name ?? r.candidate.login}`,
    body: html`<header class="share-head" id="share-head"><p><strong>A candidate report from claimcheck</strong>, shared with you read-only ${by}. It compares the projects a resume claims with the candidate's public work: evidence for a conversation, not a hiring decision.</p><p class="muted">This link works ${lasts} unless it is revoked earlier.</p></header>
${reportView({
  report: r,
  timelines: o.timelines,
  actions: html`<a class="button primary" href="${o.pdfHref}" download>Download the PDF</a> <button type="button" class="print-button" data-print hidden>Print</button>`,
})}
<p class="share-note muted no-print">Shared with you read-only ${by}. This link works ${lasts} unless it is revoked earlier.</p>`,
  });
}

/** What an unknown, expired or revoked share link shows: why, and nothing else. */
export function shareGonePage(o: { assets: AssetPaths; status: number; message: string }): Html {
  return shell({
    assets: o.assets,
    title: o.status === 410 ? "Report link no longer works" : "Report not found",
    body: html`<section class="error-page"><h1>${o.status === 410 ? "This report link no longer works" : "Report not found"}</h1><p>${o.message}</p></section>`,
  });
}
