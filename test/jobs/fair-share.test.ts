/**
 * Fair claims across clients: a client that floods the queue, or whose jobs hold their slots long, waits
 * behind its own work. Before, the queue was first in, first out across clients: eight slow jobs of one
 * client held every slot, and another client's job waited for all of them.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { clientQueueMetrics } from "../../src/jobs/client-queue-metrics.ts";
import { claimFairly, shareOf, shareSlots } from "../../src/jobs/fair-claim.ts";
import type { JobEvents } from "../../src/jobs/job-handler.ts";
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { JobStore } from "../../src/jobs/job-store.ts";
import { Worker } from "../../src/jobs/worker.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { Database } from "../../src/storage/database.ts";
import { describeEachBackend } from "../support/backends.ts";

describe("shareSlots", () => {
  const due = (key: string | null, n: number, oldest: number) => ({ key, n, oldest });

  test("each slot goes to the client running the least, ties to the longest waiting", () => {
    const plan = shareSlots([due("B", 10, 1), due("A", 2, 5)], new Map(), new Map(), 4, 10);
    expect(Object.fromEntries(plan)).toEqual({ B: 2, A: 2 });
    // B already runs 3 jobs somewhere (any replica): both slots go to A
    const busy = shareSlots([due("B", 10, 1), due("A", 2, 5)], new Map([["B", 3]]), new Map(), 2, 10);
    expect(Object.fromEntries(busy)).toEqual({ A: 2 });
  });

  test("a client's share: the slots divided among the clients with work, never all of them, never none", () => {
    expect([1, 2, 3, 4, 8].map((n) => shareOf(4, n))).toEqual([3, 2, 2, 1, 1]);
    expect(shareOf(1, 1)).toBe(1);
    expect(shareOf(8, 3)).toBe(3);
  });

  test("a client at its cap on this worker gets nothing; nobody's jobs are never capped", () => {
    const plan = shareSlots([due("B", 10, 1), due(null, 5, 2)], new Map([["B", 3]]), new Map([["B", 3]]), 3, 3);
    expect([...plan]).toEqual([[null, 3]]);
    expect(shareSlots([due("A", 1, 1)], new Map(), new Map(), 3, 3).get("A")).toBe(1);
  });
});

let db: Database;
let store: JobStore;
let queue: JobQueue;
let clock: ManualClock;
let events: EventBus<JobEvents>;
const workers: Worker[] = [];

describeEachBackend("fair claims", (backend) => {
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

  test("across replicas: the client running the least is served first, though its jobs are younger", async () => {
    for (let i = 0; i < 10; i++) await queue.enqueue("v", { i }, { fairKey: "B" });
    clock.advance(1_000);
    const a = await queue.enqueue("v", {}, { fairKey: "A" });
    // another replica runs three of B's jobs (a plain, oldest-first claim)
    expect(await store.claim(["v"], "replica-1", 3, clock.now(), 30_000)).toHaveLength(3);
    const o = { kinds: ["v"], now: clock.now(), leaseMs: 30_000, deadlineMs: null, held: new Map(), concurrency: 8 };
    const [first] = await claimFairly(db, store, { ...o, owner: "replica-2", limit: 1 });
    expect(first!.id).toBe(a);
    expect(first!.fair_key).toBe("A");
    // with A served, the next slot goes back to B, oldest first
    const [next] = await claimFairly(db, store, { ...o, owner: "replica-2", limit: 1 });
    expect(next!.fair_key).toBe("B");
    const lines = await clientQueueMetrics(db, clock.now());
    expect(lines).toContain('claimcheck_client_jobs_queued{client="B",name=""} 6');
    expect(lines).toContain('claimcheck_client_jobs_running{client="B",name=""} 4');
    expect(lines).toContain('claimcheck_client_jobs_running{client="A",name=""} 1');
    expect(lines).toContain('claimcheck_client_queue_oldest_due_seconds{client="B",name=""} 1.000');
  });

  test("a worker shared fairly keeps a slot for another client while one client's slow jobs hold the rest", async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((r) => {
      release = r;
    });
    for (let i = 0; i < 6; i++) await queue.enqueue("v", { slow: true }, { fairKey: "B" });
    const a = await queue.enqueue("v", { slow: false }, { fairKey: "A" });
    const w = new Worker({
      db,
      store,
      queue,
      clock,
      events,
      logger: silentLogger,
      handlers: [
        {
          kind: "v",
          run: async (job) => {
            if ((job.payload as { slow: boolean }).slow) await slow;
            return undefined;
          },
        },
      ],
      concurrency: 3,
      fairShare: () => true,
    });
    workers.push(w);
    const done = events.waitFor("job.completed", (e) => e.id === a);
    w.start();
    await done; // A's job ran while B's first jobs still held their slots
    const running = await db
      .query<{ n: number }, []>("SELECT count(*) AS n FROM jobs WHERE state = 'running' AND fair_key = 'B'")
      .get();
    expect(Number(running!.n)).toBe(2); // B holds all slots but one (two clients with work: 3 / 2, rounded up)
    release();
  });

  test("unshared (one client), the queue is served in order and every slot is used", async () => {
    for (let i = 0; i < 3; i++) await queue.enqueue("v", {}, { fairKey: "B" });
    const a = await queue.enqueue("v", {}, { fairKey: "A" });
    const claimed = await store.claim(["v"], "w", 3, clock.now(), 30_000);
    expect(claimed.map((r) => r.fair_key)).toEqual(["B", "B", "B"]);
    expect((await store.get(a))!.state).toBe("queued");
  });
});
