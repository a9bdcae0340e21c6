import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CONTENT_SECURITY_POLICY } from "../../src/dashboard/security-headers.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, submit } from "../support/harness.ts";
import { ADMIN, CookieClient, csrfOf, signedInClient, startDashboardApp, startReceiver } from "./dashboard-support.ts";

/** Public by design: signing in, the setup link, and the stylesheet and script they need. */
const PUBLIC = new Set([
  "GET /dashboard/login",
  "POST /dashboard/login",
  "GET /dashboard/setup",
  "POST /dashboard/setup",
  "GET /dashboard/assets/:file",
]);

let t: RunningTestApp;
let admin: CookieClient;
const receiver = startReceiver((n) =>
  n === 1 ? new Response(`<script>alert("pwned")</script> busy`, { status: 503 }) : new Response("ok"),
);
type World = { id: string; key: string; keyId: string; job: string; delivery: string; test: string; secret: string };
const world = {} as { acme: World & { link: string }; beta: World };

async function client(name: string, username: string, filename = "cv.pdf") {
  const c = await t.app.accounts.addClient(name);
  const { key, apiKey: row } = await t.app.accounts.createKey(`${name}-key`, name);
  const { secret } = await t.app.accounts.setWebhook(name, `${receiver.url}?client=${name}`);
  const res = await submit(t.url, key, { resume: await makePdf(), hostUsername: username, filename });
  const job = ((await res.json()) as { trackingId: string }).trackingId;
  const delivery = await pollUntil(() => t.app.webhooks.store.latestForTracking(job), `delivery of ${job}`);
  await pollUntil(async () => {
    const d = (await t.app.webhooks.store.get(delivery.id))!;
    return d.attempts > 0 && d.leaseToken === null;
  }, "first attempt");
  const test = await t.app.webhooks.service.sendTest(c.id, t.app.webhooks.sender);
  return { id: c.id, key, keyId: row.id, job, delivery: delivery.id, test: test.delivery.id, secret };
}

beforeAll(async () => {
  t = await startDashboardApp({ steps: fixedSteps(64) });
  const acme = await client("acme", "acme-dev", `<img src=x onerror=alert(1)>.pdf`);
  world.acme = { ...acme, link: (await t.app.reportLinks.create(acme.job, "admin")).link.id };
  world.beta = await client("beta", "beta-dev");
  admin = await signedInClient(t);
});
afterAll(async () => {
  await t.stop();
  receiver.stop();
});

/** Every dashboard route with its parameters filled with real ids (acme's), from the router itself. */
function dashboardRoutes(): Array<{ method: string; pattern: string; path: string }> {
  const fill: Record<string, string> = {
    ":trackingId": world.acme.job,
    ":deliveryId": world.acme.delivery,
    ":name": "acme",
    ":keyId": world.acme.keyId,
    ":linkId": world.acme.link,
    ":connectionId": "atsc_none",
    ":file": "dashboard.css",
    "*": "no-such-page",
  };
  const out: Array<{ method: string; pattern: string; path: string }> = [];
  for (const r of t.app.http.routes) {
    if (!r.path.startsWith("/dashboard")) continue;
    const path = r.path.replace(/:[A-Za-z]+|\*/g, (p) => fill[p]!);
    for (const method of r.method === "ALL" ? ["GET", "POST"] : [r.method])
      out.push({ method, pattern: `${r.method} ${r.path}`, path });
  }
  return out;
}

