/**
 * Job engine on PostgreSQL: claim+complete cycles/s with a no-op handler, one replica (this process)
 * and three (three processes on one database, FOR UPDATE SKIP LOCKED), beside pg-boss (a PostgreSQL job
 * queue for Node) on the same throwaway server in the same run: one fetch/complete loop and three, each
 * fetching 4 jobs at a time (our worker's concurrency). The server runs with fsync and synchronous
 * commits on, as in production. Target: claim+complete/s at or above pg-boss.
 *
 *   bun test/bench/jobs-postgres.ts [--jobs N]
 */
import { join } from "node:path";
import { PgBoss } from "pg-boss";
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { JobStore } from "../../src/jobs/job-store.ts";
import { Worker } from "../../src/jobs/worker.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import { startPostgres } from "../support/postgres.ts";
import { machine, table } from "./bench-util.ts";

const N = Number(process.argv[process.argv.indexOf("--jobs") + 1]) || 5_000;
const CONCURRENCY = 4;

/** N jobs in one transaction, their inserts pipelined (set-up, not measured). */
async function enqueueAll(db: Database): Promise<void> {
  const queue = new JobQueue(new JobStore(db), systemClock);
  await db.transaction(async (tx) => {
    await Promise.all(Array.from({ length: N }, (_, i) => queue.enqueue("noop", { i }, {}, tx)));
  });
}

async function oursOne(url: string): Promise<number> {
  const db = await openStorage({ dbPath: "", databaseUrl: url });
  try {
    await enqueueAll(db);
    const store = new JobStore(db);
    const worker = new Worker({
      db,
      store,
      queue: new JobQueue(store, systemClock),
      clock: systemClock,
      events: new EventBus(),
      logger: silentLogger,
      handlers: [{ kind: "noop", run: async () => undefined }],
      concurrency: CONCURRENCY,
    });
    const t = performance.now();
    const done = await worker.runOnce();
    if (done !== N) throw new Error(`one replica ran ${done} of ${N}`);
    return done / ((performance.now() - t) / 1000);
  } finally {
    await db.close();
  }
}

async function oursReplicas(url: string, replicas: number): Promise<number> {
  const db = await openStorage({ dbPath: "", databaseUrl: url });
  try {
    await enqueueAll(db);
  } finally {
    await db.close();
  }
  const procs = Array.from({ length: replicas }, () =>
    Bun.spawn([process.execPath, join(import.meta.dir, "jobs-postgres-replica.ts")], {
      env: { ...process.env, DATABASE_URL: url, CONCURRENCY: String(CONCURRENCY) },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "inherit",
    }),
  );
  const readers = procs.map((p) => p.stdout.getReader());
  const dec = new TextDecoder();
  const outputs = procs.map(() => "");
  const readUntil = async (i: number, word: string) => {
    while (!outputs[i]!.includes(word)) {
      const { value, done } = await readers[i]!.read();
      if (done) throw new Error(`replica ${i} ended early: ${outputs[i]}`);
      outputs[i] += dec.decode(value);
    }
  };
  await Promise.all(procs.map((_, i) => readUntil(i, "ready")));
  const t = performance.now();
  for (const p of procs) {
    p.stdin.write("go\n");
    p.stdin.flush();
  }
  await Promise.all(procs.map((_, i) => readUntil(i, "done")));
  const seconds = (performance.now() - t) / 1000;
  await Promise.all(procs.map((p) => p.exited));
  const total = outputs.reduce((sum, o) => sum + Number(/done (\d+)/.exec(o)?.[1] ?? 0), 0);
  if (total !== N) throw new Error(`${replicas} replicas ran ${total} of ${N}`);
  return total / seconds;
}

async function pgBoss(url: string, loops: number): Promise<number> {
  const boss = new PgBoss({ connectionString: url, schema: `pgboss_${loops}`, max: 10 });
  boss.on("error", () => {});
  await boss.start();
  try {
    await boss.createQueue("noop");
    for (let i = 0; i < N; i += 1000)
      await boss.insert(
        "noop",
        Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({ data: { i: i + k } })),
      );
    const handler = async (_data: unknown) => {};
    let done = 0;
    const loop = async () => {
      for (;;) {
        const jobs = await boss.fetch<{ i: number }>("noop", { batchSize: CONCURRENCY });
        if (jobs.length === 0) return;
        await Promise.all(jobs.map((j) => handler(j.data)));
        await boss.complete(
          "noop",
          jobs.map((j) => j.id),
        );
        done += jobs.length;
      }
    };
    const t = performance.now();
    await Promise.all(Array.from({ length: loops }, loop));
    if (done !== N) throw new Error(`pg-boss ran ${done} of ${N}`);
    return done / ((performance.now() - t) / 1000);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

const pg = await startPostgres({ durable: true });
try {
  const runs: Array<[string, () => Promise<number>]> = [
    ["pg-boss, 1 fetch/complete loop (batch 4)", async () => pgBoss(await pg.createDatabase("boss"), 1)],
    ["pg-boss, 3 loops (batch 4 each)", async () => pgBoss(await pg.createDatabase("boss"), 3)],
    ["claimcheck, 1 replica (concurrency 4)", async () => oursOne(await pg.createDatabase("ours"))],
    [
      "claimcheck, 3 replicas (processes, concurrency 4 each)",
      async () => oursReplicas(await pg.createDatabase("ours"), 3),
    ],
  ];
  const results = new Map<string, number>();
  for (const [name, run] of runs) {
    let best = 0;
    for (let rep = 0; rep < 2; rep++) best = Math.max(best, await run());
    results.set(name, best);
  }
  const bossBest = Math.max(...[...results].filter(([n]) => n.startsWith("pg-boss")).map(([, v]) => v));
  console.log(`job engine on PostgreSQL 15: ${N} jobs, no-op handler, fsync on, best of 2 — ${machine()}`);
  console.log(
    table(
      ["engine", "claim+complete/s", "vs best pg-boss"],
      [...results].map(([name, v]) => [name, v, `${(v / bossBest).toFixed(2)}x`]),
    ),
  );
  const oursBest = Math.max(...[...results].filter(([n]) => n.startsWith("claimcheck")).map(([, v]) => v));
  console.log(
    oursBest >= bossBest
      ? `target met: claimcheck ${oursBest.toFixed(0)}/s >= pg-boss ${bossBest.toFixed(0)}/s`
      : `FAIL  target: claimcheck ${oursBest.toFixed(0)}/s < pg-boss ${bossBest.toFixed(0)}/s (MISSED)`,
  );
} finally {
  pg.stop();
}
