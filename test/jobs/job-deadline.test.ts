/**
 * Every attempt of a job runs under a deadline: past it the job is aborted, its slot is freed even when
 * its work ignores the abort, and it is retried with backoff or failed with deadline_exceeded; a heartbeat
 * never extends its lease past the deadline (plus the few seconds the worker needs to record that), so a
 * job whose worker cannot end it is taken back by the lease rescue.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { JobDeadlineExceeded } from "../../src/jobs/job-errors.ts";
import type { JobEvents, JobHandler } from "../../src/jobs/job-handler.ts";
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { JobStore } from "../../src/jobs/job-store.ts";
import { Worker } from "../../src/jobs/worker.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { Database } from "../../src/storage/database.ts";
import { describeEachBackend } from "../support/backends.ts";

const DEADLINE = 10_000;
const LEASE = 30_000;
/** min(JOB_LEASE, 5 s): how long past the deadline a lease may still run, for the worker to record it */
const GRACE = 5_000;

let db: Database;
let store: JobStore;
let queue: JobQueue;
let clock: ManualClock;
let events: EventBus<JobEvents>;
const workers: Worker[] = [];

function worker(handlers: JobHandler[], concurrency = 1) {
  const w = new Worker({
    db,
    store,
    queue,
    clock,
    events,
    logger: silentLogger,
    handlers,
    concurrency,
    leaseMs: LEASE,
    deadlineMs: DEADLINE,
    unwindMs: 20,
    random: () => 0,
  });
  workers.push(w);
  return w;
}
/** the worker's heartbeat tick, which also enforces deadlines (its timer runs on real time) */
const tick = (w: Worker) => (w as unknown as { heartbeat(): Promise<void> }).heartbeat();
/** work that never ends, whatever its signal says */
const never = () => new Promise<never>(() => {});

