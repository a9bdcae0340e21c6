import type { ClientUsage } from "../../verification/index.ts";
import type { DeliveryHealth } from "../../webhooks/index.ts";
import { type Html, html, queryString } from "../html.ts";
import { badge, duration, percent, time } from "./format.ts";
import { type AssetPaths, layout, type Viewer } from "./layout.ts";

export interface OverviewData {
  now: number;
  today: Record<string, number>;
  month: Record<string, number>;
  queue: { waiting: number; running: number; oldestWaitingMs: number | null; oldestDueMs: number | null };
  deliveries: DeliveryHealth | null;
  github: { limit: number; remaining: number; resetAt: number } | null;
  clients: ClientUsage[];
  monthStartDay: string;
  todayDay: string;
}

const STATES = ["queued", "processing", "COMPLETED", "FAILED"] as const;

function stateTable(counts: Record<string, number>, from: string): Html {
  const total = STATES.reduce((s, k) => s + (counts[k] ?? 0), 0);
  return html`<table><tbody>${STATES.map(
    (s) =>
      html`<tr><td>${badge(s)}</td><td class="num"><a href="/dashboard/jobs${queryString({ state: s, from })}">${counts[s] ?? 0}</a></td></tr>`,
  )}<tr><th>total</th><th class="num">${total}</th></tr></tbody></table>`;
}

function deliveryCard(d: DeliveryHealth | null): Html {
  if (!d) return html`<p class="muted">Webhook delivery is not available in this build.</p>`;
  const created = Object.values(d.byState).reduce((a, b) => a + b, 0);
  return html`<dl class="pairs">
<dt>events (24 h)</dt><dd>${created}</dd>
<dt>delivered</dt><dd>${d.byState.delivered ?? 0}</dd>
<dt>retrying now</dt><dd>${d.retryingNow > 0 ? badge("retrying", String(d.retryingNow)) : "0"}</dd>
<dt>webhook_failed (24 h)</dt><dd>${(d.byState.failed ?? 0) > 0 ? html`<a href="/dashboard/jobs?state=webhook_failed">${badge("failed", String(d.byState.failed))}</a>` : "0"}</dd>
<dt>attempt success</dt><dd>${percent(d.succeeded, d.attempts)} of ${d.attempts}</dd>
<dt>latency p50 / p95</dt><dd>${duration(d.p50LatencyMs)} / ${duration(d.p95LatencyMs)}</dd>
</dl>`;
}

function githubCard(g: OverviewData["github"], now: number): Html {
  if (!g)
    return html`<p class="muted">No GitHub call made since the server started, so the budget is not known yet.</p>`;
  return html`<p class="big">${g.remaining} <span class="muted">/ ${g.limit}</span></p>
<p class="muted">requests left; the window resets in ${duration(g.resetAt - now)} (${time(g.resetAt)})</p>`;
}

/** The operator's first page: today's and this month's jobs, the queue, webhook health, GitHub budget, quotas. */
export function overviewPage(o: {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  data: OverviewData;
  refreshMs: number;
}): Html {
  const d = o.data;
  return layout({
    title: "Overview",
    assets: o.assets,
    viewer: o.viewer,
    section: "overview",
    flash: o.flash,
    body: html`<h1>Overview</h1>
<div data-live="on" data-refresh-ms="${o.refreshMs}">
<div class="cards">
  <section class="card"><h2>Jobs today (UTC)</h2>${stateTable(d.today, d.todayDay)}</section>
  <section class="card"><h2>Jobs this month</h2>${stateTable(d.month, d.monthStartDay)}</section>
  <section class="card"><h2>Queue</h2><dl class="pairs">
    <dt>waiting</dt><dd>${d.queue.waiting}</dd>
    <dt>running</dt><dd>${d.queue.running}</dd>
    <dt>oldest unfinished</dt><dd>${duration(d.queue.oldestWaitingMs)}</dd>
    <dt>oldest due, not started</dt><dd>${duration(d.queue.oldestDueMs)}</dd>
  </dl></section>
  <section class="card"><h2>Webhook delivery</h2>${deliveryCard(d.deliveries)}</section>
  <section class="card"><h2>GitHub rate budget</h2>${githubCard(d.github, d.now)}</section>
</div>
<h2>Quota use this month</h2>
<table class="stack" id="quota">
<thead><tr><th>client</th><th class="num">used</th><th class="num">quota</th><th class="num">share</th><th class="num">rate limit</th><th class="num">active keys</th><th>webhook</th></tr></thead>
<tbody>${d.clients.map(
      (c) => html`<tr>
  <td data-label="client"><a href="/dashboard/clients/${encodeURIComponent(c.name)}">${c.name}</a></td>
  <td class="num" data-label="used">${c.usedThisMonth}</td>
  <td class="num" data-label="quota">${c.monthlyQuota === 0 ? "unlimited" : c.monthlyQuota}</td>
  <td class="num" data-label="share">${c.monthlyQuota === 0 ? "–" : percent(c.usedThisMonth, c.monthlyQuota)}</td>
  <td class="num" data-label="rate limit">${c.rateLimitPerMinute === 0 ? "unlimited" : `${c.rateLimitPerMinute}/min`}</td>
  <td class="num" data-label="active keys">${c.activeKeys}</td>
  <td data-label="webhook">${c.webhookUrl ? html`<span class="mono">${c.webhookUrl}</span>` : html`<span class="muted">none (polling only)</span>`}</td>
</tr>`,
    )}</tbody>
</table>
</div>`,
  });
}
