import { test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { AppOptions } from "../../src/app.ts";
import type { RunningTestApp } from "../support/harness.ts";
import { startTestApp } from "../support/harness.ts";

/** Cheap argon2 for tests that log in many times; the browser test keeps the production cost. */
export const FAST_DASHBOARD = { refreshMs: 300, auth: { argon2: { memoryCost: 1024, timeCost: 1 } } };
export const ADMIN = { username: "admin1", password: "a long enough password" };

/** A tiny browser: a cookie jar, manual redirects, urlencoded forms. */
export class CookieClient {
  readonly jar = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(
    method: string,
    path: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<{ res: Response; text: string }> {
    const h: Record<string, string> = { ...headers };
    if (this.jar.size) h.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (form) h["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(this.base + path, {
      method,
      headers: h,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => /max-age=0$/i.test(a.trim()))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return { res, text: await res.text() };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }

  post(path: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request("POST", path, form, headers);
  }

  /** GET a page, then POST a form with the CSRF token found on it. */
  async submit(
    pagePath: string,
    action: string,
    fields: Record<string, string>,
  ): Promise<{ res: Response; text: string }> {
    const page = await this.get(pagePath);
    return this.post(action, { _csrf: csrfOf(page.text), ...fields });
  }
}

/** The first CSRF token on a page. */
export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no CSRF field on the page:\n${html.slice(0, 500)}`);
  return m[1]!;
}

/** Create an administrator (or a recruiter) through a setup link and return a client logged in as them. */
export async function signedInClient(
  t: RunningTestApp,
  who = ADMIN,
  role: "admin" | "recruiter" = "admin",
): Promise<CookieClient> {
  const c = new CookieClient(t.url);
  const setup = await t.app.dashboard.auth.createSetupToken(role);
  const page = await c.get(`/dashboard/setup?token=${setup.token}`);
  const done = await c.post("/dashboard/setup", {
    _csrf: csrfOf(page.text),
    token: setup.token,
    username: who.username,
    password: who.password,
    confirm: who.password,
  });
  if (done.res.status !== 303) throw new Error(`setup failed: ${done.res.status} ${done.text.slice(0, 300)}`);
  return c;
}

/** A loopback webhook receiver that records every request and answers with `reply`. */
export function startReceiver(reply: (n: number) => Response = () => new Response("ok")) {
  const received: Array<{ body: string; headers: Headers }> = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      received.push({ body: await req.text(), headers: req.headers });
      return reply(received.length);
    },
  });
  return { url: `http://127.0.0.1:${server.port}/hook`, received, stop: () => server.stop(true) };
}

export function startDashboardApp(opts: AppOptions & { env?: Record<string, string> } = {}): Promise<RunningTestApp> {
  return startTestApp({ dashboard: FAST_DASHBOARD, ...opts });
}

/** Debian's chromium, driven by playwright-core (no browser download). */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * A headless Chromium with a fresh profile in `userDataDir`, quiet (no network of its own, no updates,
 * no sync), at 1280 x 900 unless told otherwise: the one page of the context, with a 30 s default wait.
 */
export async function launchChromium(userDataDir: string) {
  const { chromium } = await import("playwright-core");
  const ctx = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1280, height: 900 },
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  page.setDefaultTimeout(30_000);
  return { ctx, page };
}

/**
 * Screenshots into `dir`, and test steps that keep a screenshot and the page's address when they fail
 * (for the CI log). `page` is read when a step runs: the browser starts in beforeAll.
 */
export function browserSession(page: () => Page | undefined, dir: string, timeoutMs: number) {
  const shot = async (name: string) => {
    await page()!.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  };
  const step = (name: string, body: () => Promise<void>): void => {
    test(
      name,
      async () => {
        try {
          await body();
        } catch (err) {
          const file = `FAILED-${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}`;
          await shot(file).catch(() => {});
          console.error(`browser test failed at ${page()?.url()}; screenshot ${join(dir, file)}.png`);
          throw err;
        }
      },
      timeoutMs,
    );
  };
  return { shot, step };
}
