import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Principal } from "../../src/accounts/account-service.ts";
import { type App, createApp } from "../../src/app.ts";
import { PermanentJobError } from "../../src/jobs/job-errors.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { clientUsage } from "../../src/verification/client-usage.ts";
import { encodeCursor, type JobFilter, parseJobFilter } from "../../src/verification/job-filters.ts";
import { describeEachBackend } from "../support/backends.ts";
import { fixedSteps, tempDir, testConfig } from "../support/harness.ts";

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 1, 9); // 2026-03-01 09:00Z
const tmp = tempDir();
const clock = new ManualClock(START);
let app: App;
const ids: Record<string, string[]> = { acme: [], beta: [] };

const steps = fixedSteps(70);
describeEachBackend("verification read models", (backend) => {
  beforeAll(async () => {
    ids.acme = [];
    ids.beta = [];
    app = await createApp(testConfig(tmp.dir, await backend.env()), {
      clock,
      logger: silentLogger,
      steps: {
        extract: steps.extract,
        analyze: async (i) => {
          if (i.hostUsername.startsWith("fail")) throw new PermanentJobError("github_user_not_found", "no such user");
          return steps.analyze(i);
        },
      },
    });
    const principals: Record<string, Principal> = {};
    for (const name of ["acme", "beta"]) {
      const client = await app.accounts.addClient(name, { monthlyQuota: 0, rateLimitPerMinute: 0 });
      const { apiKey: row } = await app.accounts.createKey("k", name);
      principals[name] = { keyId: row.id, client };
    }
    // 30 jobs for acme over three days, 5 for beta; usernames octo-N, every 7th one fails
    for (let i = 0; i < 35; i++) {
      const name = i < 30 ? "acme" : "beta";
      clock.set(START + Math.floor(i / 10) * DAY + i * 60_000);
      const ack = await app.verifications.submit({
        principal: principals[name]!,
        hostUsername: i % 7 === 0 ? `fail-${i}` : `octo-${i}`,
        pdf: new TextEncoder().encode(`%PDF-1.4 ${i}`),
        filename: null,
        idempotencyKey: null,
      });
      ids[name]!.push(ack.trackingId);
    }
    clock.set(START + 4 * DAY);
    // finish all but the last three jobs
    const jobs = (
      await app.db
        .query<{ id: string }, []>("SELECT job_id AS id FROM verifications ORDER BY created_at DESC LIMIT 3")
        .all()
    ).map((r) => r.id);
    await app.db
      .query(`UPDATE jobs SET run_at = ? WHERE id IN (${jobs.map(() => "?").join(",")})`)
      .run(START + 10 * DAY, ...jobs);
    await app.worker.runOnce();
  });
  afterAll(async () => {
    await app.db.close();
  });

  const filter = (q: Record<string, string>): JobFilter => parseJobFilter(q).filter;
  const clientId = async (name: string) => (await app.accounts.client(name)).id;

  describe("the jobs list (VerificationService.listJobs)", () => {
    test("criticalFlags and candidateName come from the result (SQLite json, PostgreSQL jsonb)", async () => {
      const done = (await app.verifications.listJobs(filter({ state: "COMPLETED" }), null)).rows[0]!;
      const result = JSON.parse((await app.verifications.get(done.trackingId))!.result!) as Record<string, unknown>;
      const flags = [{ severity: "CRITICAL" }, { severity: "WARNING" }, { severity: "CRITICAL" }];
      await app.db
        .query("UPDATE verifications SET result = ? WHERE tracking_id = ?")
        .run(JSON.stringify({ ...result, flags, candidateName: "Ada Lovelace" }), done.trackingId);
      try {
        const row = (await app.verifications.listJobs(filter({}), null, 100)).rows.find(
          (r) => r.trackingId === done.trackingId,
        )!;
        expect(row.criticalFlags).toBe(2);
        expect(row.candidateName).toBe("Ada Lovelace");
        const failed = (await app.verifications.listJobs(filter({ state: "FAILED" }), null)).rows[0]!;
        expect(failed.criticalFlags).toBeNull();
        const queued = (await app.verifications.listJobs(filter({ state: "queued" }), null)).rows[0]!;
        expect(queued.candidateName).toBeNull();
      } finally {
        await app.db
          .query("UPDATE verifications SET result = ? WHERE tracking_id = ?")
          .run(JSON.stringify(result), done.trackingId);
      }
    });

    test("newest first, 25 a page, with totals and states", async () => {
      const p = await app.verifications.listJobs(filter({}), null);
      expect(p.total).toBe(35);
      expect(p.rows).toHaveLength(25);
      expect(p.rows[0]!.trackingId).toBe(ids.beta![4]!);
      expect(p.rows.map((r) => r.createdAt)).toEqual([...p.rows.map((r) => r.createdAt)].sort((a, b) => b - a));
      expect(p.newer).toBeNull();
      expect(p.older).not.toBeNull();
      expect(p.rows.slice(0, 3).map((r) => r.state)).toEqual(["queued", "queued", "queued"]);
      const done = p.rows.find((r) => r.state === "COMPLETED")!;
      expect(done.score).toBe(70);
      expect(done.clientName).toBe("beta");
    });

    test("paging older then newer walks the same rows back", async () => {
      const first = await app.verifications.listJobs(filter({}), null, 10);
      const second = await app.verifications.listJobs(filter({ before: encodeCursor(first.older!) }), null, 10);
      expect(second.rows[0]!.createdAt).toBeLessThan(first.rows[9]!.createdAt);
      expect(second.newer).not.toBeNull();
      const back = await app.verifications.listJobs(filter({ after: encodeCursor(second.newer!) }), null, 10);
      expect(back.rows.map((r) => r.trackingId)).toEqual(first.rows.map((r) => r.trackingId));
      expect(back.newer).toBeNull();
      const seen = new Set<string>();
      let page = first;
      for (;;) {
        for (const r of page.rows) seen.add(r.trackingId);
        if (!page.older) break;
        page = await app.verifications.listJobs(filter({ before: encodeCursor(page.older) }), null, 10);
      }
      expect(seen.size).toBe(35);
    });

    test("filters: state, client, username prefix, date range, and combinations", async () => {
      expect((await app.verifications.listJobs(filter({ state: "FAILED" }), null)).total).toBe(5); // 0, 7, 14, 21, 28
      expect((await app.verifications.listJobs(filter({ state: "queued" }), null)).total).toBe(3);
      expect((await app.verifications.listJobs(filter({ state: "COMPLETED" }), null)).total).toBe(27);
      expect((await app.verifications.listJobs(filter({ state: "processing" }), null)).total).toBe(0);
      expect(
        (await app.verifications.listJobs(filter({ client: "beta" }), await clientId("beta"))).rows
          .map((r) => r.trackingId)
          .sort(),
      ).toEqual([...ids.beta!].sort());
      expect((await app.verifications.listJobs(filter({ client: "nobody" }), null)).total).toBe(0);
      expect((await app.verifications.listJobs(filter({ username: "FAIL" }), null)).total).toBe(5);
      expect(
        (await app.verifications.listJobs(filter({ username: "octo-3" }), null)).rows.map((r) => r.hostUsername).sort(),
      ).toEqual(["octo-3", "octo-30", "octo-31", "octo-32", "octo-33", "octo-34"]);
      expect((await app.verifications.listJobs(filter({ from: "2026-03-02", to: "2026-03-02" }), null)).total).toBe(10);
      expect((await app.verifications.listJobs(filter({ from: "2026-03-04" }), null)).total).toBe(5);
      expect((await app.verifications.listJobs(filter({ from: "2026-03-05" }), null)).total).toBe(0);
      expect((await app.verifications.listJobs(filter({ to: "2026-02-28" }), null)).total).toBe(0);
      expect(
        (
          await app.verifications.listJobs(
            filter({ client: "acme", state: "FAILED", from: "2026-03-02" }),
            await clientId("acme"),
          )
        ).total,
      ).toBe(3); // 14, 21, 28
    });

    test("username filter treats LIKE wildcards literally", async () => {
      expect((await app.verifications.listJobs({ ...filter({}), username: "%" }, null)).total).toBe(0);
      expect((await app.verifications.listJobs({ ...filter({}), username: "octo_" }, null)).total).toBe(0);
    });
  });

  describe("overview read models: state counts, queue, client usage, delivery health", () => {
    test("state counts since a time, the queue, and quota use per client", async () => {
      expect(await app.verifications.stateCounts(START)).toEqual({ COMPLETED: 27, FAILED: 5, queued: 3 });
      expect(await app.verifications.stateCounts(START + 3 * DAY)).toEqual({ COMPLETED: 2, queued: 3 });
      const q = await app.verifications.queueState(START + 4 * DAY);
      expect(q.waiting).toBe(3);
      expect(q.running).toBe(0);
      expect(q.oldestWaitingMs).toBe(DAY - 32 * 60_000);
      expect(q.oldestDueMs).toBeNull(); // the three are scheduled in the future
      const usage = await clientUsage(app.accounts, app.verifications, START);
      expect(usage.map((u) => [u.name, u.usedThisMonth, u.activeKeys])).toEqual([
        ["acme", 30, 1],
        ["beta", 5, 1],
        ["default", 0, 0],
      ]);
    });

    test("delivery health is empty without deliveries", async () => {
      expect(await app.webhooks.service.health(START)).toEqual({
        byState: {},
        attempts: 0,
        succeeded: 0,
        p50LatencyMs: null,
        p95LatencyMs: null,
        retryingNow: 0,
      });
      expect(await app.webhooks.service.deliveriesForJob(ids.acme![0]!)).toEqual([]);
    });
  });
});
afterAll(() => tmp.cleanup());
