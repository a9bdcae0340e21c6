import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { overviewPage } from "../../src/dashboard/pages/overview-page.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, submit } from "../support/harness.ts";
import { type CookieClient, signedInClient, startDashboardApp, startReceiver } from "./dashboard-support.ts";

let t: RunningTestApp;
let admin: CookieClient;
const receiver = startReceiver();

beforeAll(async () => {
  t = await startDashboardApp({ steps: fixedSteps(90) });
  admin = await signedInClient(t);
});
afterAll(async () => {
  await t.stop();
  receiver.stop();
});

const flashOf = (html: string) => /<p class="notice" role="status">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
const problemsOf = (html: string) => [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);

describe("clients and keys through forms", () => {
  test("adding a client: bad names, duplicates and bad limits are explained, the form keeps its values", async () => {
    for (const [fields, status, problem] of [
      [{ name: "no spaces please" }, 400, "a client name is"],
      [{ name: "default" }, 409, "already exists"],
      [{ name: "acme", monthlyQuota: "-5" }, 400, "the monthly quota must be a whole number"],
      [{ name: "acme", rateLimit: "1e3" }, 400, "the rate limit must be a whole number"],
    ] as Array<[Record<string, string>, number, string]>) {
      const r = await admin.submit("/dashboard/clients", "/dashboard/clients", fields);
      expect(r.res.status).toBe(status);
      expect(problemsOf(r.text).join(" ")).toContain(problem);
      expect(r.text).toContain(`value="${fields.name}"`);
    }
    const ok = await admin.submit("/dashboard/clients", "/dashboard/clients", {
      name: "acme",
      monthlyQuota: "0",
      rateLimit: "",
    });
    expect(ok.res.status).toBe(303);
    expect(ok.res.headers.get("location")).toBe("/dashboard/clients/acme");
    const refresh = await admin.get("/dashboard/clients/acme", { "x-dashboard-live": "1" }); // a background refresh leaves the notice
    expect(flashOf(refresh.text)).toBeNull();
    const page = await admin.get("/dashboard/clients/acme");
    expect(flashOf(page.text)).toContain("Client acme added");
    expect(flashOf((await admin.get("/dashboard/clients/acme")).text)).toBeNull(); // shown once
    expect(await t.app.accounts.client("acme")).toMatchObject({ monthlyQuota: 0, rateLimitPerMinute: 60 });
  });

  test("limits are validated and saved", async () => {
    const bad = await admin.submit("/dashboard/clients/acme", "/dashboard/clients/acme/limits", {
      monthlyQuota: "ten",
      rateLimit: "5",
    });
    expect(bad.res.status).toBe(400);
    expect((await t.app.accounts.client("acme")).rateLimitPerMinute).toBe(60);
    const ok = await admin.submit("/dashboard/clients/acme", "/dashboard/clients/acme/limits", {
      monthlyQuota: "250",
      rateLimit: "5",
    });
    expect(ok.res.status).toBe(303);
    expect(await t.app.accounts.client("acme")).toMatchObject({ monthlyQuota: 250, rateLimitPerMinute: 5 });
  });

  test("a key is shown once, works, needs a label; unknown clients and keys are 404", async () => {
    expect(
      (await admin.submit("/dashboard/clients/acme", "/dashboard/clients/acme/keys", { name: "   " })).res.status,
    ).toBe(400);
    const r = await admin.submit("/dashboard/clients/acme", "/dashboard/clients/acme/keys", { name: "ats" });
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get("cache-control")).toBe("no-store");
    const key = /id="new-key" readonly value="(cck_[0-9a-z]{32})"/.exec(r.text)![1]!;
    expect((await submit(t.url, key, { resume: await makePdf(), hostUsername: "octocat" })).status).toBe(202);
    expect((await admin.get("/dashboard/clients/acme")).text).not.toContain(key);
    expect((await admin.get("/dashboard/clients/nobody")).res.status).toBe(404);
    expect(
      (await admin.submit("/dashboard/clients/acme", "/dashboard/clients/acme/keys/key_nope/revoke", {})).res.status,
    ).toBe(404);
    const keyId = (await t.app.accounts.listKeys("acme"))[0]!.id;
    const revoked = await admin.submit("/dashboard/clients/acme", `/dashboard/clients/acme/keys/${keyId}/revoke`, {});
    expect(revoked.res.status).toBe(303);
    const twice = await admin.submit("/dashboard/clients/acme", `/dashboard/clients/acme/keys/${keyId}/revoke`, {});
    expect(twice.res.status).toBe(303); // idempotent from the page's point of view
    expect((await submit(t.url, key, { resume: await makePdf(), hostUsername: "octocat" })).status).toBe(401);
  });
});