describe("anonymous requests", () => {
  test("the route table has every page and action this test expects to guard", () => {
    const patterns = new Set(dashboardRoutes().map((r) => r.pattern));
    for (const p of [
      "GET /dashboard",
      "GET /dashboard/jobs/:trackingId",
      "POST /dashboard/clients/:name/keys/:keyId/revoke",
      "POST /dashboard/clients/:name/webhook/rotate",
      "ALL /dashboard/*",
    ]) {
      expect(patterns.has(p)).toBe(true);
    }
    expect(dashboardRoutes().length).toBeGreaterThan(20);
  });

  test("every non-public dashboard route refuses: GETs go to the login page, POSTs get 401, nothing leaks", async () => {
    const anon = new CookieClient(t.url);
    for (const cookie of [
      null,
      "cc_session=forged-session-token-that-is-long-enough",
      `__Host-cc_session=${"x".repeat(43)}`,
    ]) {
      for (const r of dashboardRoutes()) {
        if (PUBLIC.has(r.pattern)) continue;
        const headers: Record<string, string> = cookie ? { cookie } : {};
        const { res, text } =
          r.method === "GET"
            ? await anon.get(r.path, headers)
            : await anon.post(r.path, { _csrf: "guess", name: "evil" }, headers);
        const where = `${r.method} ${r.path} (cookie: ${cookie ?? "none"})`;
        if (r.method === "GET") {
          expect({ where, status: res.status }).toEqual({ where, status: 303 });
          expect(res.headers.get("location")).toBe(`/dashboard/login?next=${encodeURIComponent(r.path)}`);
        } else {
          expect({ where, status: res.status }).toEqual({ where, status: 401 });
        }
        for (const secret of [world.acme.job, world.acme.secret, world.acme.keyId, "acme-dev", receiver.url])
          expect(text).not.toContain(secret);
        expect(res.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
      }
    }
    expect((await t.app.accounts.listClients()).some((c) => c.name === "evil")).toBe(false);
  });

  test("the public pages work anonymously and set no session", async () => {
    const anon = new CookieClient(t.url);
    const login = await anon.get("/dashboard/login");
    expect(login.res.status).toBe(200);
    const css = /href="(\/dashboard\/assets\/[^"]+\.css)"/.exec(login.text)![1]!;
    const js = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(login.text)![1]!;
    const cssRes = await anon.get(css);
    expect(cssRes.res.status).toBe(200);
    expect(cssRes.res.headers.get("content-type")).toContain("text/css");
    expect(cssRes.res.headers.get("cache-control")).toContain("immutable");
    expect((await anon.get(js)).res.headers.get("content-type")).toContain("javascript");
    expect((await anon.get("/dashboard/assets/other.css")).res.status).toBe(404);
    expect([...anon.jar.keys()]).toEqual(["cc_login_csrf"]);
    expect((await anon.get("/dashboard/setup?token=nope")).res.status).toBe(403);
  });
});

describe("CSRF", () => {
  /** Actions with harmless valid fields, so a refusal can only come from the CSRF check. */
  const actions = (): Array<{ path: string; fields: Record<string, string> }> => [
    { path: "/dashboard/clients", fields: { name: "gamma" } },
    { path: "/dashboard/clients/acme/limits", fields: { monthlyQuota: "5", rateLimit: "5" } },
    { path: "/dashboard/clients/acme/keys", fields: { name: "sneaky" } },
    { path: `/dashboard/clients/acme/keys/${world.acme.keyId}/revoke`, fields: {} },
    { path: "/dashboard/clients/acme/webhook", fields: { url: "https://attacker.example/hook" } },
    { path: "/dashboard/clients/acme/webhook/reveal", fields: {} },
    { path: "/dashboard/clients/acme/webhook/rotate", fields: {} },
    { path: "/dashboard/clients/acme/webhook/test", fields: {} },
    { path: "/dashboard/clients/acme/webhook/check", fields: { body: "{}", header: "sha256=00" } },
    { path: `/dashboard/jobs/${world.acme.job}/resend`, fields: {} },
    { path: `/dashboard/jobs/${world.acme.job}/delete-pdf`, fields: {} },
    { path: `/dashboard/jobs/${world.acme.job}/deliveries/${world.acme.delivery}/resend`, fields: {} },
    { path: `/dashboard/jobs/${world.acme.job}/share`, fields: { days: "7" } },
    { path: `/dashboard/jobs/${world.acme.job}/share/${world.acme.link}/revoke`, fields: {} },
    { path: "/dashboard/submit", fields: { client: "acme", hostUsername: "acme-dev" } },
    { path: "/dashboard/integrations", fields: { kind: "greenhouse", client: "acme" } },
    { path: "/dashboard/integrations/atsc_none/revoke", fields: {} },
    { path: "/dashboard/logout", fields: {} },
  ];

  test("every form action refuses a missing, wrong or cross-site token and changes nothing", async () => {
    const state = async () =>
      JSON.stringify({
        clients: await t.app.accounts.listClients(),
        keys: await t.app.accounts.listKeys(),
        links: await t.app.reportLinks.forJob(world.acme.job),
        jobs: await t.app.verifications.countsByStatus(),
      });
    const before = await state();
    const realToken = csrfOf((await admin.get("/dashboard")).text);
    const covered = new Set(actions().map((a) => a.path.replace(world.acme.job, ":trackingId")));
    for (const r of dashboardRoutes())
      if (r.method === "POST" && !PUBLIC.has(r.pattern) && !r.pattern.startsWith("ALL"))
        expect(covered.has(r.path.replace(world.acme.job, ":trackingId"))).toBe(true);
    for (const a of actions()) {
      for (const [why, token, headers] of [
        ["missing", undefined, {}],
        ["empty", "", {}],
        ["wrong", "A".repeat(43), {}],
        [
          "another session's",
          csrfOf(
            (
              await (
                await signedInClient(t, {
                  username: `other${Math.random().toString(36).slice(2, 8)}`,
                  password: ADMIN.password,
                })
              ).get("/dashboard")
            ).text,
          ),
          {},
        ],
        ["right token, cross-site", realToken, { "sec-fetch-site": "cross-site" }],
      ] as Array<[string, string | undefined, Record<string, string>]>) {
        const { res, text } = await admin.post(
          a.path,
          token === undefined ? a.fields : { ...a.fields, _csrf: token },
          headers,
        );
        expect({ action: a.path, why, status: res.status }).toEqual({ action: a.path, why, status: 403 });
        expect(text).not.toContain(world.acme.secret);
      }
    }
    expect(await state()).toBe(before);
    expect((await t.app.verifications.get(world.acme.job))!.resumeStored).toBe(true); // the PDF was not deleted either
    expect((await admin.get("/dashboard")).res.status).toBe(200); // still signed in: logout was refused too
  });

  test("login and setup forms need the login cookie's token", async () => {
    const anon = new CookieClient(t.url);
    await anon.get("/dashboard/login");
    for (const fields of [{}, { _csrf: "B".repeat(43) }] as Array<Record<string, string>>) {
      const r = await anon.post("/dashboard/login", { ...fields, username: ADMIN.username, password: ADMIN.password });
      expect(r.res.status).toBe(403);
      expect(r.res.headers.get("set-cookie") ?? "").not.toContain("cc_session");
    }
    const setup = await t.app.dashboard.auth.createSetupToken();
    const page = await anon.get(`/dashboard/setup?token=${setup.token}`);
    const stranger = new CookieClient(t.url); // a token lifted from another browser's page is not enough
    const r = await stranger.post("/dashboard/setup", {
      _csrf: csrfOf(page.text),
      token: setup.token,
      username: "mallory",
      password: ADMIN.password,
      confirm: ADMIN.password,
    });
    expect(r.res.status).toBe(403);
    expect(await t.app.dashboard.auth.isSetupTokenLive(setup.token)).toBe(true);
  });
});

