/**
 * End to end with real processes: `bun src/main.ts serve` as a child with its data in a temp dir, a
 * compressed retry schedule, and a real receiver on loopback. The service is SIGKILLed mid-schedule and
 * mid-attempt; after a restart the schedule resumes on time and nothing is lost.
 *
 * A job reaches its final state without the real analysis: the junk PDF ends FAILED (today with
 * analysis_unavailable), which still sends verification.completed with status FAILED.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import { verifyStandardSignature } from "../../src/webhooks/verify-signature.ts";
import { describeEachBackend } from "../support/backends.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { pollUntil, submit, tempDir } from "../support/harness.ts";
import { deadPort, never, type Receiver, startReceiver } from "./helpers/receivers.ts";

const children: ChildServer[] = [];
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    c.kill("SIGKILL");
    await c.exited;
  }
  for (const c of cleanups.splice(0).reverse()) await c();
});

const JUNK_PDF = new TextEncoder().encode("%PDF-1.4\nthis is not really a PDF\n%%EOF\n");

/** the backend of the current describe: DATABASE_URL (PostgreSQL) or nothing (SQLite in DATA_DIR) */
let dbEnv: Record<string, string> = {};

async function setup(answer: Parameters<typeof startReceiver>[0]) {
  const tmp = tempDir("claimcheck-webhook-e2e-");
  cleanups.push(tmp.cleanup);
  const receiver: Receiver = startReceiver(answer);
  cleanups.push(() => receiver.stop());
  const env = { DATA_DIR: tmp.dir, ...dbEnv };
  const key = (await runCliProcess(["keys", "create", "--name", "e2e", "--create"], env)).stdout.trim();
  const set = await runCliProcess(["webhook", "set", "--url", receiver.url], env);
  expect(set.code).toBe(0);
  const secret = set.stdout.trim();
  expect(secret).toStartWith("whsec_");
  return { dir: tmp.dir, receiver, key, secret };
}

async function boot(dir: string, extra: Record<string, string>): Promise<ChildServer> {
  const s = await startChildServer({
    DATA_DIR: dir,
    GITHUB_API_URL: `http://127.0.0.1:${deadPort()}`,
    ...dbEnv,
    ...extra,
  });
  children.push(s);
  return s;
}