describe("webhook settings", () => {
  test("a bad URL is refused and kept in the form; reveal and test need a URL first", async () => {
    const bad = await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook", {
      url: "ftp://files.example/x",
    });
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain('value="ftp://files.example/x"');
    expect(problemsOf(bad.text).join()).toContain("http or https");
    expect(
      (await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook/reveal", {})).res.status,
    ).toBe(409);
    expect(
      (await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook/test", {})).res.status,
    ).toBe(409);
  });

  test("setting the URL shows the new secret once; changing it keeps the secret; rotation shows a new one", async () => {
    const first = await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook", {
      url: receiver.url,
    });
    expect(first.res.status).toBe(200);
    const secret = (await t.app.accounts.client("acme")).webhookSecret!;
    expect(first.text).toContain(`value="${secret}"`);
    const again = await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook", {
      url: `${receiver.url}?v=2`,
    });
    expect(again.res.status).toBe(303);
    const page = await admin.get("/dashboard/clients/acme/webhook");
    expect(page.text).not.toContain(secret);
    expect((await t.app.accounts.client("acme")).webhookSecret).toBe(secret);
    const rotated = await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook/rotate", {});
    const next = (await t.app.accounts.client("acme")).webhookSecret!;
    expect(next).not.toBe(secret);
    expect(rotated.text).toContain(`value="${next}"`);
    expect(rotated.text).toContain("previous secret also signs");
  });

  test("a test event is sent, recorded and shown; the checker explains a bad header", async () => {
    const sent = await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook/test", {});
    expect(sent.res.status).toBe(303);
    const location = sent.res.headers.get("location")!;
    expect(location).toMatch(/\/dashboard\/clients\/acme\/webhook\?test=msg_/);
    const shown = await admin.get(location);
    expect(flashOf(shown.text)).toContain("Test event delivered: HTTP 200");
    const body = receiver.received.at(-1)!.body;
    expect(JSON.parse(body).event).toBe("webhook.test");
    const check = await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook/check", {
      body,
      header: "sha256=abc",
    });
    expect(check.text).toContain("Does not verify");
    expect(check.text).toContain("64");
    const ok = await admin.submit("/dashboard/clients/acme/webhook", "/dashboard/clients/acme/webhook/check", {
      body,
      header: receiver.received.at(-1)!.headers.get("x-service-signature")!,
    });
    expect(ok.text).toContain("Verifies");
  });
});

describe("jobs", () => {
  test("the list explains bad filters; unknown jobs are 404", async () => {
    const r = await admin.get("/dashboard/jobs?state=DONE&client=ghost&from=2026-02-31");
    expect(r.res.status).toBe(200);
    const problems = problemsOf(r.text).join(" | ");
    expect(problems).toContain("state:");
    expect(problems).toContain("from:");
    expect(problems).toContain("no client named ghost");
    expect((await admin.get("/dashboard/jobs/vrf_unknown")).res.status).toBe(404);
    expect((await admin.get(`/dashboard/jobs/${"x".repeat(100)}`)).res.status).toBe(404);
  });

  test("a finished job whose client had no webhook can be sent once a URL exists", async () => {
    const { key } = await t.app.accounts.createKey("k"); // default client, no webhook
    const res = await submit(t.url, key, { resume: await makePdf(), hostUsername: "solo" });
    const id = ((await res.json()) as { trackingId: string }).trackingId;
    await pollUntil(async () => (await t.app.verifications.get(id))?.status === "COMPLETED", "job to finish");
    const page = await admin.get(`/dashboard/jobs/${id}`);
    expect(page.text).toContain("No delivery was made");
    const refused = await admin.submit(`/dashboard/jobs/${id}`, `/dashboard/jobs/${id}/resend`, {});
    expect(flashOf((await admin.get(refused.res.headers.get("location")!)).text)).toContain("Not resent");
    await t.app.accounts.setWebhook("default", receiver.url);
    const sent = await admin.submit(`/dashboard/jobs/${id}`, `/dashboard/jobs/${id}/resend`, {});
    expect(sent.res.status).toBe(303);
    expect(flashOf((await admin.get(`/dashboard/jobs/${id}`)).text)).toContain("queued for delivery");
    await pollUntil(() => receiver.received.some((r) => r.body.includes(id)), "the delivery");
  });

  test("the overview shows the GitHub budget when the analysis reports one", () => {
    const base = {
      now: Date.UTC(2026, 0, 1),
      today: {},
      month: {},
      queue: { waiting: 0, running: 0, oldestWaitingMs: null, oldestDueMs: null },
      deliveries: null,
      clients: [],
      todayDay: "2026-01-01",
      monthStartDay: "2026-01-01",
    };
    const viewer = { username: "a", csrfToken: "t", role: "admin" as const };
    const assets = { css: "/c.css", js: "/j.js" };
    const known = overviewPage({
      assets,
      viewer,
      flash: null,
      refreshMs: 1000,
      data: { ...base, github: { limit: 5000, remaining: 4321, resetAt: base.now + 30 * 60_000 } },
    }).value;
    expect(known).toContain("4321");
    expect(known).toContain("30 min");
    expect(
      overviewPage({ assets, viewer, flash: null, refreshMs: 1000, data: { ...base, github: null } }).value,
    ).toContain("not known yet");
  });
});
