import type { Client } from "../../accounts/index.ts";
import type { Connection } from "../../integrations/index.ts";
import { TEST_PROFILES } from "../../integrations/index.ts";
import { type Html, html } from "../html.ts";
import { shownOnce } from "./client-pages.ts";
import { badge, time } from "./format.ts";
import { type AssetPaths, actionButton, csrfField, layout, type Viewer } from "./layout.ts";

/** The endpoints an ATS is given, under the service's external address. */
export function endpointsOf(base: string, kind: Connection["kind"]): string[] {
  const b = base.replace(/\/+$/, "");
  return kind === "greenhouse"
    ? ["list_tests", "send_test", "test_status", "response_error"].map((p) => `${b}/integrations/greenhouse/${p}`)
    : [`${b}/integrations/ashby`];
}

/**
 * The ATS connections: which client each belongs to, what it offers, its endpoints, and revoke; the form
 * that connects a Greenhouse or Ashby account (its key shown once).
 */
export function integrationsPage(o: {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  problems?: string[];
  baseUrl: string;
  clients: Client[];
  connections: Array<Connection & { clientName: string }>;
  created?: { connection: Connection; key: string } | null;
}): Html {
  const rows = o.connections.length
    ? html`${o.connections.map(
        (
          c,
        ) => html`<tr data-connection-id="${c.id}"><td data-label="ATS">${c.kind === "greenhouse" ? "Greenhouse" : "Ashby"}</td>
<td data-label="name">${c.name}</td><td data-label="client"><a href="/dashboard/clients/${encodeURIComponent(c.clientName)}">${c.clientName}</a></td>
<td data-label="tests">${c.tests.join(", ")}</td><td data-label="created">${time(c.createdAt)}</td>
<td data-label="state">${c.revokedAt ? html`${badge("FAILED", "revoked")} ${time(c.revokedAt)}` : badge("COMPLETED", "live")}</td>
<td>${c.revokedAt ? "" : actionButton({ action: `/dashboard/integrations/${encodeURIComponent(c.id)}/revoke`, label: "Revoke", csrf: o.viewer.csrfToken, kind: "danger", confirm: `Revoke the ${c.kind} connection "${c.name}"? Its calls are refused from now on.` })}</td></tr>`,
      )}`
    : html`<tr><td colspan="7" class="muted">No ATS connected yet.</td></tr>`;
  const created = o.created
    ? html`${shownOnce({ id: "ats-key", label: `Key of the new ${o.created.connection.kind} connection`, value: o.created.key, note: "Copy it now: only its hash is kept. Give it to the ATS as its API key (HTTP Basic username)." })}
<p>Endpoints to give it:</p><ul>${endpointsOf(o.baseUrl, o.created.connection.kind).map((e) => html`<li class="mono">${e}</li>`)}</ul>`
    : "";
  return layout({
    title: "ATS",
    assets: o.assets,
    viewer: o.viewer,
    section: "integrations",
    flash: o.flash,
    problems: o.problems,
    body: html`<h1>Applicant tracking systems</h1>
<p class="muted">Greenhouse and Ashby call this service as an assessment partner: a recruiter picks a test on a job stage, the candidate's resume is verified for the connection's client, and the score, verdict and report link appear on the candidate's profile (<code>docs/integrations.md</code>).</p>
${created}
<table id="connections" class="stack"><thead><tr><th>ATS</th><th>name</th><th>client</th><th>tests</th><th>created</th><th>state</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>
<h2>Connect an ATS</h2>
<form method="post" action="/dashboard/integrations" class="row">${csrfField(o.viewer.csrfToken)}
  <label>ATS <select name="kind"><option value="greenhouse">Greenhouse</option><option value="ashby">Ashby</option></select></label>
  <label>Client <select name="client">${o.clients.map((c) => html`<option value="${c.name}">${c.name}</option>`)}</select></label>
  <label>Name <input name="name" maxlength="64" placeholder="acme-greenhouse"></label>
  <fieldset><legend>Tests offered</legend>${TEST_PROFILES.map((t) => html`<label><input type="checkbox" name="test:${t.id}" checked> ${t.name}</label>`)}</fieldset>
  <label>Ashby API key (Ashby only) <input name="ashbyKey" maxlength="400" autocomplete="off"></label>
  <label>Ashby API URL (Ashby only) <input name="ashbyUrl" maxlength="400" placeholder="https://api.ashbyhq.com"></label>
  <button type="submit" class="primary">Connect</button>
</form>`,
  });
}
