/**
 * Job engine benchmark: enqueue/s and claim-complete cycles/s with a no-op handler, beside plainjob
 * (a SQLite job queue for bun:sqlite) on the same machine, in the same run, at the same durability
 * setting (synchronous=FULL, our default, and NORMAL, plainjob's default). Target: at or above plainjob.
 *
 *   bun test/bench/jobs.ts [--jobs N]
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { defineQueue, bun as plainBun } from "plainjob";
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { JobStore } from "../../src/jobs/job-store.ts";
import { Worker } from "../../src/jobs/worker.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openDatabase } from "../../src/storage/database.ts";
import { benchDir, bestOf, machine, table } from "./bench-util.ts";

const N = Number(process.argv[process.argv.indexOf("--jobs") + 1]) || 5_000;
const SYNC_MODES = ["FULL", "NORMAL"] as const;

async function ours(sync: string, concurrency: number): Promise<{ enqueue: number; cycle: number }> {
  const tmp = benchDir("ours");
  try {
    const db = await openDatabase(join(tmp.dir, "q.db"));
    await db.exec(`PRAGMA synchronous = ${sync}`);
    const store = new JobStore(db);
    const queue = new JobQueue(store, systemClock);
    let t = performance.now();
    for (let i = 0; i < N; i++) await queue.enqueue("noop", { i });
    const enqueue = N / ((performance.now() - t) / 1000);
    const worker = new Worker({
      db,
      store,
      queue,
      clock: systemClock,
      events: new EventBus(),
      logger: silentLogger,
      handlers: [{ kind: "noop", run: async () => {} }],
      concurrency,
    });
    t = performance.now();
    const done = await worker.runOnce();
    const cycle = done / ((performance.now() - t) / 1000);
    if (done !== N) throw new Error(`ours processed ${done} of ${N}`);
    await db.close();
    return { enqueue, cycle };
  } finally {
    tmp.cleanup();
  }
}

async function plainjob(sync: string): Promise<{ enqueue: number; cycle: number }> {
  const tmp = benchDir("plainjob");
  try {
    const db = new Database(join(tmp.dir, "q.db"), { strict: true });
    const connection = plainBun(db);
    const queue = defineQueue({ connection, logger: { error() {}, warn() {}, info() {}, debug() {} } });
    db.exec(`PRAGMA synchronous = ${sync}`);
    let t = performance.now();
    for (let i = 0; i < N; i++) queue.add("noop", { i });
    const enqueue = N / ((performance.now() - t) / 1000);
    // the same per-job steps plainjob's worker runs, without its idle polling sleeps
    const handler = async (_data: string) => {};
    t = performance.now();
    let done = 0;
    for (;;) {
      const claimed = queue.getAndMarkJobAsProcessing("noop") as unknown as { id: number } | undefined;
      if (!claimed) break;
      const job = queue.getJobById(claimed.id);
      await handler(job!.data);
      queue.markJobAsDone(job!.id);
      done++;
    }
    const cycle = done / ((performance.now() - t) / 1000);
    if (done !== N) throw new Error(`plainjob processed ${done} of ${N}`);
    queue.close();
    return { enqueue, cycle };
  } finally {
    tmp.cleanup();
  }
}

const rows: Array<Array<string | number>> = [];
for (const sync of SYNC_MODES) {
  const results: Record<string, { enqueue: number; cycle: number }> = {};
  for (const [name, run] of [
    ["plainjob", () => plainjob(sync)],
    ["claimcheck (concurrency 1)", () => ours(sync, 1)],
    ["claimcheck (concurrency 4)", () => ours(sync, 4)],
  ] as const) {
    let best = { enqueue: 0, cycle: 0 };
    await bestOf(2, async () => {
      const r = await run();
      best = { enqueue: Math.max(best.enqueue, r.enqueue), cycle: Math.max(best.cycle, r.cycle) };
      return r.cycle;
    });
    results[name] = best;
  }
  const base = results.plainjob!;
  for (const [name, r] of Object.entries(results)) {
    rows.push([
      sync,
      name,
      r.enqueue,
      `${(r.enqueue / base.enqueue).toFixed(2)}x`,
      r.cycle,
      `${(r.cycle / base.cycle).toFixed(2)}x`,
    ]);
  }
}
console.log(`job engine: ${N} jobs, no-op handler, best of 2 — ${machine()}`);
console.log(table(["synchronous", "engine", "enqueue/s", "vs plainjob", "claim+complete/s", "vs plainjob"], rows));
