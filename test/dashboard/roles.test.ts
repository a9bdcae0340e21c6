/**
 * Recruiters beside administrators: a recruiter reads results, submits resumes and shares reports, and
 * every page or action about keys, webhook secrets, settings, deliveries or deleting files answers 403
 * on the server, whatever the browser shows.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AdminAuth } from "../../src/admins/admin-auth.ts";
import { AdminStore } from "../../src/admins/admin-store.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { runCliProcess } from "../support/child-server.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, submit } from "../support/harness.ts";
import { ADMIN, CookieClient, csrfOf, FAST_DASHBOARD, signedInClient, startDashboardApp } from "./dashboard-support.ts";

let t: RunningTestApp;
let admin: CookieClient;
let recruiter: CookieClient;
const RECRUITER = { username: "rita", password: "a long enough password too" };
const w = {} as { job: string; keyId: string; secret: string; delivery: string };

beforeAll(async () => {
  t = await startDashboardApp({ steps: fixedSteps(81) });
  await t.app.accounts.addClient("acme");
  const { key, apiKey: row } = await t.app.accounts.createKey("acme-ats", "acme");
  w.secret = (await t.app.accounts.setWebhook("acme", "https://hooks.acme.example/claimcheck")).secret;
  w.keyId = row.id;
  const res = await submit(t.url, key, { resume: await makePdf(), hostUsername: "jane-dev" });
  w.job = ((await res.json()) as { trackingId: string }).trackingId;
  await pollUntil(async () => (await t.app.verifications.get(w.job))?.status === "COMPLETED", "the job");
  w.delivery = (await pollUntil(() => t.app.webhooks.store.latestForTracking(w.job), "its delivery")).id;
  admin = await signedInClient(t);
  recruiter = await signedInClient(t, RECRUITER, "recruiter");
});
afterAll(async () => {
  await t?.stop();
});

/** Every administrators-only page and action, with real ids. */
const adminOnly = (): Array<[string, string]> => [
  ["GET", "/dashboard/clients"],
  ["POST", "/dashboard/clients"],
  ["GET", "/dashboard/clients/acme"],
  ["POST", "/dashboard/clients/acme/limits"],
  ["POST", "/dashboard/clients/acme/keys"],
  ["POST", `/dashboard/clients/acme/keys/${w.keyId}/revoke`],
  ["GET", "/dashboard/clients/acme/webhook"],
  ["POST", "/dashboard/clients/acme/webhook"],
  ["POST", "/dashboard/clients/acme/webhook/reveal"],
  ["POST", "/dashboard/clients/acme/webhook/rotate"],
  ["POST", "/dashboard/clients/acme/webhook/test"],
  ["POST", "/dashboard/clients/acme/webhook/check"],
  ["POST", `/dashboard/jobs/${w.job}/resend`],
  ["POST", `/dashboard/jobs/${w.job}/deliveries/${w.delivery}/resend`],
  ["POST", `/dashboard/jobs/${w.job}/delete-pdf`],
];