describe("one client's data through another client's URLs", () => {
  test("revoking beta's key through acme's URL is not found, and the key keeps working", async () => {
    const r = await admin.submit(
      "/dashboard/clients/acme",
      `/dashboard/clients/acme/keys/${world.beta.keyId}/revoke`,
      {},
    );
    expect(r.res.status).toBe(404);
    expect((await t.app.accounts.listKeys("beta")).every((k) => k.revokedAt === null)).toBe(true);
    expect(
      (await fetch(`${t.url}/v1/jobs/${world.beta.job}`, { headers: { authorization: `Bearer ${world.beta.key}` } }))
        .status,
    ).toBe(200);
  });

  test("beta's deliveries are not reachable through acme's job or webhook pages", async () => {
    const resend = await admin.submit(
      `/dashboard/jobs/${world.acme.job}`,
      `/dashboard/jobs/${world.acme.job}/deliveries/${world.beta.delivery}/resend`,
      {},
    );
    expect(resend.res.status).toBe(404);
    const testPage = await admin.get(`/dashboard/clients/acme/webhook?test=${world.beta.test}`);
    expect(testPage.res.status).toBe(404);
    expect(testPage.text).not.toContain(world.beta.test);
  });

  test("acme's pages never show beta's keys, secret, URL or test deliveries", async () => {
    const pages = [
      await admin.get("/dashboard/clients/acme"),
      await admin.get("/dashboard/clients/acme/webhook"),
      await admin.get(`/dashboard/jobs/${world.acme.job}`),
    ];
    const revealed = await admin.submit(
      "/dashboard/clients/acme/webhook",
      "/dashboard/clients/acme/webhook/reveal",
      {},
    );
    expect(revealed.text).toContain(world.acme.secret);
    for (const p of [...pages, revealed]) {
      expect(p.res.status).toBe(200);
      for (const leak of [
        world.beta.secret,
        world.beta.keyId,
        `${receiver.url}?client=beta`,
        world.beta.test,
        world.beta.delivery,
        world.beta.job,
      ])
        expect(p.text).not.toContain(leak);
    }
    const betaFiltered = await admin.get("/dashboard/jobs?client=beta");
    expect(betaFiltered.text).toContain(world.beta.job);
    expect(betaFiltered.text).not.toContain(world.acme.job);
  });
});

