import type { LinkOpen, ShareLink } from "../../report/index.ts";
import { linkCreator, shareReference } from "../../report/index.ts";
import { type Html, html } from "../html.ts";
import { shownOnce } from "./client-pages.ts";
import { badge, time } from "./format.ts";
import { actionButton, csrfField, type Viewer } from "./layout.ts";

const DAY_MS = 86_400_000;
/** The expiries offered, in days; the server's default is added when it is not one of them. */
const DAY_CHOICES = [1, 7, 14, 30, 90];

export interface SharingOptions {
  trackingId: string;
  viewer: Viewer;
  links: ShareLink[];
  /** when each link was opened (the recorded opens), newest first */
  opens: ReadonlyMap<string, LinkOpen[]>;
  /** a link just created: its whole address, shown this once */
  created: { url: string; expiresAt: number } | null;
  /** REPORT_LINK_TTL in days: the preselected expiry */
  defaultDays: number;
}

const STATE_BADGE = { live: "COMPLETED", expired: "queued", revoked: "FAILED" } as const;

function opened(l: ShareLink, opens: SharingOptions["opens"]): Html {
  if (l.openedCount === 0) return html`<span class="muted">never</span>`;
  const times = opens.get(l.id) ?? [];
  return html`${l.openedCount === 1 ? "once" : `${l.openedCount} times`}, last ${time(l.lastOpenedAt)}${
    times.length
      ? html`<details class="opens"><summary>when</summary><ul>${times.map(
          (o) => html`<li>${time(o.openedAt)} ${o.what === "pdf" ? "(PDF)" : "(page)"}</li>`,
        )}</ul>${l.openedCount > times.length ? html`<p class="muted">The first ${times.length} opens are kept; all are counted.</p>` : ""}</details>`
      : ""
  }`;
}

/** Share links of one report: create one (shown once), and each link's state, opens and a revoke button. */
export function sharingSection(o: SharingOptions): Html {
  const base = `/dashboard/jobs/${encodeURIComponent(o.trackingId)}/share`;
  const choices = [...new Set([...DAY_CHOICES, o.defaultDays])].sort((a, b) => a - b);
  return html`<section class="sharing" id="sharing"><h2>Share this report</h2>
<p class="muted">A share link opens this report read-only, without an account, and nothing else: no other candidate, no setting. It stops working when it expires or is revoked; every open is recorded here.</p>
${o.created ? shownOnce({ id: "share-link", label: "New share link", value: o.created.url, note: `Copy it now: only a fingerprint of it is kept, so it cannot be shown again. It works until ${new Date(o.created.expiresAt).toISOString().slice(0, 16).replace("T", " ")} UTC.` }) : ""}
<form method="post" action="${base}" class="row">${csrfField(o.viewer.csrfToken)}
  <label>Expires after <select name="days">${choices.map(
    (d) =>
      html`<option value="${d}"${d === o.defaultDays ? html` selected` : ""}>${d === 1 ? "1 day" : `${d} days`}</option>`,
  )}</select></label>
  <button type="submit" class="primary">Create a share link</button>
</form>
${
  o.links.length
    ? html`<table class="stack" id="share-links"><thead><tr><th>created</th><th>by</th><th>state</th><th>expires</th><th>opened</th><th></th></tr></thead><tbody>${o.links.map(
        (l) => html`<tr data-link-id="${l.id}">
<td data-label="created">${time(l.createdAt)} <span class="muted mono" title="the reference its page and PDF show">${shareReference(l.id)}</span></td>
<td data-label="by">${linkCreator(l.createdBy)}</td>
<td data-label="state">${badge(STATE_BADGE[l.state], l.state)}${l.revokedBy ? html` <span class="muted">by ${l.revokedBy}</span>` : ""}</td>
<td data-label="expires">${time(l.expiresAt)}</td>
<td data-label="opened">${opened(l, o.opens)}</td>
<td>${l.state === "live" ? actionButton({ action: `${base}/${encodeURIComponent(l.id)}/revoke`, label: "Revoke", csrf: o.viewer.csrfToken, kind: "danger", confirm: "Revoke this share link? Whoever has it can no longer open the report." }) : ""}</td>
</tr>`,
      )}</tbody></table>`
    : html`<p class="muted">No share link yet.</p>`
}
</section>`;
}

/** Days of a share link's life from the form: a whole number from 1 to 365, or null. */
export function daysField(value: string): number | null {
  if (!/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 365 ? n : null;
}

export { DAY_MS };
