import type { Client } from "../../accounts/index.ts";
import type { Verdict } from "../../contract/index.ts";
import type { JobPage, JobSummary } from "../../verification/index.ts";
import { encodeCursor, filterParams, JOB_STATES, type JobFilter } from "../../verification/index.ts";
import { type Html, html, queryString } from "../html.ts";
import { badge, candidate, time, webhookLabel } from "./format.ts";
import { type AssetPaths, layout, type Viewer } from "./layout.ts";

export type ListVerdicts = ReadonlyMap<string, Verdict>;

/** The report's verdict in its colour, or the job's state while it has none. */
export function verdictCell(r: JobSummary, verdicts: ListVerdicts): Html {
  const v = verdicts.get(r.trackingId);
  if (v) return html`<span class="verdict-chip verdict-${v.code}" data-verdict="${v.code}">${v.label}</span>`;
  return html`<span class="muted">${r.state === "FAILED" ? "not verified" : "not finished"}</span>`;
}

function filterForm(f: JobFilter, clients: Client[]): Html {
  return html`<form method="get" action="/dashboard/jobs" class="row" aria-label="filter jobs">
  <label>State <select name="state"><option value="">any</option>${JOB_STATES.map(
    (s) => html`<option value="${s}"${f.state === s ? html` selected` : ""}>${s}</option>`,
  )}</select></label>
  <label>Client <select name="client"><option value="">any</option>${clients.map(
    (c) => html`<option value="${c.name}"${f.client === c.name ? html` selected` : ""}>${c.name}</option>`,
  )}</select></label>
  <label>GitHub username <input name="username" value="${f.username ?? ""}" maxlength="39" placeholder="starts with"></label>
  <label>From (UTC) <input type="date" name="from" value="${f.from ?? ""}"></label>
  <label>To (UTC) <input type="date" name="to" value="${f.to ?? ""}"></label>
  <button type="submit" class="primary">Filter</button>
  <a href="/dashboard/jobs">Clear</a>
</form>`;
}

/** The jobs list: filters, one page of jobs newest first, and links to newer and older pages. */
export function jobsPage(o: {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  problems: string[];
  filter: JobFilter;
  clients: Client[];
  page: JobPage;
  /** the report verdict of each final job on the page */
  verdicts: ListVerdicts;
  refreshMs: number;
}): Html {
  const { page, filter } = o;
  const admin = o.viewer.role === "admin";
  const keep = filterParams(filter);
  const live = !filter.before && !filter.after;
  return layout({
    title: "Jobs",
    assets: o.assets,
    viewer: o.viewer,
    section: "jobs",
    flash: o.flash,
    problems: o.problems,
    body: html`<h1>Jobs</h1>
${filterForm(filter, o.clients)}
<div data-live="${live ? "on" : "done"}" data-refresh-ms="${o.refreshMs}">
<p class="muted">${page.total} job${page.total === 1 ? "" : "s"} match${page.total === 1 ? "es" : ""}${live ? "; this page refreshes itself" : ""}.</p>
<table id="jobs" class="stack jobs">
<thead><tr><th>candidate</th><th>verdict</th><th class="num">score</th><th>state</th><th>client</th><th>created</th><th>finished</th>${admin ? html`<th>webhook</th>` : ""}</tr></thead>
<tbody>${
      page.rows.length === 0
        ? html`<tr><td colspan="8" class="muted">No job matches.</td></tr>`
        : page.rows.map(
            (r) => html`<tr data-tracking-id="${r.trackingId}">
  <td class="candidate" data-label="candidate"><a href="/dashboard/jobs/${encodeURIComponent(r.trackingId)}">${candidate(r.hostUsername, r.candidateName, r.accounts)}</a></td>
  <td class="verdict-cell" data-label="verdict">${verdictCell(r, o.verdicts)}</td>
  <td class="num score-cell" data-label="score">${r.score ?? "–"}</td>
  <td data-label="state">${badge(r.state)}${r.errorCode ? html` <span class="muted mono">${r.errorCode}</span>` : ""}</td>
  <td data-label="client">${r.clientName}</td>
  <td data-label="created">${time(r.createdAt)}</td>
  <td data-label="finished">${time(r.completedAt)}</td>
  ${admin ? html`<td data-label="webhook">${badge(webhookLabel(r.webhookState))}</td>` : ""}
</tr>`,
          )
    }</tbody>
</table>
<nav class="pager" aria-label="pages">
  ${page.newer ? html`<a href="/dashboard/jobs${queryString({ ...keep })}">« Newest</a> <a rel="prev" href="/dashboard/jobs${queryString({ ...keep, after: encodeCursor(page.newer) })}">‹ Newer</a>` : ""}
  ${page.older ? html`<a rel="next" href="/dashboard/jobs${queryString({ ...keep, before: encodeCursor(page.older) })}">Older ›</a>` : ""}
</nav>
</div>`,
  });
}
