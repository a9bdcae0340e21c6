import type { AssessmentView } from "./assessment-view.ts";
import type { Assessment } from "./types.ts";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The page an ATS links while an assessment has no result to show: what happened in words and, when
 * the resume named no code-hosting account (or the verification failed), a form where the recruiter
 * names the candidate's account and runs the verification again. Opened without a login: the address
 * itself (256 bits derived under the report link key, assessment-links.ts) is the permission.
 */
export function rerunPage(
  a: Assessment | null,
  v: AssessmentView | null,
  o: { problem?: string; status?: number } = {},
) {
  const body =
    !a || !v
      ? `<h1>Not found</h1><p>There is no assessment at this address.</p>`
      : `<h1>${esc(a.candidateName)}</h1>
<p class="state">${esc(v.summary)}</p>
${v.accounts.length ? `<p>Accounts: ${esc(v.accounts.join(", "))}</p>` : ""}
${o.problem ? `<p class="problem" role="alert">${esc(o.problem)}</p>` : ""}
${
  a.state === "needs_account" || a.state === "failed"
    ? `<form method="post">
<label for="account">The candidate's account: a GitHub login, or host:username on GitLab, Gitea or Forgejo</label>
<input id="account" name="account" required maxlength="400" autocomplete="off" placeholder="alice, gitlab.com:alice">
<button type="submit">Verify again</button>
</form>`
    : a.state === "complete" && v.profileIsReport && v.profileUrl
      ? `<p><a href="${esc(v.profileUrl)}">Open the report</a></p>`
      : ""
}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>claimcheck assessment</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}input{width:100%;padding:.4rem;margin:.4rem 0}.problem{color:#a00}</style>
</head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status: o.status ?? (a ? 200 : 404),
    headers: {
      "content-type": "text/html; charset=utf-8",
      "x-robots-tag": "noindex, nofollow",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      "referrer-policy": "no-referrer",
    },
  });
}
