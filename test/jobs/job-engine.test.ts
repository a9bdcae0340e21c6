import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { retryDelayMs } from "../../src/jobs/backoff.ts";
import { CRASH_ALLOWANCE, DeferJob, PermanentJobError } from "../../src/jobs/job-errors.ts";
import type { JobEvents, JobHandler } from "../../src/jobs/job-handler.ts";
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { JobStore } from "../../src/jobs/job-store.ts";
import { Worker } from "../../src/jobs/worker.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { Database } from "../../src/storage/database.ts";
import type { Transaction } from "../../src/storage/sql-database.ts";
import { describeEachBackend } from "../support/backends.ts";

let db: Database;
let store: JobStore;
let queue: JobQueue;
let clock: ManualClock;
let events: EventBus<JobEvents>;

function worker(handlers: JobHandler[], opts: { concurrency?: number; leaseMs?: number } = {}) {
  return new Worker({
    db,
    store,
    queue,
    clock,
    events,
    logger: silentLogger,
    handlers,
    concurrency: opts.concurrency ?? 2,
    leaseMs: opts.leaseMs ?? 30_000,
    random: () => 0,
  });
}
const effect = (jobId: number, what: string) => async (tx: Transaction) => {
  await tx.query("INSERT INTO effects VALUES (?, ?)").run(jobId, what);
};
const effects = () => db.query<{ job_id: number; what: string }, []>("SELECT * FROM effects").all();