describe("a recruiter", () => {
  test("every administrators-only page and action is 403 with a valid session and token, and changes nothing", async () => {
    const covered = new Set(adminOnly().map(([m, p]) => `${m} ${p}`));
    // the route table: every /dashboard/clients route and every resend/delete is in the list above
    for (const r of t.app.http.routes)
      if (/^\/dashboard\/clients|\/resend$|\/delete-pdf$/.test(r.path))
        expect(
          [...covered].some(
            (c) =>
              c.startsWith(`${r.method} `) &&
              new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`).test(c.slice(r.method.length + 1)),
          ),
        ).toBe(true);
    const state = async () =>
      JSON.stringify({
        clients: await t.app.accounts.listClients(),
        keys: await t.app.accounts.listKeys(),
        attempts: (await t.app.webhooks.store.attempts(w.delivery)).length,
        stored: (await t.app.verifications.get(w.job))!.resumeStored,
      });
    const before = await state();
    const token = csrfOf((await recruiter.get("/dashboard/jobs")).text);
    for (const [method, path] of adminOnly()) {
      const { res, text } =
        method === "GET"
          ? await recruiter.get(path)
          : await recruiter.post(path, {
              _csrf: token,
              name: "evil",
              url: "https://evil.example/x",
              monthlyQuota: "1",
              rateLimit: "1",
              body: "{}",
              header: "x",
            });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      expect(text).toContain("This page is for administrators");
      for (const secret of [w.secret, "hooks.acme.example", w.keyId]) expect(text).not.toContain(secret);
    }
    expect(await state()).toBe(before);
    // the same requests from an administrator are not refused
    expect((await admin.get("/dashboard/clients/acme/webhook")).res.status).toBe(200);
  });

  test("sees results without keys, secrets, settings or deliveries; the overview sends them to the jobs", async () => {
    const home = await recruiter.get("/dashboard");
    expect(home.res.status).toBe(303);
    expect(home.res.headers.get("location")).toBe("/dashboard/jobs");
    const list = await recruiter.get("/dashboard/jobs");
    expect(list.res.status).toBe(200);
    expect(list.text).toContain("jane-dev");
    const job = await recruiter.get(`/dashboard/jobs/${w.job}`);
    expect(job.res.status).toBe(200);
    expect(job.text).toContain('id="verdict"');
    for (const hidden of [
      "Clients &amp; keys",
      'href="/dashboard/clients',
      "Webhook deliveries",
      "Delete the PDF",
      "The result as the API returns it",
      "hooks.acme.example",
      w.secret,
      w.delivery,
    ]) {
      expect({ hidden, found: job.text.includes(hidden) }).toEqual({ hidden, found: false });
      expect({ hidden, found: list.text.includes(hidden) }).toEqual({ hidden, found: false });
    }
    expect(job.text).toContain("(recruiter)");
  });

  test("shares a report, downloads its PDF and submits a resume", async () => {
    const page = await recruiter.get(`/dashboard/jobs/${w.job}`);
    const share = await recruiter.post(`/dashboard/jobs/${w.job}/share`, { _csrf: csrfOf(page.text), days: "7" });
    expect(share.res.status).toBe(200);
    expect(share.text).toContain('id="share-link"');
    expect((await t.app.reportLinks.forJob(w.job))[0]!.createdBy).toBe(RECRUITER.username);
    const pdf = await recruiter.get(`/dashboard/jobs/${w.job}/report.pdf`);
    expect(pdf.res.status).toBe(200);
    expect(pdf.res.headers.get("content-type")).toBe("application/pdf");
    expect((await recruiter.get("/dashboard/submit")).res.status).toBe(200);
  });
});

describe("claimcheck admin create --role", () => {
  test("a recruiter link creates a recruiter; list shows the role; an unknown role is a usage error", async () => {
    const env = { DATA_DIR: t.dataDir };
    const r = await runCliProcess(["admin", "create", "--role", "recruiter", "--url", t.url], env);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("a recruiter account");
    const token = new URL(r.stdout.trim()).searchParams.get("token")!;
    expect(await t.app.dashboard.auth.setupTokenRole(token)).toBe("recruiter");
    const c = new CookieClient(t.url);
    const setup = await c.get(`/dashboard/setup?token=${token}`);
    expect(setup.text).toContain("<h1>Create a recruiter account</h1>");
    const done = await c.post("/dashboard/setup", {
      _csrf: csrfOf(setup.text),
      token,
      username: "ravi",
      password: ADMIN.password,
      confirm: ADMIN.password,
    });
    expect(done.res.status).toBe(303);
    expect((await c.get("/dashboard/clients")).res.status).toBe(403);
    const list = JSON.parse((await runCliProcess(["admin", "list", "--json"], env)).stdout) as Array<{
      username: string;
      role: string;
    }>;
    expect(list.find((a) => a.username === "ravi")!.role).toBe("recruiter");
    expect(list.find((a) => a.username === ADMIN.username)!.role).toBe("admin");
    const text = (await runCliProcess(["admin", "list"], env)).stdout;
    expect(text).toMatch(/^ravi .*\(recruiter\)$/m);
    expect(text).toMatch(new RegExp(`^${ADMIN.username} .*last login \\S+$`, "m"));
    expect((await runCliProcess(["admin", "create", "--role", "owner"], env)).code).toBe(2);
  }, 120_000);

  test("recruiters alone do not count as an administrator: the server still offers a setup link", async () => {
    const auth = new AdminAuth(new AdminStore(await openDatabase(":memory:")), systemClock, FAST_DASHBOARD.auth);
    const { token } = await auth.createSetupToken("recruiter");
    const made = await auth.redeemSetup(token, "rita", ADMIN.password, ADMIN.password);
    expect(made.role).toBe("recruiter");
    expect(await auth.hasAdmin()).toBe(false);
    expect((await auth.listAdmins()).map((a) => a.role)).toEqual(["recruiter"]);
    const admin = await auth.createSetupToken();
    expect(await auth.setupTokenRole(admin.token)).toBe("admin");
    await auth.redeemSetup(admin.token, "ruth", ADMIN.password, ADMIN.password);
    expect(await auth.hasAdmin()).toBe(true);
  });
});
