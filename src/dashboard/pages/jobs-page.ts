import type { ClientRow } from "../../accounts/account-store.ts";
import { encodeCursor, filterParams, JOB_STATES, type JobFilter } from "../../verification/job-filters.ts";
import type { JobPage } from "../../verification/verification-list-store.ts";
import { type Html, html, queryString } from "../html.ts";
import { badge, candidate, time, verdictBand, webhookLabel } from "./format.ts";

const CRITICAL = { severity: "CRITICAL" };

import { type AssetPaths, layout, type Viewer } from "./layout.ts";

function filterForm(f: JobFilter, clients: ClientRow[]): Html {
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
  clients: ClientRow[];
  page: JobPage;
  refreshMs: number;
}): Html {
  const { page, filter } = o;
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
<div class="table-scroll"><table id="jobs">
<thead><tr><th>tracking id</th><th>state</th><th class="num">score</th><th>client</th><th>candidate (GitHub user)</th><th>created</th><th>finished</th><th>webhook</th></tr></thead>
<tbody>${
      page.rows.length === 0
        ? html`<tr><td colspan="8" class="muted">No job matches.</td></tr>`
        : page.rows.map(
            (r) => html`<tr data-tracking-id="${r.tracking_id}">
  <td><a class="mono" href="/dashboard/jobs/${encodeURIComponent(r.tracking_id)}">${r.tracking_id}</a></td>
  <td>${badge(r.state)}${r.error_code ? html` <span class="muted mono">${r.error_code}</span>` : ""}</td>
  <td class="num">${r.score ?? "–"}${
    r.score !== null
      ? html` ${verdictBand(
          r.score,
          Array.from({ length: r.critical_flags ?? 0 }, () => CRITICAL),
        )}`
      : ""
  }</td>
  <td>${r.client_name}</td>
  <td class="candidate">${candidate(r.host_username, r.candidate_name)}</td>
  <td>${time(r.created_at)}</td>
  <td>${time(r.completed_at)}</td>
  <td>${badge(webhookLabel(r.webhook_state))}</td>
</tr>`,
          )
    }</tbody>
</table></div>
<nav class="pager" aria-label="pages">
  ${page.newer ? html`<a href="/dashboard/jobs${queryString({ ...keep })}">« Newest</a> <a rel="prev" href="/dashboard/jobs${queryString({ ...keep, after: encodeCursor(page.newer) })}">‹ Newer</a>` : ""}
  ${page.older ? html`<a rel="next" href="/dashboard/jobs${queryString({ ...keep, before: encodeCursor(page.older) })}">Older ›</a>` : ""}
</nav>
</div>`,
  });
}