describe("headers, escaping and sessions", () => {
  test("every page carries the CSP and framing headers, has no inline script or style", async () => {
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-inline");
    for (const path of [
      "/dashboard",
      "/dashboard/jobs",
      `/dashboard/jobs/${world.acme.job}`,
      "/dashboard/clients",
      "/dashboard/clients/acme",
      "/dashboard/clients/acme/webhook",
      "/dashboard/login",
    ]) {
      const { res, text } = await admin.get(path);
      expect(res.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
      expect(text).not.toMatch(/<[a-z][^>]*\s(style|on[a-z]+)=/i);
    }
  });

  test("a receiver's answer and an uploaded filename are shown escaped", async () => {
    const { text } = await admin.get(`/dashboard/jobs/${world.acme.job}`);
    expect(text).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; busy");
    expect(text).toContain("&lt;img src=x onerror=alert(1)&gt;.pdf");
    expect(text).not.toContain(`<script>alert("pwned")`);
    expect(text).not.toContain("<img src=x");
  });

  test("login: no open redirect, throttled after repeated failures, cookie flags, Secure behind HTTPS", async () => {
    const c = new CookieClient(t.url);
    const page = await c.get("/dashboard/login?next=//evil.example/x");
    expect(page.text).toContain('name="next" value="/dashboard"');
    const ok = await c.post("/dashboard/login", {
      _csrf: csrfOf(page.text),
      username: ADMIN.username,
      password: ADMIN.password,
      next: "https://evil.example/",
    });
    expect(ok.res.status).toBe(303);
    expect(ok.res.headers.get("location")).toBe("/dashboard");
    const cookie = ok.res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^cc_session=[A-Za-z0-9_-]{43}; Path=\/dashboard; HttpOnly; SameSite=Strict$/);

    const https = new CookieClient(t.url);
    const p2 = await https.get("/dashboard/login", { "x-forwarded-proto": "https" });
    expect(p2.res.headers.get("set-cookie")).toContain("__Host-cc_login_csrf=");
    const ok2 = await https.post(
      "/dashboard/login",
      { _csrf: csrfOf(p2.text), username: ADMIN.username, password: ADMIN.password },
      { "x-forwarded-proto": "https" },
    );
    expect(ok2.res.headers.get("set-cookie")).toMatch(
      /^__Host-cc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );

    const bad = new CookieClient(t.url);
    const p3 = await bad.get("/dashboard/login");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await bad.post("/dashboard/login", {
            _csrf: csrfOf(p3.text),
            username: "victim",
            password: `guess number ${i}`,
          })
        ).res.status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const last = await bad.post("/dashboard/login", { _csrf: csrfOf(p3.text), username: "victim", password: "guess" });
    expect(last.res.status).toBe(429);
    expect(Number(last.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.text).toContain("too many failed logins");
  });

  test("logout ends the session on the server, not just in the browser", async () => {
    const c = await signedInClient(t, { username: "leaver", password: ADMIN.password });
    const stolen = c.jar.get("cc_session")!;
    const out = await c.submit("/dashboard", "/dashboard/logout", {});
    expect(out.res.status).toBe(303);
    expect(out.res.headers.get("set-cookie")).toContain("Max-Age=0");
    const replay = await new CookieClient(t.url).get("/dashboard", { cookie: `cc_session=${stolen}` });
    expect(replay.res.status).toBe(303);
  });
});

describe("deleting a job's PDF", () => {
  test("an admin deletes the uploaded PDF of a finished job; the result stays", async () => {
    const page = await admin.get(`/dashboard/jobs/${world.beta.job}`);
    expect(page.text).toContain("PDF kept");
    const { res } = await admin.post(`/dashboard/jobs/${world.beta.job}/delete-pdf`, { _csrf: csrfOf(page.text) });
    expect(res.status).toBe(303);
    expect(await t.app.verifications.resume(world.beta.job)).toBeNull();
    const after = await admin.get(`/dashboard/jobs/${world.beta.job}`);
    expect(after.text).toContain("PDF deleted");
    expect(after.text).toContain("The result stays");
    expect((await t.app.verifications.get(world.beta.job))!.status).toBe("COMPLETED");
  });
});
