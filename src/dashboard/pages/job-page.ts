import type { ClientRow } from "../../accounts/account-store.ts";
import type { VerificationView } from "../../verification/verification-store.ts";
import type { DeliveryListRow } from "../../webhooks/delivery-report-store.ts";
import type { AttemptRow } from "../../webhooks/delivery-store.ts";
import { type Html, html, trusted } from "../html.ts";
import { BANDS_TEXT, badge, candidate, duration, scrollTable, time, verdictBand, webhookLabel } from "./format.ts";
import { type AssetPaths, actionButton, layout, type Viewer } from "./layout.ts";
import { timelineStats, timelineSvg, timelinesOf } from "./timeline-chart.ts";

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown): string =>
  typeof v === "number" && Number.isFinite(v) ? String(Math.round(v * 100) / 100) : "–";

export interface DeliveryWithAttempts {
  delivery: DeliveryListRow;
  attempts: AttemptRow[];
}

function breakdown(b: unknown): Html {
  if (!isObj(b)) return html`<p class="muted">This result carries no score breakdown.</p>`;
  const claims = list(b.claims);
  const penalties = list(b.penalties);
  return html`<dl class="pairs">
<dt>evidence</dt><dd>${num(b.evidence)}</dd>
<dt>penalties</dt><dd>${num(b.penaltyTotal)}</dd>
<dt>score</dt><dd>${num(b.score)}</dd>
${typeof b.mentionsSkipped === "number" && b.mentionsSkipped > 0 ? html`<dt>mentions not scored</dt><dd>${b.mentionsSkipped}</dd>` : ""}
</dl>
${b.formula ? html`<p class="muted">${str(b.formula)}</p>` : ""}
${
  claims.length
    ? html`<h3>Per claim</h3>${scrollTable(
        html`<table><thead><tr><th>claim</th><th>repository</th><th>strength</th><th class="num">commits</th><th class="num">strength weight</th><th class="num">activity</th><th class="num">credibility</th><th class="num">credit</th></tr></thead><tbody>${claims.map(
          (c) =>
            html`<tr><td>${str(c.name)}</td><td class="mono">${str(c.repo) || "–"}</td><td>${badge(str(c.matchStrength) || null)}</td><td class="num">${num(c.commits)}</td><td class="num">${num(c.strengthWeight)}</td><td class="num">${num(c.activityFactor)}</td><td class="num">${num(c.credibility)}</td><td class="num">${num(c.credit)}</td></tr>`,
        )}</tbody></table>`,
      )}`
    : ""
}
${
  penalties.length
    ? html`<h3>Penalties</h3>${scrollTable(
        html`<table><thead><tr><th>rule</th><th>severity</th><th>repository</th><th class="num">points</th></tr></thead><tbody>${penalties.map(
          (p) =>
            html`<tr><td class="mono">${str(p.rule)}</td><td>${badge(str(p.severity) || null)}</td><td class="mono">${str(p.repo) || "–"}</td><td class="num">${num(p.points)}</td></tr>`,
        )}</tbody></table>`,
      )}`
    : ""
}`;
}

function projects(result: Json): Html {
  const rows = list(result.verifiedProjects);
  if (!rows.length) return html`<p class="muted">No claimed project was matched to a repository.</p>`;
  return scrollTable(
    html`<table><thead><tr><th>project</th><th>repository</th><th>strength</th><th class="num">commits</th><th class="num">all commits</th><th class="num">own share</th><th>first – last commit</th><th>worst flag</th></tr></thead><tbody>${rows.map(
      (p) =>
        html`<tr><td>${str(p.name)}</td><td class="mono">${str(p.repoUrl)}</td><td>${badge(str(p.matchStrength) || null)}</td><td class="num">${num(p.commits)}</td><td class="num">${num(p.totalCommits)}</td><td class="num">${typeof p.ownShare === "number" ? `${Math.round(p.ownShare * 100)}%` : "–"}</td><td>${p.firstCommitAt || p.lastCommitAt ? `${str(p.firstCommitAt).slice(0, 10) || "?"} – ${str(p.lastCommitAt).slice(0, 10) || "?"}` : "–"}</td><td>${badge(str(p.worstFlag) || null)}</td></tr>`,
    )}</tbody></table>`,
  );
}

