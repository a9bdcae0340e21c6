/** The ATS page: an administrator connects Greenhouse or Ashby for a client (key shown once), sees and revokes connections. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { fixedSteps, type RunningTestApp } from "../support/harness.ts";
import { type CookieClient, csrfOf, signedInClient, startDashboardApp } from "./dashboard-support.ts";

let t: RunningTestApp;
let admin: CookieClient;

beforeAll(async () => {
  t = await startDashboardApp({ steps: fixedSteps() });
  await t.app.accounts.addClient("acme");
  admin = await signedInClient(t);
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

test("connecting Greenhouse for a client shows its key once and the endpoints to give it", async () => {
  const page = await admin.get("/dashboard/integrations");
  expect(page.res.status).toBe(200);
  expect(page.text).toContain("No ATS connected yet.");
  const made = await admin.post("/dashboard/integrations", {
    _csrf: csrfOf(page.text),
    kind: "greenhouse",
    client: "acme",
    name: "acme-gh",
    "test:code-claims": "on",
  });
  expect(made.res.status).toBe(200);
  const key = /id="ats-key" readonly value="([^"]+)"/.exec(made.text)?.[1];
  expect(key).toMatch(/^cck_/);
  expect(made.text).toContain(`${t.url}/integrations/greenhouse/send_test`);
  const [c] = await t.app.integrations.connections.list();
  expect([c!.kind, c!.clientName, c!.name, c!.tests]).toEqual(["greenhouse", "acme", "acme-gh", ["code-claims"]]);
  // the key works for Greenhouse at once
  const list = await fetch(`${t.url}/integrations/greenhouse/list_tests`, {
    headers: { authorization: `Basic ${btoa(`${key}:`)}` },
  });
  expect(list.status).toBe(200);
  // and is never shown again
  expect((await admin.get("/dashboard/integrations")).text).not.toContain(key!);
});

test("an Ashby connection without the customer's Ashby key is refused and nothing is made", async () => {
  const before = (await t.app.integrations.connections.list()).length;
  const page = await admin.get("/dashboard/integrations");
  const res = await admin.post("/dashboard/integrations", { _csrf: csrfOf(page.text), kind: "ashby", client: "acme" });
  expect(res.res.status).toBe(400);
  expect(res.text).toContain("Ashby API key");
  expect((await t.app.integrations.connections.list()).length).toBe(before);
});

test("revoke stops the connection's calls", async () => {
  const [c] = await t.app.integrations.connections.list();
  const page = await admin.get("/dashboard/integrations");
  const res = await admin.post(`/dashboard/integrations/${c!.id}/revoke`, { _csrf: csrfOf(page.text) });
  expect(res.res.status).toBe(303);
  expect((await t.app.integrations.connections.get(c!.id)).revokedAt).not.toBeNull();
});

test("a recruiter can neither see nor change the connections", async () => {
  const recruiter = await signedInClient(t, { username: "rita", password: "a long enough password" }, "recruiter");
  expect((await recruiter.get("/dashboard/integrations")).res.status).toBe(403);
  const token = csrfOf((await recruiter.get("/dashboard/jobs")).text);
  const before = (await t.app.integrations.connections.list()).length;
  const res = await recruiter.post("/dashboard/integrations", { _csrf: token, kind: "greenhouse", client: "acme" });
  expect(res.res.status).toBe(403);
  expect((await t.app.integrations.connections.list()).length).toBe(before);
});