describeEachBackend("job deadline", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    clock = new ManualClock();
    store = new JobStore(db);
    queue = new JobQueue(store, clock);
    events = new EventBus();
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop(100);
    await db.close();
  });

  test("a job that hangs ignoring its abort loses its slot at the deadline, the next job runs, and it is retried with backoff", async () => {
    const hung = await queue.enqueue("hang", {});
    const next = await queue.enqueue("quick", {});
    let runs = 0;
    const w = worker([
      { kind: "hang", run: () => (++runs === 1 ? never() : Promise.resolve(undefined)) },
      { kind: "quick", run: async () => undefined },
    ]);
    const claimed = events.waitFor("job.claimed", (e) => e.id === hung);
    w.start();
    const first = await claimed;
    expect(first.attempt).toBe(1);
    const deadlineAt = (await store.get(hung))!.deadline_at!;
    expect(deadlineAt).toBe(clock.now() + DEADLINE);

    // one slot, held by the hung job: the other waits
    clock.advance(DEADLINE - 1_000);
    await tick(w);
    expect((await store.get(next))!.state).toBe("queued");
    // the heartbeat renewed the lease, but not past the deadline plus the grace
    expect((await store.get(hung))!.lease_expires_at).toBe(deadlineAt + GRACE);

    const retried = events.waitFor("job.retried", (e) => e.id === hung);
    const quickDone = events.waitFor("job.completed", (e) => e.id === next);
    clock.advance(1_000);
    await tick(w);
    const r = await retried;
    expect(r.error).toContain("did not finish within its deadline (10s)");
    expect(r.runAt).toBe(clock.now() + 5_000); // the first retry's backoff
    await quickDone; // the slot was freed although the hung work never settled
    expect(await store.get(hung)).toMatchObject({
      state: "queued",
      attempts: 1,
      lease_token: null,
      deadline_at: null,
    });
    expect(w.deadlineStats).toMatchObject({ deadlinesExceeded: 1, abandonedRunning: 1 });

    // the retry runs after its backoff and completes
    const done = events.waitFor("job.completed", (e) => e.id === hung);
    clock.advance(5_000);
    queue.notify();
    await done;
    expect(await store.get(hung)).toMatchObject({ state: "completed", attempts: 2 });
    expect(runs).toBe(2);
  });

  test("a job whose every attempt passes the deadline ends FAILED with deadline_exceeded (onFailure's writes)", async () => {
    const id = await queue.enqueue("slow", {}, { maxAttempts: 1 });
    let seen: unknown = null;
    let aborted = false;
    const w = worker([
      {
        kind: "slow",
        // a well-behaved handler: it stops as soon as its signal aborts
        run: (j) =>
          new Promise((_, reject) =>
            j.signal.addEventListener("abort", () => {
              aborted = true;
              reject(new Error("stopped"));
            }),
          ),
        onFailure: (_j, err) => async () => {
          seen = err;
        },
      },
    ]);
    const claimed = events.waitFor("job.claimed", (e) => e.id === id);
    w.start();
    await claimed;
    const failed = events.waitFor("job.failed", (e) => e.id === id);
    clock.advance(DEADLINE);
    await tick(w);
    expect((await failed).error).toContain("deadline");
    expect(aborted).toBe(true);
    expect(seen).toBeInstanceOf(JobDeadlineExceeded);
    expect((seen as JobDeadlineExceeded).code).toBe("deadline_exceeded");
    expect(await store.get(id)).toMatchObject({ state: "failed", deadline_at: null });
    expect(w.deadlineStats).toMatchObject({ deadlinesExceeded: 1, abandonedRunning: 0 });
  });

  test("hung work cannot hold every slot: with all slots hung, due jobs still run once the deadline passes", async () => {
    const hung = [await queue.enqueue("hang", {}), await queue.enqueue("hang", {})];
    const waiting = await queue.enqueue("quick", {});
    const w = worker(
      [
        { kind: "hang", run: never, onFailure: () => undefined },
        { kind: "quick", run: async () => undefined },
      ],
      2,
    );
    const both = Promise.all(hung.map((id) => events.waitFor("job.claimed", (e) => e.id === id)));
    w.start();
    await both;
    expect(await store.counts(clock.now())).toMatchObject({ pastDeadline: 0 });
    clock.advance(DEADLINE + 1);
    // between the deadline and the worker's reaction the queue reports them, and how long the due job waits
    expect(await store.counts(clock.now())).toMatchObject({ pastDeadline: 2, oldestDueAgeMs: DEADLINE + 1 });
    const done = events.waitFor("job.completed", (e) => e.id === waiting);
    // each hung job's slot is freed and its retry recorded on its own: the due job can complete in the first
    // freed slot before the second hung job's retry is written, so both retries are awaited too
    const retried = Promise.all(hung.map((id) => events.waitFor("job.retried", (e) => e.id === id)));
    await tick(w);
    await Promise.all([done, retried]);
    expect((await store.counts(clock.now())).pastDeadline).toBe(0);
    expect(w.deadlineStats.abandonedRunning).toBe(2);
  });

  test("a job whose worker cannot end it (its process wedged or gone) is rescued once deadline + grace lapse", async () => {
    const id = await queue.enqueue("x", {});
    const [row] = await store.claim(["x"], "wedged", 1, clock.now(), LEASE, DEADLINE);
    const lease = { id, token: row!.lease_token! };
    // heartbeats go on (the process lives) but cannot carry the lease past the deadline
    for (let t = 0; t < DEADLINE + GRACE; t += 1_000) {
      clock.advance(1_000);
      expect(await store.heartbeat(lease, clock.now(), LEASE, GRACE)).toBe(true);
      expect((await store.get(id))!.lease_expires_at).toBeLessThanOrEqual(row!.deadline_at! + GRACE);
    }
    expect((await store.rescueExpired(clock.now())).map((r) => r.id)).toEqual([id]);
    expect(await store.get(id)).toMatchObject({ state: "queued", deadline_at: null, lease_owner: null });
  });

  test("a job claimed by the statement that completes the previous one gets its deadline too", async () => {
    const first = await queue.enqueue("x", {});
    const second = await queue.enqueue("x", {});
    const [row] = await store.claim(["x"], "w", 1, clock.now(), LEASE, DEADLINE);
    expect(row!.id).toBe(first);
    clock.advance(1_000);
    const spec = { kinds: ["x"], owner: "w", leaseMs: LEASE, deadlineMs: DEADLINE };
    const { finished, next } = await db.transaction((tx) =>
      store.on(tx).completeMany([{ id: first, token: row!.lease_token!, next: true }], spec, clock.now()),
    );
    expect([...finished]).toEqual([first]);
    expect(next.map((r) => [r.id, Number(r.deadline_at)])).toEqual([[second, clock.now() + DEADLINE]]);
  });

  test("stop() ends even when a job ignores its abort: the job is released for the next start", async () => {
    const id = await queue.enqueue("hang", {});
    const w = worker([{ kind: "hang", run: never }]);
    const claimed = events.waitFor("job.claimed", (e) => e.id === id);
    w.start();
    await claimed;
    expect((await w.stop(20)).released).toBe(1);
    expect(await store.get(id)).toMatchObject({ state: "queued", attempts: 0, lease_owner: null, deadline_at: null });
  });
});