function flags(result: Json): Html {
  const rows = list(result.flags);
  if (!rows.length) return html`<p class="muted">No flags.</p>`;
  return scrollTable(
    html`<table><thead><tr><th>severity</th><th>message</th><th>rule</th></tr></thead><tbody>${rows.map(
      (f) =>
        html`<tr><td>${badge(str(f.severity) || null)}</td><td>${str(f.message)}</td><td class="mono">${str(f.rule) || "–"}</td></tr>`,
    )}</tbody></table>`,
  );
}

function timelines(result: Json): Html {
  const all = timelinesOf(result);
  if (!all.length)
    return html`<p class="muted">This result carries no per-commit dates, so there is no timeline to draw.</p>`;
  return html`<p class="legend">Each line joins a commit's author date (top) to its committer date (bottom).<span class="swatch plain"></span>same day; more than a day apart:<span class="swatch shifted-none"></span>on a repository without flags (a rebase or an amended history)<span class="swatch shifted-warning"></span>with a WARNING<span class="swatch shifted-critical"></span>with a CRITICAL flag (forged). Many lines meeting in one point below is a bulk dump. Dashed markers: the account's and the repository's creation.</p>
${all.map((t) => {
  const s = timelineStats(t);
  return html`<figure><figcaption class="mono">${t.repo}${t.severity ? html` ${badge(t.severity)}` : ""}</figcaption><div class="timeline-scroll">${trusted(timelineSvg(t))}</div>
<p class="muted">${s.commits} commits; ${s.shifted} with author and committer dates more than a day apart${s.busiestDay ? `; busiest day ${s.busiestDay.day} with ${s.busiestDay.commits} commits` : ""}.</p>${partial(s)}</figure>`;
})}`;
}

/** Says so when the picture holds fewer commits than the repository's history. */
function partial(s: ReturnType<typeof timelineStats>): Html {
  const notes: string[] = [];
  const own = s.ownCommits ?? s.commits;
  if (s.drawn < own)
    notes.push(
      `The picture shows ${s.drawn} of the candidate's ${own} commits (${s.drawn < s.commits ? "evenly thinned" : "the commits examined"}).`,
    );
  if (s.historyCommits !== null && s.historyCommits > own)
    notes.push(`The history holds ${s.historyCommits} commits; the ${s.historyCommits - own} by others are not drawn.`);
  return notes.length ? html`<p class="partial">${notes.join(" ")}</p>` : html``;
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
<dl class="pairs"><dt>event</dt><dd class="mono">${d.event}</dd><dt>created</dt><dd>${time(d.created_at)}</dd>
${d.next_attempt_at ? html`<dt>next attempt</dt><dd>${time(d.next_attempt_at)}</dd>` : ""}
${d.delivered_at ? html`<dt>delivered</dt><dd>${time(d.delivered_at)}</dd>` : ""}</dl>
${attemptsTable(attempts)}
<p>${actionButton({ action: `/dashboard/jobs/${encodeURIComponent(trackingId)}/deliveries/${encodeURIComponent(d.id)}/resend`, label: "Resend", csrf: viewer.csrfToken, kind: "primary" })}</p>
</section>`,
  )}`;
}

/** An attempt log: number, time, outcome, HTTP status, latency, error and the receiver's answer (escaped). */
export function attemptsTable(attempts: AttemptRow[]): Html {
  if (!attempts.length) return html`<p class="muted">No attempt yet.</p>`;
  return scrollTable(
    html`<table class="attempts"><thead><tr><th class="num">#</th><th>started</th><th>outcome</th><th class="num">status</th><th class="num">latency</th><th>detail</th></tr></thead><tbody>${attempts.map(
      (
        a,
      ) => html`<tr><td class="num">${a.attempt}</td><td>${time(a.started_at)}</td><td>${badge(a.outcome)}</td><td class="num">${a.status_code ?? "–"}</td><td class="num">${duration(a.latency_ms)}</td>
<td>${a.url ? html`<div class="mono muted">${a.url}</div>` : ""}${a.error ? html`<div>${a.error}</div>` : ""}${a.response_excerpt ? html`<pre class="excerpt">${a.response_excerpt}</pre>` : ""}</td></tr>`,
    )}</tbody></table>`,
  );
}

