import type { Client } from "../../accounts/index.ts";
import { hostAccountOf } from "../../lib/index.ts";
import type { Report, ShareLink } from "../../report/index.ts";
import type { Verification } from "../../verification/index.ts";
import { accountsToRead } from "../../verification/index.ts";
import type { DeliveryAttempt, DeliverySummary } from "../../webhooks/index.ts";
import { type Html, html, queryString } from "../html.ts";
import { badge, candidateLabel, duration, scrollTable, time, webhookLabel } from "./format.ts";
import { type AssetPaths, actionButton, layout, type Viewer } from "./layout.ts";
import { failureWords } from "./recruiter-words.ts";
import { reportView } from "./report-view.ts";
import { type SharingOptions, sharingSection } from "./sharing-section.ts";
import { timelinesOf } from "./timeline-chart.ts";

export interface DeliveryWithAttempts {
  delivery: DeliverySummary;
  attempts: DeliveryAttempt[];
}

function deliveries(
  trackingId: string,
  items: DeliveryWithAttempts[],
  final: boolean,
  viewer: Viewer,
  webhooksOn: boolean,
): Html {
  if (!webhooksOn) return html`<p class="muted">Webhook delivery is not available in this build.</p>`;
  if (!items.length) {
    return final
      ? html`<p class="muted">No delivery was made (the client had no webhook URL when the job finished).</p>${actionButton({ action: `/dashboard/jobs/${encodeURIComponent(trackingId)}/resend`, label: "Send the event now", csrf: viewer.csrfToken, kind: "primary" })}`
      : html`<p class="muted">The event is sent when the job finishes.</p>`;
  }
  return html`${items.map(
    ({ delivery: d, attempts }) => html`<section class="card delivery" data-delivery-id="${d.id}">
<h3><span class="mono">${d.id}</span> ${badge(webhookLabel(d.state))}</h3>
<dl class="pairs"><dt>event</dt><dd class="mono">${d.event}</dd><dt>created</dt><dd>${time(d.createdAt)}</dd>
${d.nextAttemptAt ? html`<dt>next attempt</dt><dd>${time(d.nextAttemptAt)}</dd>` : ""}
${d.deliveredAt ? html`<dt>delivered</dt><dd>${time(d.deliveredAt)}</dd>` : ""}</dl>
${attemptsTable(attempts)}
<p>${actionButton({ action: `/dashboard/jobs/${encodeURIComponent(trackingId)}/deliveries/${encodeURIComponent(d.id)}/resend`, label: "Resend", csrf: viewer.csrfToken, kind: "primary" })}</p>
</section>`,
  )}`;
}

/** An attempt log: number, time, outcome, HTTP status, latency, error and the receiver's answer (escaped). */
export function attemptsTable(attempts: DeliveryAttempt[]): Html {
  if (!attempts.length) return html`<p class="muted">No attempt yet.</p>`;
  return scrollTable(
    html`<table class="attempts stack"><thead><tr><th class="num">#</th><th>started</th><th>outcome</th><th class="num">status</th><th class="num">latency</th><th>detail</th></tr></thead><tbody>${attempts.map(
      (
        a,
      ) => html`<tr><td class="num" data-label="attempt">${a.attempt}</td><td data-label="started">${time(a.startedAt)}</td><td data-label="outcome">${badge(a.outcome)}</td><td class="num" data-label="status">${a.statusCode ?? "–"}</td><td class="num" data-label="latency">${duration(a.latencyMs)}</td>
<td>${a.url ? html`<div class="mono muted">${a.url}</div>` : ""}${a.error ? html`<div>${a.error}</div>` : ""}${a.responseExcerpt ? html`<pre class="excerpt">${a.responseExcerpt}</pre>` : ""}</td></tr>`,
    )}</tbody></table>`,
  );
}

/** The accounts on other hosts the job was given (its main one first), each linked to its profile; nothing when none. */
function accountsRow(v: Pick<Verification, "hostUsername" | "accounts">): Html {
  const list = accountsToRead(v.hostUsername, v.accounts).accounts;
  if (list.length === 0) return html``;
  return html`<dt>other accounts</dt><dd id="job-accounts">${list.map(
    (a, i) =>
      html`${i > 0 ? ", " : ""}<a href="https://${a.host}/${encodeURIComponent(a.username)}" rel="noreferrer">${a.host}/${a.username}</a>`,
  )}</dd>`;
}

