import type { Client } from "../../accounts/index.ts";
import { type Html, html } from "../html.ts";
import { type AssetPaths, csrfField, layout, type Viewer } from "./layout.ts";

/** What was typed in the form, shown again when it comes back with a problem (or to fix a failed job). */
export interface SubmitForm {
  client: string;
  hostUsername: string;
  accounts?: string;
}

/**
 * The upload form: a resume PDF, the candidate's GitHub username and their accounts on other hosts
 * (GitLab, Gitea/Forgejo), for a client, sent as multipart/form-data. Its hidden idempotency key makes a double click or a resent form one job.
 */
export function submitPage(o: {
  assets: AssetPaths;
  viewer: Viewer;
  flash: string | null;
  problems?: string[];
  clients: Client[];
  /** fresh for each form shown; kept when the form comes back with a problem */
  idempotencyKey: string;
  maxResumeBytes: number;
  form?: SubmitForm;
  /** the hosts an account may be on (gitlab.com, codeberg.org and the configured ones), for the hint */
  forgeHosts?: readonly string[];
}): Html {
  const mb = Math.round(o.maxResumeBytes / 1024 / 1024);
  const chosen = o.form?.client ?? (o.clients.find((c) => c.name === "default") ?? o.clients[0])?.name ?? "";
  return layout({
    title: "Submit a resume",
    assets: o.assets,
    viewer: o.viewer,
    section: "submit",
    flash: o.flash,
    problems: o.problems,
    body: html`<h1>Submit a resume</h1>
<p class="muted">The resume is checked against the candidate's public work on GitHub (and on the other sites you name); the report appears on the job's page when it is done, usually within a minute.</p>
<form method="post" action="/dashboard/submit" enctype="multipart/form-data" class="stack submit-form" id="submit-form">${csrfField(o.viewer.csrfToken)}
  <input type="hidden" name="idempotencyKey" value="${o.idempotencyKey}">
  ${
    o.clients.length > 1
      ? html`<label>Client <select name="client">${o.clients.map(
          (c) => html`<option value="${c.name}"${c.name === chosen ? html` selected` : ""}>${c.name}</option>`,
        )}</select></label>`
      : html`<input type="hidden" name="client" value="${chosen}">`
  }
  <label>Candidate's username <input name="hostUsername" maxlength="300" required autocomplete="off" spellcheck="false" value="${o.form?.hostUsername ?? ""}" placeholder="octocat or https://github.com/octocat"><span class="muted">the GitHub login or profile address; for a main account on another site, host:username (gitlab.com:octocat)</span></label>
  <label>Accounts on other hosts (optional) <input name="accounts" maxlength="1000" autocomplete="off" spellcheck="false" value="${o.form?.accounts ?? ""}" placeholder="gitlab.com:octocat, codeberg.org:octocat"><span class="muted">host:username, separated by commas; hosts: ${(o.forgeHosts ?? ["gitlab.com", "codeberg.org"]).join(", ")}</span></label>
  <label>Resume (PDF, at most ${mb} MB) <input type="file" name="resume" accept="application/pdf,.pdf" required></label>
  <button type="submit" class="primary">Verify</button>
</form>`,
  });
}