/** One job: identity and timing, the score and why, projects, flags, commit timelines and webhook deliveries. */
export function jobPage(o: {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  job: VerificationView;
  client: ClientRow | null;
  result: Json | null;
  /** per-repository commit dates stored beside the result (not part of it) */
  timelines: unknown;
  deliveries: DeliveryWithAttempts[];
  webhooksOn: boolean;
  refreshMs: number;
}): Html {
  const v = o.job;
  const final = v.status === "COMPLETED" || v.status === "FAILED";
  const state = final ? v.status : v.job_state === "running" ? "processing" : "queued";
  const moving = !final || o.deliveries.some((d) => d.delivery.state === "pending" || d.delivery.state === "retrying");
  const r = o.result ?? {};
  return layout({
    title: v.tracking_id,
    assets: o.assets,
    viewer: o.viewer,
    section: "jobs",
    flash: o.flash,
    body: html`<p><a href="/dashboard/jobs">‹ All jobs</a></p>
<h1 id="candidate">${candidate(v.host_username, r.candidateName)}${
      v.status === "COMPLETED" && typeof r.confidenceScore === "number"
        ? html` ${verdictBand(r.confidenceScore, list(r.flags))}`
        : ""
    }</h1>
<p class="mono job-id">${v.tracking_id}</p>
<div data-live="${moving ? "on" : "done"}" data-refresh-ms="${o.refreshMs}">
<div class="cards job-cards">
<section class="card"><h2>Job</h2><dl class="pairs">
<dt>state</dt><dd id="job-state">${badge(state)}</dd>
<dt>client</dt><dd>${o.client ? html`<a href="/dashboard/clients/${encodeURIComponent(o.client.name)}">${o.client.name}</a>` : "–"}</dd>
<dt>GitHub user</dt><dd><a href="https://github.com/${encodeURIComponent(v.host_username)}" rel="noreferrer">${v.host_username}</a></dd>
<dt>candidate</dt><dd>${str(r.candidateName) || html`<span class="muted">(no name read from the resume)</span>`}</dd>
<dt>resume</dt><dd>${v.resume_filename ?? "(no name)"}, ${Math.ceil(v.resume_size / 1024)} KB, ${v.resume_stored ? "PDF kept" : "PDF deleted"}${
      v.resume_stored && final
        ? html` ${actionButton({ action: `/dashboard/jobs/${encodeURIComponent(v.tracking_id)}/delete-pdf`, label: "Delete the PDF now", csrf: o.viewer.csrfToken, kind: "danger", confirm: "Delete the uploaded PDF? The result stays." })}`
        : ""
    }</dd>
<dt>created</dt><dd>${time(v.created_at)}</dd>
<dt>started</dt><dd>${time(v.started_at)}</dd>
<dt>finished</dt><dd>${time(v.completed_at)}</dd>
${v.completed_at ? html`<dt>took</dt><dd>${duration(v.completed_at - v.created_at)}</dd>` : ""}
</dl></section>
${
  v.status === "COMPLETED"
    ? html`<section class="card"><h2>Confidence score</h2><p class="score"><span id="score">${num(r.confidenceScore)}</span>${typeof r.confidenceScore === "number" ? verdictBand(r.confidenceScore, list(r.flags), "verdict-band") : ""}</p><p class="muted bands">${BANDS_TEXT}</p>${breakdown(r.scoreBreakdown)}</section>`
    : v.status === "FAILED"
      ? html`<section class="card"><h2>Failed</h2><p class="mono">${v.error_code ?? "error"}</p><p>${v.error_message ?? ""}</p></section>`
      : html`<section class="card"><h2>Not finished</h2><p class="muted">This page refreshes itself until the job ends.</p></section>`
}
</div>
${
  v.status === "COMPLETED"
    ? html`<h2>Verified projects</h2>${projects(r)}
<h2>Flags</h2>${flags(r)}
${list(r.unmatchedClaims).length ? html`<h2>Claims without a repository</h2>${scrollTable(html`<table><thead><tr><th>claim</th><th>why</th></tr></thead><tbody>${list(r.unmatchedClaims).map((u) => html`<tr><td>${str(u.name)}</td><td>${str(u.reason)}</td></tr>`)}</tbody></table>`)}` : ""}
<h2>Commit timelines</h2>${timelines({ verifiedProjects: r.verifiedProjects, commitTimelines: o.timelines })}`
    : ""
}
<h2>Webhook deliveries</h2>
${deliveries(v.tracking_id, o.deliveries, final, o.viewer, o.webhooksOn)}
${o.result ? html`<details><summary>The result as the API returns it</summary><pre>${JSON.stringify(o.result, null, 2)}</pre></details>` : ""}
</div>`,
  });
}
