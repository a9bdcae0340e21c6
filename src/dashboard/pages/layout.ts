import type { AdminRole } from "../../admins/index.ts";
import { type Html, html } from "../html.ts";

/** Who is looking at the page, for the header, what it shows, and every form's CSRF field. */
export interface Viewer {
  username: string;
  csrfToken: string;
  /** a recruiter sees results, the upload form and sharing; never keys, secrets or settings */
  role: AdminRole;
}

export interface AssetPaths {
  css: string;
  js: string;
}

export type Section = "overview" | "jobs" | "submit" | "clients" | "integrations";

export interface PageOptions {
  title: string;
  assets: AssetPaths;
  viewer?: Viewer | null;
  section?: Section | null;
  flash?: string | null;
  /** problems with the request, shown above the content */
  problems?: string[];
  body: Html;
}

/** The hidden field every state-changing form carries. */
export function csrfField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

/** A one-button form: every action that changes state is a POST carrying the CSRF token. */
export function actionButton(o: {
  action: string;
  label: string;
  csrf: string;
  confirm?: string;
  kind?: "danger" | "primary" | "plain";
  fields?: Record<string, string>;
}): Html {
  return html`<form method="post" action="${o.action}" class="inline"${o.confirm ? html` data-confirm="${o.confirm}"` : ""}>${csrfField(o.csrf)}${Object.entries(
    o.fields ?? {},
  ).map(
    ([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`,
  )}<button type="submit" class="${o.kind ?? "plain"}">${o.label}</button></form>`;
}

/** The sections, with the roles that see each. */
const NAV: Array<[Section, string, string, readonly AdminRole[]]> = [
  ["overview", "Overview", "/dashboard", ["admin"]],
  ["jobs", "Jobs", "/dashboard/jobs", ["admin", "recruiter"]],
  ["submit", "Submit a resume", "/dashboard/submit", ["admin", "recruiter"]],
  ["clients", "Clients & keys", "/dashboard/clients", ["admin"]],
  ["integrations", "ATS", "/dashboard/integrations", ["admin"]],
];

/** The document's start up to <body>: the embedded stylesheet and script, no referrer, optionally noindex. */
export function documentHead(o: { title: string; assets: AssetPaths; noindex?: boolean }): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${
  o.noindex
    ? html`<meta name="robots" content="noindex, nofollow">
`
    : ""
}<title>${o.title}</title>
<link rel="stylesheet" href="${o.assets.css}">
<script src="${o.assets.js}" defer></script>
</head>`;
}

/** The page shell: header and navigation for a signed-in viewer, notices, then the content. */
export function layout(o: PageOptions): Html {
  const v = o.viewer;
  return html`${documentHead({ title: `${o.title} · claimcheck`, assets: o.assets })}
<body>
<header class="top">
  <a class="brand" href="${v?.role === "recruiter" ? "/dashboard/jobs" : "/dashboard"}">claimcheck</a>
  ${
    v
      ? html`<nav aria-label="sections">${NAV.filter((n) => n[3].includes(v.role)).map(([s, label, href]) => html`<a href="${href}"${o.section === s ? html` aria-current="page"` : ""}>${label}</a>`)}</nav>
  <div class="who"><span>${v.username}${v.role === "recruiter" ? html` <span class="role">(recruiter)</span>` : ""}</span>${actionButton({ action: "/dashboard/logout", label: "Log out", csrf: v.csrfToken })}</div>`
      : ""
  }
</header>
<main>
${o.flash ? html`<p class="notice" role="status">${o.flash}</p>` : ""}
${o.problems?.length ? html`<div class="problems" role="alert"><ul>${o.problems.map((p) => html`<li>${p}</li>`)}</ul></div>` : ""}
${o.body}
</main>
</body>
</html>`;
}

/** An error as a page: what went wrong and where to go from here. */
export function errorPage(o: { assets: AssetPaths; viewer?: Viewer | null; status: number; message: string }): Html {
  return layout({
    title: `Error ${o.status}`,
    assets: o.assets,
    viewer: o.viewer,
    body: html`<section class="error-page"><h1>${o.status === 404 ? "Not found" : o.status === 403 ? "Refused" : "Something went wrong"}</h1>
<p>${o.message}</p><p>${o.viewer?.role === "admin" ? html`<a href="/dashboard">Back to the overview</a>` : html`<a href="/dashboard/jobs">Back to the jobs</a>`}</p></section>`,
  });
}
