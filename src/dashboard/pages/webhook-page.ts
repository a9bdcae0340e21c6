import type { Client } from "../../accounts/index.ts";
import type { SignatureVerdict } from "../../webhooks/index.ts";
import { type Html, html } from "../html.ts";
import { shownOnce } from "./client-pages.ts";
import { badge, time } from "./format.ts";
import type { DeliveryWithAttempts } from "./job-page.ts";
import { attemptsTable } from "./job-page.ts";
import { type AssetPaths, actionButton, csrfField, layout, type Viewer } from "./layout.ts";

export interface WebhookPageOptions {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  problems?: string[];
  client: Client;
  now: number;
  /** a secret to show in full (just revealed, generated or rotated) */
  shownSecret?: { value: string; why: string } | null;
  tests: DeliveryWithAttempts[];
  /** the test delivery to show first (just sent) */
  highlight?: string | null;
  check?: { body: string; header: string; verdict: SignatureVerdict } | null;
  webhooksOn: boolean;
  urlValue?: string;
}

function secretSection(o: WebhookPageOptions, base: string): Html {
  const c = o.client;
  if (!c.webhookSecret) return html`<p class="muted">No secret yet: one is generated when the URL is first set.</p>`;
  const prevLive = c.webhookSecretPrevious !== null && (c.webhookSecretPreviousUntil ?? 0) > o.now;
  return html`${
    o.shownSecret
      ? shownOnce({ id: "secret", label: "Webhook secret", value: o.shownSecret.value, note: o.shownSecret.why })
      : html`<p>Secret: <span class="mono">${c.webhookSecret.slice(0, 10)}…</span></p>`
  }
${prevLive ? html`<p class="muted">The previous secret also signs (a second signature) until ${time(c.webhookSecretPreviousUntil)}, so receivers can switch without dropping events.</p>` : ""}
<p>${o.shownSecret ? "" : actionButton({ action: `${base}/reveal`, label: "Reveal secret", csrf: o.viewer.csrfToken })}
${actionButton({ action: `${base}/rotate`, label: "Rotate secret", csrf: o.viewer.csrfToken, kind: "danger", confirm: "Rotate the webhook secret? The old one keeps signing for 24 hours." })}</p>`;
}

function testSection(o: WebhookPageOptions, base: string): Html {
  if (!o.webhooksOn) return html`<p class="muted">Webhook delivery is not available in this build.</p>`;
  const ordered = [...o.tests].sort((a, b) =>
    a.delivery.id === o.highlight ? -1 : b.delivery.id === o.highlight ? 1 : 0,
  );
  return html`<p>Sends a signed <code>webhook.test</code> event to the URL now: one attempt, no retries, recorded below.</p>
<p>${actionButton({ action: `${base}/test`, label: "Send a test event", csrf: o.viewer.csrfToken, kind: "primary" })}</p>
${ordered.map(
  ({ delivery: d, attempts }) =>
    html`<section class="card delivery" data-delivery-id="${d.id}"><h3><span class="mono">${d.id}</span> ${badge(d.state)} <span class="muted">${time(d.createdAt)}</span></h3>${attemptsTable(attempts)}</section>`,
)}`;
}

function checkerSection(o: WebhookPageOptions, base: string): Html {
  const c = o.check;
  return html`<p>Paste a body your receiver got and its <code>X-Service-Signature</code> header: this checks them against the client's secrets and says why a signature does not verify.</p>
${c ? html`<p class="verdict ${c.verdict.ok ? "ok" : "bad"}" id="verdict" role="status"><strong>${c.verdict.ok ? "Verifies" : "Does not verify"}</strong>: ${c.verdict.message}</p>` : ""}
<form method="post" action="${base}/check" class="stack">${csrfField(o.viewer.csrfToken)}
  <label>Raw body <textarea name="body" spellcheck="false" required>${c?.body ?? ""}</textarea></label>
  <label>X-Service-Signature <input name="header" spellcheck="false" required maxlength="200" value="${c?.header ?? ""}" placeholder="sha256=…"></label>
  <button type="submit">Check signature</button>
</form>`;
}

/** A client's webhook: URL, the secret (reveal, rotate), a test event with its attempt, and a signature checker. */
export function webhookPage(o: WebhookPageOptions): Html {
  const c = o.client;
  const base = `/dashboard/clients/${encodeURIComponent(c.name)}/webhook`;
  return layout({
    title: `Webhook of ${c.name}`,
    assets: o.assets,
    viewer: o.viewer,
    section: "clients",
    flash: o.flash,
    problems: o.problems,
    body: html`<p><a href="/dashboard/clients/${encodeURIComponent(c.name)}">‹ Client ${c.name}</a></p>
<h1>Webhook of ${c.name}</h1>
<h2>Endpoint</h2>
<form method="post" action="${base}" class="row">${csrfField(o.viewer.csrfToken)}
  <label>URL <input name="url" type="url" required maxlength="2000" size="60" value="${o.urlValue ?? c.webhookUrl ?? ""}" placeholder="https://ats.example.com/hooks/claimcheck"></label>
  <button type="submit" class="primary">Save URL</button>
</form>
${c.webhookUrl ? "" : html`<p class="muted">No URL: results of this client are available by polling only.</p>`}
<h2>Signing secret</h2>
${secretSection(o, base)}
<h2>Test event</h2>
${testSection(o, base)}
<h2>Signature checker</h2>
${checkerSection(o, base)}`,
  });
}
