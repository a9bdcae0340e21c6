import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseSince } from "../../src/cli/commands/webhook-deliveries.ts";
import { runCli } from "../../src/cli/run-cli.ts";
import { verifySignature, verifyStandardSignature } from "../../src/webhooks/verify-signature.ts";
import { fixedSteps, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";
import { type Receiver, startReceiver } from "../webhooks/helpers/receivers.ts";

/** A running in-process server (real clock, compressed schedule) beside which the CLI works on the same DATA_DIR. */
let t: RunningTestApp;
let r: Receiver;
let answer: (n: number) => Response = () => new Response("ok");
let secret: string;

beforeAll(async () => {
  t = await startTestApp({
    steps: fixedSteps(70),
    env: { WEBHOOK_RETRY_SCHEDULE: "100ms,100ms", WEBHOOK_TIMEOUT: "1s" },
  });
  r = startReceiver((n) => answer(n));
  secret = (await t.app.accounts.setWebhook("default", r.url)).secret;
});
afterAll(async () => {
  await t.stop();
  await r.stop();
});

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    out: (l) => (stdout += `${l}\n`),
    err: (l) => (stderr += `${l}\n`),
    env: { DATA_DIR: t.dataDir, LOG_LEVEL: "silent" },
  });
  return { code, stdout, stderr };
}

async function finishJob(login: string): Promise<string> {
  const res = await submit(t.url, t.key, { resume: new TextEncoder().encode("%PDF-1.4 x"), hostUsername: login });
  const { trackingId } = (await res.json()) as { trackingId: string };
  return trackingId;
}

const webhookStatus = async (id: string) =>
  (
    (await (await fetch(`${t.url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${t.key}` } })).json()) as {
      webhookStatus?: string;
    }
  ).webhookStatus;

describe("claimcheck webhook test", () => {
  test("sends a signed webhook.test event now, prints the answer, exit 0; the attempt is logged", async () => {
    answer = () => new Response("hello", { status: 200 });
    const before = r.received.length;
    const res = await cli("webhook", "test");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^delivered: HTTP 200 in \d+ ms {2}msg_/);
    const got = r.received[before]!;
    expect(JSON.parse(got.text)).toMatchObject({ event: "webhook.test", client: "default" });
    expect(verifySignature(got.body, got.headers["x-service-signature"], secret)).toBe(true);
    expect(verifyStandardSignature(got.body, got.headers, secret)).toBe(true);
    const id = /(msg_\w+)/.exec(res.stdout)![1]!;
    const log = await cli("webhook", "log", id);
    expect(log.code).toBe(0);
    expect(log.stdout).toContain("#1");
    expect(log.stdout).toContain("success 200");
  });

  test("a failing receiver: exit 1, the outcome, and its answer shown escaped, never raw", async () => {
    answer = () => new Response("\u001b[31mboom\u0007", { status: 500 });
    const res = await cli("webhook", "test");
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("failed (http): HTTP 500");
    expect(res.stdout).toContain('response: "\\u001b[31mboom\\u0007"');
    expect(res.stdout).not.toContain("\u001b");
  });

  test("a client without a URL: a config failure, nothing sent", async () => {
    expect((await cli("clients", "add", "nourl")).code).toBe(0);
    const before = r.received.length;
    const res = await cli("webhook", "test", "--client", "nourl");
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("failed (config)");
    expect(r.received.length).toBe(before);
  });
});