async function readDb<T>(dir: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openStorage(
    { dbPath: join(dir, "claimcheck.db"), databaseUrl: dbEnv.DATABASE_URL ?? null },
    { migrate: false },
  );
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function jobView(s: ChildServer, key: string, id: string): Promise<Record<string, unknown>> {
  return (await (
    await fetch(`${s.url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } })
  ).json()) as Record<string, unknown>;
}

const hexHmac = (secret: string, bytes: Uint8Array) => createHmac("sha256", secret).update(bytes).digest("hex");

describeEachBackend("webhook delivery across a SIGKILL (real service processes)", (backend) => {
  beforeEach(async () => {
    dbEnv = await backend.env(); // a fresh database per test, as each test has a fresh DATA_DIR
  });

  test("killed between attempts: after a restart the retry goes out on schedule, same id, same bytes", async () => {
    const w = await setup((n) => new Response(n === 1 ? "not yet" : "ok", { status: n === 1 ? 500 : 200 }));
    // the first retry far enough out that the kill lands before it on a busy machine
    const env = { WEBHOOK_RETRY_SCHEDULE: "8s,4s", WEBHOOK_TIMEOUT: "2s" };
    const first = await boot(w.dir, env);
    const res = await submit(first.url, w.key, { resume: JUNK_PDF, hostUsername: "octocat" });
    expect(res.status).toBe(202);
    const { trackingId } = (await res.json()) as { trackingId: string };

    const [a1] = await w.receiver.waitFor(1);
    await pollUntil(
      async () => (await jobView(first, w.key, trackingId)).webhookStatus === "retrying",
      "attempt 1 to be recorded",
    );
    first.kill("SIGKILL");
    expect(await first.exited).not.toBe(0);
    const due = await readDb(
      w.dir,
      async (db) =>
        (await db
          .query<{ next_attempt_at: number }, [string]>(
            "SELECT next_attempt_at FROM webhook_deliveries WHERE tracking_id = ?",
          )
          .get(trackingId))!.next_attempt_at,
    );
    expect(Date.now()).toBeLessThan(due); // killed before the retry was due

    const second = await boot(w.dir, env);
    const readyAt = Date.now();
    const [, a2] = await w.receiver.waitFor(2, 20_000);
    // on time: not before the due time, and within a poll interval (plus slack) after the due time, or after
    // the restarted service was ready when a busy machine started it later than that
    expect(a2!.at).toBeGreaterThanOrEqual(due - 50);
    expect(a2!.at - Math.max(due, readyAt)).toBeLessThan(2_500);
    expect(a2!.headers["webhook-id"]).toBe(a1!.headers["webhook-id"]!);
    expect(a2!.body).toEqual(a1!.body);
    for (const a of [a1!, a2!]) {
      expect(a.headers["x-service-signature"]).toBe(`sha256=${hexHmac(w.secret, a.body)}`);
      expect(verifyStandardSignature(a.body, a.headers, w.secret, { now: a.at })).toBe(true);
    }
    const payload = JSON.parse(a2!.text);
    expect(payload).toMatchObject({
      event: "verification.completed",
      trackingId,
      hostUsername: "octocat",
      status: "FAILED",
      confidenceScore: 0,
    });
    expect(payload.timestamp).toBe(payload.completedAt);

    await pollUntil(
      async () => (await jobView(second, w.key, trackingId)).webhookStatus === "delivered",
      "delivered status",
    );
    const attempts = await readDb(
      w.dir,
      async (db) =>
        await db
          .query<{ attempt: number; outcome: string; status_code: number | null }, []>(
            "SELECT attempt, outcome, status_code FROM webhook_attempts ORDER BY attempt",
          )
          .all(),
    );
    expect(attempts).toEqual([
      { attempt: 1, outcome: "http", status_code: 500 },
      { attempt: 2, outcome: "success", status_code: 200 },
    ]);
  }, 60_000);

  test("killed during an attempt: the attempt is made again after restart (at-least-once) and logged as interrupted", async () => {
    const w = await setup((n) => (n === 1 ? never() : new Response("ok")));
    const env = { WEBHOOK_RETRY_SCHEDULE: "1m", WEBHOOK_TIMEOUT: "2s" };
    const first = await boot(w.dir, env);
    const res = await submit(first.url, w.key, { resume: JUNK_PDF, hostUsername: "hubot" });
    const { trackingId } = (await res.json()) as { trackingId: string };
    const [a1] = await w.receiver.waitFor(1);
    first.kill("SIGKILL");
    await first.exited;
    const leaseEnd = await readDb(
      w.dir,
      async (db) =>
        (await db
          .query<{ next_attempt_at: number }, [string]>(
            "SELECT next_attempt_at FROM webhook_deliveries WHERE tracking_id = ?",
          )
          .get(trackingId))!.next_attempt_at,
    );

    const second = await boot(w.dir, env);
    const [, a2] = await w.receiver.waitFor(2, 20_000);
    expect(a2!.at).toBeGreaterThanOrEqual(leaseEnd - 50); // the lease (timeout + margin) ran out first
    expect(a2!.headers["webhook-id"]).toBe(a1!.headers["webhook-id"]!);
    expect(a2!.body).toEqual(a1!.body);
    await pollUntil(
      async () => (await jobView(second, w.key, trackingId)).webhookStatus === "delivered",
      "delivered status",
    );
    const attempts = await readDb(
      w.dir,
      async (db) =>
        await db
          .query<{ attempt: number; outcome: string }, []>(
            "SELECT attempt, outcome FROM webhook_attempts ORDER BY attempt",
          )
          .all(),
    );
    expect(attempts).toEqual([
      { attempt: 1, outcome: "interrupted" },
      { attempt: 2, outcome: "success" },
    ]);
  }, 60_000);
});