function detailsCard(o: JobPageOptions, final: boolean, state: string): Html {
  const v = o.job;
  const admin = o.viewer.role === "admin";
  return html`<section class="card job-details" id="job-details"><h2>Job</h2><dl class="pairs">
<dt>state</dt><dd id="job-state">${badge(state)}</dd>
<dt>tracking id</dt><dd class="mono">${v.trackingId}</dd>
<dt>client</dt><dd>${o.client ? (admin ? html`<a href="/dashboard/clients/${encodeURIComponent(o.client.name)}">${o.client.name}</a>` : o.client.name) : "–"}</dd>
<dt>GitHub user</dt><dd>${v.hostUsername && !hostAccountOf(v.hostUsername) ? html`<a href="https://github.com/${encodeURIComponent(v.hostUsername)}" rel="noreferrer">${v.hostUsername}</a>` : html`<span class="muted">none given</span>`}</dd>
${accountsRow(v)}
<dt>resume</dt><dd>${v.resumeFilename ?? "(no name)"}, ${Math.ceil(v.resumeSize / 1024)} KB, ${v.resumeStored ? "PDF kept" : "PDF deleted"}${
    admin && v.resumeStored && final
      ? html` ${actionButton({ action: `/dashboard/jobs/${encodeURIComponent(v.trackingId)}/delete-pdf`, label: "Delete the PDF now", csrf: o.viewer.csrfToken, kind: "danger", confirm: "Delete the uploaded PDF? The result stays." })}`
      : ""
  }</dd>
<dt>created</dt><dd>${time(v.createdAt)}</dd>
<dt>started</dt><dd>${time(v.startedAt)}</dd>
<dt>finished</dt><dd>${time(v.completedAt)}</dd>
${v.completedAt ? html`<dt>took</dt><dd>${duration(v.completedAt - v.createdAt)}</dd>` : ""}
${v.status === "FAILED" ? html`<dt>failure</dt><dd>${failureWords(v.errorCode)}${admin ? html` <span class="muted"><span class="mono">${v.errorCode ?? "error"}</span> ${v.errorMessage ?? ""}</span>` : ""}</dd>` : ""}
</dl></section>`;
}

export interface JobPageOptions {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  job: Verification;
  client: Client | null;
  /** the report once the job is final */
  report: Report | null;
  /** the result as the API returns it (shown to administrators), once final */
  result: Record<string, unknown> | null;
  /** per-repository commit dates stored beside the result (not part of it) */
  timelines: unknown;
  deliveries: DeliveryWithAttempts[];
  webhooksOn: boolean;
  refreshMs: number;
  /** the job's share links, and a link just created (shown once) */
  links: ShareLink[];
  sharing: Omit<SharingOptions, "trackingId" | "links" | "viewer">;
}

/**
 * One job. Final: the recruiter's report first (verdict, claims, findings, questions), then sharing and
 * the PDF, then the job's details; administrators also see webhook deliveries and the raw result.
 * Unfinished: the job's state, refreshing itself until it ends.
 */
export function jobPage(o: JobPageOptions): Html {
  const v = o.job;
  const final = v.status === "COMPLETED" || v.status === "FAILED";
  const state = final ? v.status : v.jobState === "running" ? "processing" : "queued";
  const moving = !final || o.deliveries.some((d) => d.delivery.state === "pending" || d.delivery.state === "retrying");
  const admin = o.viewer.role === "admin";
  const id = encodeURIComponent(v.trackingId);
  // a verification that could not run is fixed and submitted again, not shared
  const again = `/dashboard/submit${queryString({ client: o.client?.name, hostUsername: v.hostUsername, accounts: v.accounts.map((a) => `${a.host}:${a.username}`).join(", ") || undefined })}`;
  const pdf =
    v.status === "FAILED"
      ? html`<a class="button primary" href="${again}" id="submit-again">Fix and submit again</a>`
      : html`<a class="button primary" href="/dashboard/jobs/${id}/report.pdf" download>Download the PDF</a> <a class="button" href="#sharing">Share</a> <button type="button" class="print-button" data-print hidden>Print</button>`;
  return layout({
    title: o.report?.candidate.name ?? candidateLabel(v),
    assets: o.assets,
    viewer: o.viewer,
    section: "jobs",
    flash: o.flash,
    body: html`<p class="no-print"><a href="/dashboard/jobs">‹ All jobs</a></p>
<div data-live="${moving ? "on" : "done"}" data-refresh-ms="${o.refreshMs}">
${
  o.report
    ? reportView({
        report: o.report,
        timelines: timelinesOf({ verifiedProjects: o.result?.verifiedProjects, commitTimelines: o.timelines }),
        actions: pdf,
      })
    : html`<h1 id="candidate">${candidateLabel(v)}</h1><p>${badge(state)} <span class="muted">The report appears here when the verification ends; this page refreshes itself.</span></p>`
}
<div class="operator no-print">
${o.report && v.status !== "FAILED" ? sharingSection({ ...o.sharing, trackingId: v.trackingId, links: o.links, viewer: o.viewer }) : ""}
${detailsCard(o, final, state)}
${admin ? html`<h2>Webhook deliveries</h2>${deliveries(v.trackingId, o.deliveries, final, o.viewer, o.webhooksOn)}` : ""}
${admin && o.result ? html`<details><summary>The result as the API returns it</summary><pre>${JSON.stringify(o.result, null, 2)}</pre></details>` : ""}
</div>
</div>`,
  });
}
