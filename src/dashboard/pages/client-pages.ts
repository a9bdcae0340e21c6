import type { ApiKeyListing, Client } from "../../accounts/index.ts";
import type { ClientUsage } from "../../verification/index.ts";
import { type Html, html, queryString } from "../html.ts";
import { badge, percent, time } from "./format.ts";
import { type AssetPaths, actionButton, csrfField, layout, type Viewer } from "./layout.ts";

const limitText = (n: number, unit: string) => (n === 0 ? "unlimited" : `${n}${unit}`);

/** Every client with its quota use, and the form that adds one. */
export function clientsPage(o: {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  problems?: string[];
  clients: ClientUsage[];
  form?: { name: string; quota: string; rate: string };
}): Html {
  const f = o.form ?? { name: "", quota: "", rate: "" };
  return layout({
    title: "Clients",
    assets: o.assets,
    viewer: o.viewer,
    section: "clients",
    flash: o.flash,
    problems: o.problems,
    body: html`<h1>Clients and API keys</h1>
<p class="muted">A client is a tenant: its own API keys, webhook URL and secret, monthly quota and rate limit.</p>
<table id="clients" class="stack"><thead><tr><th>client</th><th class="num">used this month</th><th class="num">monthly quota</th><th class="num">rate limit</th><th class="num">active keys</th><th>webhook</th></tr></thead>
<tbody>${o.clients.map(
      (
        c,
      ) => html`<tr><td data-label="client"><a href="/dashboard/clients/${encodeURIComponent(c.name)}">${c.name}</a></td><td class="num" data-label="used this month">${c.usedThisMonth}</td>
<td class="num" data-label="monthly quota">${limitText(c.monthlyQuota, "")}${c.monthlyQuota ? html` <span class="muted">(${percent(c.usedThisMonth, c.monthlyQuota)})</span>` : ""}</td>
<td class="num" data-label="rate limit">${limitText(c.rateLimitPerMinute, "/min per key")}</td><td class="num" data-label="active keys">${c.activeKeys}</td>
<td data-label="webhook"><a href="/dashboard/clients/${encodeURIComponent(c.name)}/webhook">${c.webhookUrl ? "configured" : "not set"}</a></td></tr>`,
    )}</tbody></table>
<h2>Add a client</h2>
<form method="post" action="/dashboard/clients" class="row">${csrfField(o.viewer.csrfToken)}
  <label>Name <input name="name" required maxlength="63" value="${f.name}" placeholder="acme"></label>
  <label>Monthly quota <input name="monthlyQuota" inputmode="numeric" value="${f.quota}" placeholder="default"></label>
  <label>Rate limit per minute per key <input name="rateLimit" inputmode="numeric" value="${f.rate}" placeholder="default"></label>
  <button type="submit" class="primary">Add client</button>
</form>
<p class="muted">0 means unlimited; empty takes the server's default (DEFAULT_MONTHLY_QUOTA, DEFAULT_RATE_LIMIT).</p>`,
  });
}

function keyRows(client: Client, keys: ApiKeyListing[], viewer: Viewer): Html {
  if (!keys.length) return html`<tr><td colspan="6" class="muted">No key yet.</td></tr>`;
  return html`${keys.map(
    (
      k,
    ) => html`<tr data-key-id="${k.id}"><td data-label="label">${k.name}</td><td class="mono" data-label="prefix">${k.displayPrefix}…</td><td data-label="created">${time(k.createdAt)}</td><td data-label="last used">${time(k.lastUsedAt)}</td>
<td data-label="state">${k.revokedAt ? html`${badge("FAILED", "revoked")} ${time(k.revokedAt)}` : badge("COMPLETED", "active")}</td>
<td>${k.revokedAt ? "" : actionButton({ action: `/dashboard/clients/${encodeURIComponent(client.name)}/keys/${encodeURIComponent(k.id)}/revoke`, label: "Revoke", csrf: viewer.csrfToken, kind: "danger", confirm: `Revoke key "${k.name}"? Requests with it are refused from now on.` })}</td></tr>`,
  )}`;
}

/** A shown-once secret with a copy button (the button appears only with JavaScript). */
export function shownOnce(o: { id: string; label: string; value: string; note: string }): Html {
  return html`<div class="once" role="status"><p><strong>${o.label}</strong></p>
<div class="secret"><input id="${o.id}" readonly value="${o.value}" aria-label="${o.label}"><button type="button" data-copy="${o.id}" hidden>Copy</button></div>
<p class="muted">${o.note}</p></div>`;
}

/** One client: limits, API keys (create with the key shown once, revoke), and links to its webhook and jobs. */
export function clientPage(o: {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  problems?: string[];
  client: Client;
  usedThisMonth: number;
  keys: ApiKeyListing[];
  createdKey?: { key: string; name: string } | null;
}): Html {
  const c = o.client;
  const base = `/dashboard/clients/${encodeURIComponent(c.name)}`;
  return layout({
    title: c.name,
    assets: o.assets,
    viewer: o.viewer,
    section: "clients",
    flash: o.flash,
    problems: o.problems,
    body: html`<p><a href="/dashboard/clients">‹ All clients</a></p>
<h1>Client ${c.name}</h1>
<p><a href="${base}/webhook">Webhook settings</a> · <a href="/dashboard/jobs${queryString({ client: c.name })}">Jobs of this client</a></p>
${o.createdKey ? shownOnce({ id: "new-key", label: `New API key "${o.createdKey.name}"`, value: o.createdKey.key, note: "Copy it now: only its hash is stored, so it cannot be shown again. Send it as Authorization: Bearer <key>." }) : ""}
<h2>API keys</h2>
<table id="keys" class="stack"><thead><tr><th>label</th><th>prefix</th><th>created</th><th>last used</th><th>state</th><th></th></tr></thead><tbody>${keyRows(c, o.keys, o.viewer)}</tbody></table>
<form method="post" action="${base}/keys" class="row">${csrfField(o.viewer.csrfToken)}
  <label>Label for a new key <input name="name" required maxlength="100" placeholder="production ATS"></label>
  <button type="submit" class="primary">Create key</button>
</form>
<h2>Limits</h2>
<p>Used this month: <strong>${o.usedThisMonth}</strong>${c.monthlyQuota ? ` of ${c.monthlyQuota} (${percent(o.usedThisMonth, c.monthlyQuota)})` : " (no quota)"}.</p>
<form method="post" action="${base}/limits" class="row">${csrfField(o.viewer.csrfToken)}
  <label>Monthly quota (0 = unlimited) <input name="monthlyQuota" inputmode="numeric" required value="${c.monthlyQuota}"></label>
  <label>Rate limit per minute per key (0 = unlimited) <input name="rateLimit" inputmode="numeric" required value="${c.rateLimitPerMinute}"></label>
  <button type="submit">Save limits</button>
</form>`,
  });
}