describe("claimcheck webhook resend (beside a running server)", () => {
  test("always failing ends webhook_failed; resend --failed --since brings it back and the running server delivers it", async () => {
    answer = () => new Response("down", { status: 503 });
    const exhausted = t.app.webhooks.events.waitFor("webhook.exhausted", () => true, 10_000);
    const id = await finishJob("always-fails");
    expect((await exhausted).trackingId).toBe(id);
    expect(await webhookStatus(id)).toBe("webhook_failed");
    const log = await cli("webhook", "log", id, "--json");
    const parsed = JSON.parse(log.stdout) as {
      delivery: { webhookStatus: string };
      attempts: Array<{ attempt: number; outcome: string; response_excerpt: string }>;
    };
    expect(parsed.delivery.webhookStatus).toBe("webhook_failed");
    // the delivery's column names, as the command printed them before the store returned domain types
    expect(Object.keys(parsed.delivery)).toEqual([
      ...["id", "client_id", "tracking_id", "event", "state", "attempts", "round_failures", "next_attempt_at"],
      ...["last_attempt_at", "last_outcome", "last_status_code", "created_at", "updated_at", "delivered_at"],
      ...["failed_at", "webhookStatus"],
    ]);
    expect(parsed.attempts.map((a) => [a.attempt, a.outcome, a.response_excerpt])).toEqual([
      [1, "http", "down"],
      [2, "http", "down"],
      [3, "http", "down"],
    ]);

    answer = () => new Response("ok");
    const delivered = t.app.webhooks.events.waitFor("webhook.delivered", (e) => e.trackingId === id, 10_000);
    const res = await cli("webhook", "resend", "--failed", "--since", "1h");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(id);
    expect(res.stderr).toContain("1 failed delivery");
    expect((await delivered).attempt).toBe(4); // the CLI wrote to SQLite; the server's loop found it
    expect(await webhookStatus(id)).toBe("delivered");
    expect((await cli("webhook", "resend", "--failed", "--since", "1h")).stderr).toContain("0 failed deliveries");
  });

  test("resend one delivery by trackingId: same webhook-id again", async () => {
    answer = () => new Response("ok");
    const first = t.app.webhooks.events.waitFor("webhook.delivered", () => true, 10_000);
    const id = await finishJob("resend-one");
    await first;
    const n = r.received.length;
    const again = t.app.webhooks.events.waitFor("webhook.delivered", (e) => e.trackingId === id, 10_000);
    const res = await cli("webhook", "resend", id);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("scheduled for an attempt now");
    await again;
    const copies = r.received.slice(n - 1).filter((x) => JSON.parse(x.text).trackingId === id);
    expect(copies.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(r.received.filter((x) => x.text.includes(id)).map((x) => x.headers["webhook-id"]));
    expect(ids.size).toBe(1);
  });

  test("a verification that finished while no URL was set gets its first delivery on resend", async () => {
    await t.app.accounts.setWebhook("default", "http://127.0.0.1:9/unused");
    await t.app.db.query("UPDATE clients SET webhook_url = NULL WHERE name = 'default'").run();
    const id = await finishJob("no-url-then");
    await pollUntil(async () => (await webhookStatus(id)) === "not_configured", "job to finish without a delivery");
    await t.app.accounts.setWebhook("default", r.url);
    const delivered = t.app.webhooks.events.waitFor("webhook.delivered", (e) => e.trackingId === id, 10_000);
    const res = await cli("webhook", "resend", id);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("queued a first delivery");
    await delivered;
    expect(await webhookStatus(id)).toBe("delivered");
  });

  test("usage errors exit 2; unknown ids exit 1", async () => {
    for (const args of [
      [],
      ["x", "--failed", "--since", "1h"],
      ["--failed"],
      ["--failed", "--since", "yesterday"],
      ["x", "--since", "1h"],
    ]) {
      const res = await cli("webhook", "resend", ...args);
      expect(res.code).toBe(2);
    }
    const missing = await cli("webhook", "resend", "vrf_nope");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no delivery and no finished verification");
    expect((await cli("webhook", "log", "msg_nope")).code).toBe(1);
    expect((await cli("webhook", "log")).code).toBe(2);
  });
});

describe("parseSince", () => {
  const now = Date.parse("2026-03-01T12:00:00Z");
  test.each([
    ["24h", now - 24 * 3_600_000],
    ["90m", now - 90 * 60_000],
    ["7d", now - 7 * 86_400_000],
    ["2026-02-28T00:00:00Z", Date.parse("2026-02-28T00:00:00Z")],
    ["2026-02-28", Date.parse("2026-02-28")],
  ])("%s", (text, expected) => expect(parseSince(text, now)).toBe(expected));
  test("rejects anything else", () => {
    for (const bad of ["yesterday", "", "-1h", "1 week"]) expect(() => parseSince(bad, now)).toThrow("--since");
  });
});
