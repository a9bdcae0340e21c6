import { PASSWORD_MIN } from "../../admins/index.ts";
import { type Html, html } from "../html.ts";
import { type AssetPaths, layout } from "./layout.ts";

/** The sign-in form. `next` is where to go after signing in (already checked to be a dashboard path). */
export function loginPage(o: {
  assets: AssetPaths;
  csrf: string;
  next: string;
  username?: string;
  error?: string | null;
  notice?: string | null;
}): Html {
  return layout({
    title: "Log in",
    assets: o.assets,
    flash: o.notice,
    problems: o.error ? [o.error] : [],
    body: html`<section class="narrow">
<h1>Log in to the dashboard</h1>
<form method="post" action="/dashboard/login" class="stack">
  <input type="hidden" name="_csrf" value="${o.csrf}">
  <input type="hidden" name="next" value="${o.next}">
  <label>Username <input name="username" autocomplete="username" required maxlength="64" value="${o.username ?? ""}" autofocus></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required maxlength="1024"></label>
  <button type="submit" class="primary">Log in</button>
</form>
<p class="muted">No account yet? An administrator is created from a one-time setup link: the server prints one at
its first start, and <code>claimcheck admin create</code> prints a new one.</p>
</section>`,
  });
}

/** The first-administrator form reached from a setup link; or why the link no longer works. */
export function setupPage(o: {
  assets: AssetPaths;
  csrf: string;
  token: string | null;
  live: boolean;
  /** the role of the account the link creates */
  role?: "admin" | "recruiter";
  username?: string;
  error?: string | null;
}): Html {
  if (!o.live || !o.token) {
    return layout({
      title: "Setup link",
      assets: o.assets,
      body: html`<section class="narrow"><h1>This setup link does not work</h1>
<p>It is invalid, has already been used, or has expired (links are good for 30 minutes and work once).</p>
<p>Get a new one on the server's machine: <code>claimcheck admin create</code>. Already have an account? <a href="/dashboard/login">Log in</a>.</p></section>`,
    });
  }
  const what = o.role === "recruiter" ? "a recruiter account" : "an administrator";
  return layout({
    title: `Create ${what}`,
    assets: o.assets,
    problems: o.error ? [o.error] : [],
    body: html`<section class="narrow">
<h1>Create ${what}</h1>
<p>This link works once. Choose the username and password you will log in with.${o.role === "recruiter" ? " A recruiter reads results, submits resumes and shares reports." : ""}</p>
<form method="post" action="/dashboard/setup" class="stack">
  <input type="hidden" name="_csrf" value="${o.csrf}">
  <input type="hidden" name="token" value="${o.token}">
  <label>Username <input name="username" autocomplete="username" required maxlength="64" value="${o.username ?? ""}" autofocus></label>
  <label>Password (at least ${PASSWORD_MIN} characters) <input name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="1024"></label>
  <label>Password again <input name="confirm" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="1024"></label>
  <button type="submit" class="primary">Create and log in</button>
</form>
</section>`,
  });
}