describeEachBackend("job engine", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    await db.exec("CREATE TABLE IF NOT EXISTS effects (job_id INTEGER, what TEXT)");
    await db.exec("DELETE FROM effects");
    clock = new ManualClock();
    store = new JobStore(db);
    queue = new JobQueue(store, clock);
    events = new EventBus();
  });
  afterEach(async () => await db.close());

  test("enqueue -> claim -> complete runs the handler's writes in the completing transaction", async () => {
    const id = await queue.enqueue("echo", { n: 1 });
    const seen: unknown[] = [];
    const w = worker([
      {
        kind: "echo",
        run: async (j) => {
          seen.push(j.payload);
          return effect(j.id, "done");
        },
      },
    ]);
    expect(await w.runOnce()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await store.get(id)).toMatchObject({ state: "completed", attempts: 1, lease_token: null });
    expect(await effects()).toEqual([{ job_id: id, what: "done" }]);
    expect(await w.runOnce()).toBe(0);
  });

  test("jobs not yet due are not claimed; they run once the clock reaches run_at", async () => {
    const id = await queue.enqueue("echo", {}, { runAt: clock.now() + 60_000 });
    const w = worker([{ kind: "echo", run: async () => {} }]);
    expect(await w.runOnce()).toBe(0);
    clock.advance(60_000);
    expect(await w.runOnce()).toBe(1);
    expect((await store.get(id))!.state).toBe("completed");
  });

  test("a failing job is retried with backoff, then fails with onFailure's writes", async () => {
    const id = await queue.enqueue("flaky", {}, { maxAttempts: 3 });
    let calls = 0;
    const w = worker([
      {
        kind: "flaky",
        run: async () => {
          calls++;
          throw new Error(`boom ${calls}`);
        },
        onFailure: (j, err) => effect(j.id, `failed: ${(err as Error).message}`),
      },
    ]);
    await w.runOnce();
    expect(await store.get(id)).toMatchObject({ state: "queued", attempts: 1, last_error: "boom 1" });
    expect((await store.get(id))!.run_at).toBe(clock.now() + retryDelayMs(1, 0));
    expect(await w.runOnce()).toBe(0); // not due yet
    clock.advance(retryDelayMs(1, 0));
    await w.runOnce();
    clock.advance(retryDelayMs(2, 0));
    await w.runOnce();
    expect(calls).toBe(3);
    expect(await store.get(id)).toMatchObject({ state: "failed", attempts: 3, last_error: "boom 3" });
    expect(await effects()).toEqual([{ job_id: id, what: "failed: boom 3" }]);
  });

  test("PermanentJobError fails at once, without retries", async () => {
    const id = await queue.enqueue("bad", {}, { maxAttempts: 5 });
    const w = worker([
      {
        kind: "bad",
        run: async () => {
          throw new PermanentJobError("pdf_no_text", "no text");
        },
        onFailure: (j, e) => effect(j.id, (e as PermanentJobError).code),
      },
    ]);
    await w.runOnce();
    expect(await store.get(id)).toMatchObject({ state: "failed", attempts: 1 });
    expect(await effects()).toEqual([{ job_id: id, what: "pdf_no_text" }]);
  });

  test("DeferJob re-queues until the given time without spending an attempt", async () => {
    const id = await queue.enqueue("limited", {}, { maxAttempts: 1 });
    let n = 0;
    const until = clock.now() + 3_600_000;
    const w = worker([
      {
        kind: "limited",
        run: async () => {
          if (n++ === 0) throw new DeferJob(until, "rate limited");
        },
      },
    ]);
    const deferred = events.waitFor("job.deferred");
    await w.runOnce();
    expect((await deferred).until).toBe(until);
    expect(await store.get(id)).toMatchObject({ state: "queued", attempts: 0, run_at: until });
    clock.set(until);
    await w.runOnce();
    expect(await store.get(id)).toMatchObject({ state: "completed", attempts: 1 });
  });

  test("an expired lease is rescued and the job runs again; the first worker's late result is refused (fencing)", async () => {
    const id = await queue.enqueue("slow", {});
    // worker A claims and then "dies": we claim directly and never finish
    const [claimed] = await store.claim(["slow"], "dead-worker", 1, clock.now(), 30_000);
    expect(claimed!.id).toBe(id);
    const w = worker([{ kind: "slow", run: async (j) => effect(j.id, "by B") }]);
    expect(await w.runOnce()).toBe(0); // lease still held
    clock.advance(30_000);
    const rescued = events.waitFor("job.rescued");
    expect(await w.runOnce()).toBe(1);
    expect((await rescued).id).toBe(id);
    expect(await store.get(id)).toMatchObject({ state: "completed", attempts: 2 });
    // the dead worker wakes up and tries to complete with its stale token: nothing changes
    expect(await store.finish({ id, token: claimed!.lease_token! }, "completed", null, clock.now())).toBe(false);
    expect(await effects()).toEqual([{ job_id: id, what: "by B" }]);
  });

  test("heartbeats keep a long job's lease; a lost lease aborts the job and records nothing", async () => {
    const id = await queue.enqueue("long", {});
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let aborted = false;
    const w = worker(
      [
        {
          kind: "long",
          run: async (j) => {
            j.signal.addEventListener("abort", () => (aborted = true));
            await gate;
            return effect(j.id, "late");
          },
        },
      ],
      { leaseMs: 1000 },
    );
    const lost = events.waitFor("job.lease_lost");
    const claimed = events.waitFor("job.claimed");
    w.start();
    await claimed;
    // someone else steals the job after the lease lapses (simulate by expiring and rescuing by hand)
    clock.advance(5_000);
    await store.rescueExpired(clock.now());
    // the worker's next heartbeat notices
    await (w as unknown as { heartbeat(): Promise<void> }).heartbeat();
    release();
    await lost;
    expect(aborted).toBe(true);
    expect(await effects()).toEqual([]);
    expect((await store.get(id))!.state).toBe("queued");
    await w.stop(1000);
  });

  test("a job that was running during too many crashes is failed instead of run again", async () => {
    const id = await queue.enqueue("poison", {}, { maxAttempts: 2 });
    for (let i = 0; i < 2 + CRASH_ALLOWANCE; i++) {
      expect(await store.claim(["poison"], "doomed", 1, clock.now(), 1000)).toHaveLength(1);
      clock.advance(1000);
      await store.rescueExpired(clock.now());
    }
    let ran = false;
    const w = worker([
      {
        kind: "poison",
        run: async () => {
          ran = true;
          return undefined;
        },
        onFailure: (j, e) => effect(j.id, (e as PermanentJobError).code),
      },
    ]);
    await w.runOnce();
    expect(ran).toBe(false);
    expect((await store.get(id))!.state).toBe("failed");
    expect(await effects()).toEqual([{ job_id: id, what: "worker_crashed" }]);
  });

  test("concurrency bounds how many jobs run at once", async () => {
    for (let i = 0; i < 7; i++) await queue.enqueue("c", { i });
    let running = 0;
    let peak = 0;
    const w = worker(
      [
        {
          kind: "c",
          run: async () => {
            running++;
            peak = Math.max(peak, running);
            await Promise.resolve();
            running--;
          },
        },
      ],
      { concurrency: 3 },
    );
    expect(await w.runOnce()).toBe(7);
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThan(1);
  });

  test("stop() lets in-flight work finish within the deadline and releases what does not", async () => {
    const quick = await queue.enqueue("q", {});
    const stuck = await queue.enqueue("s", {});
    const w = worker([
      { kind: "q", run: async (j) => effect(j.id, "quick") },
      {
        kind: "s",
        run: (j) => new Promise((_, reject) => j.signal.addEventListener("abort", () => reject(j.signal.reason))),
      },
    ]);
    const both = Promise.all([
      events.waitFor("job.claimed", (e) => e.id === stuck),
      events.waitFor("job.completed", (e) => e.id === quick),
    ]);
    w.start();
    await both;
    const r = await w.stop(50);
    expect(r.released).toBe(1);
    expect((await store.get(quick))!.state).toBe("completed");
    expect(await store.get(stuck)).toMatchObject({ state: "queued", attempts: 0, lease_owner: null });
  });

  test("the running loop picks up work as soon as it is enqueued (notify)", async () => {
    const w = worker([{ kind: "n", run: async (j) => effect(j.id, "ran") }]);
    w.start();
    const done = events.waitFor("job.completed");
    const id = await queue.enqueue("n", {});
    queue.notify();
    expect((await done).id).toBe(id);
    await w.stop(100);
  });
});

describe("retry backoff", () => {
  test.each([
    [1, 0, 5_000],
    [2, 0, 10_000],
    [3, 0, 20_000],
    [1, 1, 6_000],
    [20, 0, 600_000],
  ])("attempt %d with jitter %d waits %d ms", (attempt, jitter, ms) => {
    expect(retryDelayMs(attempt, jitter)).toBe(ms);
  });
});
