/**
 * Job engine on PostgreSQL: claim+complete cycles/s with a no-op handler, one replica (this process)
 * and three (three processes on one database, FOR UPDATE SKIP LOCKED), beside pg-boss (a PostgreSQL job
 * queue for Node) on the same throwaway server in the same run: one fetch/complete loop and three, each
 * fetching 4 jobs at a time (our worker's concurrency). The server runs with fsync and synchronous
 * commits on, as in production. Every engine instance (pg-boss's, our bench process, each replica
 * process) first runs WARMUP jobs of another kind, untimed: what is measured is a running service's
 * throughput, not a fresh process compiling its code. Every engine is timed the same way, inside the
 * processes that do the work: from its first job claimed to its last job completed (for three replicas,
 * the earliest first claim to the latest last completion), so neither the start signal, the set-up nor
 * the report of a replica process counts. Each repetition runs every engine once, in the opposite order
 * of the repetition before, so a change of the machine's load (other work shares its two cores) falls on
 * both sides. Targets: claim+complete/s at or above pg-boss; three replicas at least 1.3x the best pg-boss
 * of the same repetition, in every repetition.
 *
 *   bun test/bench/jobs-postgres.ts [--jobs N] [--reps N]
 */
import { join } from "node:path";
import { PgBoss } from "pg-boss";
import type { JobEvents } from "../../src/jobs/job-handler.ts";
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

const arg = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]);
const N = arg("--jobs") || 5_000;
const REPS = arg("--reps") || 2;
const CONCURRENCY = 4;
/** untimed jobs of another kind each engine instance runs first (see the top of this file) */
const WARMUP = 200;
/** three replicas against the best pg-boss of the same repetition */
const REPLICAS_TARGET = 1.3;

/** `n` jobs of `kind` in one transaction, their inserts pipelined (set-up, not measured). */
export async function enqueueAll(db: Database, n = N, kind = "noop"): Promise<void> {
  const queue = new JobQueue(new JobStore(db), systemClock);
  await db.transaction(async (tx) => {
    await Promise.all(Array.from({ length: n }, (_, i) => queue.enqueue(kind, { i }, {}, tx)));
  });
}

/** Epoch milliseconds with sub-millisecond resolution, comparable between the bench's processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

/** What one engine instance did: jobs completed, and when its first job was claimed and its last completed. */
export interface Span {
  ran: number;
  firstClaimAt: number;
  lastDoneAt: number;
}

/** A worker of this process on `db` running `kind` no-op jobs, `concurrency` at a time. */
export function noopWorker(
  db: Database,
  kind: string,
  concurrency: number,
  events = new EventBus<JobEvents>(),
): Worker {
  const store = new JobStore(db);
  return new Worker({
    db,
    store,
    queue: new JobQueue(store, systemClock),
    clock: systemClock,
    events,
    logger: silentLogger,
    handlers: [{ kind, run: async () => undefined }],
    concurrency,
  });
}

/** Runs every due `noop` job through a worker of this process; its span from first claim to last completion. */
export async function timedDrain(db: Database, concurrency: number): Promise<Span> {
  const events = new EventBus<JobEvents>();
  let firstClaimAt = Number.POSITIVE_INFINITY;
  let lastDoneAt = Number.NEGATIVE_INFINITY;
  events.on("job.claimed", () => {
    firstClaimAt = Math.min(firstClaimAt, epochMs());
  });
  events.on("job.completed", () => {
    lastDoneAt = epochMs();
  });
  const ran = await noopWorker(db, "noop", concurrency, events).runOnce();
  return { ran, firstClaimAt, lastDoneAt };
}

/** Jobs per second over the spans of the instances that shared the work (earliest claim to latest completion). */
export function throughput(spans: readonly Span[], expected: number, what: string): number {
  const ran = spans.reduce((sum, s) => sum + s.ran, 0);
  if (ran !== expected) throw new Error(`${what} ran ${ran} of ${expected}`);
  const busy = spans.filter((s) => s.ran > 0);
  const from = Math.min(...busy.map((s) => s.firstClaimAt));
  const to = Math.max(...busy.map((s) => s.lastDoneAt));
  if (!(to > from)) throw new Error(`${what}: no time between its first claim and its last completion`);
  return ran / ((to - from) / 1000);
}

/** Run `n` untimed jobs of another kind through this process's worker code first (see the top of this file). */
export async function warmUp(db: Database, n: number, concurrency: number): Promise<void> {
  const kind = `warmup_${process.pid}`; // each replica warms up on its own jobs
  await enqueueAll(db, n, kind);
  const ran = await noopWorker(db, kind, concurrency).runOnce();
  if (ran !== n) throw new Error(`the warm-up ran ${ran} of ${n}`);
}

async function oursOne(url: string): Promise<number> {
  const db = await openStorage({ dbPath: "", databaseUrl: url });
  try {
    await warmUp(db, WARMUP, CONCURRENCY);
    await enqueueAll(db);
    return throughput([await timedDrain(db, CONCURRENCY)], N, "one replica");
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
      env: { ...process.env, DATABASE_URL: url, CONCURRENCY: String(CONCURRENCY), WARMUP: String(WARMUP) },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "inherit",
    }),
  );
  const readers = procs.map((p) => p.stdout.getReader());
  const dec = new TextDecoder();
  const outputs = procs.map(() => "");
  const readUntil = async (i: number, line: RegExp) => {
    while (!line.test(outputs[i]!)) {
      const { value, done } = await readers[i]!.read();
      if (done) throw new Error(`replica ${i} ended early: ${outputs[i]}`);
      outputs[i] += dec.decode(value);
    }
  };
  await Promise.all(procs.map((_, i) => readUntil(i, /^ready$/m)));
  for (const p of procs) {
    p.stdin.write("go\n");
    p.stdin.flush();
  }
  await Promise.all(procs.map((_, i) => readUntil(i, /^done .*\n/m)));
  await Promise.all(procs.map((p) => p.exited));
  const spans = outputs.map((o, i): Span => {
    const m = /done (\d+) (\S+) (\S+)/.exec(o);
    if (!m) throw new Error(`replica ${i} did not report its span: ${o}`);
    return { ran: Number(m[1]), firstClaimAt: Number(m[2]), lastDoneAt: Number(m[3]) };
  });
  const spread = (xs: number[]) => Math.round(Math.max(...xs) - Math.min(...xs));
  console.log(
    `(${replicas} replicas: first claims within ${spread(spans.map((s) => s.firstClaimAt))} ms of each other, last completions within ${spread(spans.map((s) => s.lastDoneAt))} ms; jobs ${spans.map((s) => s.ran).join(" / ")})`,
  );
  return throughput(spans, N, `${replicas} replicas`);
}

async function pgBoss(url: string, loops: number): Promise<number> {
  const boss = new PgBoss({ connectionString: url, schema: `pgboss_${loops}`, max: 10 });
  boss.on("error", () => {});
  await boss.start();
  try {
    const fill = async (queue: string, n: number) => {
      await boss.createQueue(queue);
      for (let i = 0; i < n; i += 1000)
        await boss.insert(
          queue,
          Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({ data: { i: i + k } })),
        );
    };
    const handler = async (_data: unknown) => {};
    const span: Span = { ran: 0, firstClaimAt: Number.POSITIVE_INFINITY, lastDoneAt: Number.NEGATIVE_INFINITY };
    const loop = async (queue: string) => {
      for (;;) {
        const jobs = await boss.fetch<{ i: number }>(queue, { batchSize: CONCURRENCY });
        if (jobs.length === 0) return;
        span.firstClaimAt = Math.min(span.firstClaimAt, epochMs());
        await Promise.all(jobs.map((j) => handler(j.data)));
        await boss.complete(
          queue,
          jobs.map((j) => j.id),
        );
        span.lastDoneAt = epochMs();
        span.ran += jobs.length;
      }
    };
    await fill("warmup", WARMUP);
    await Promise.all(Array.from({ length: loops }, () => loop("warmup")));
    await fill("noop", N);
    Object.assign(span, { ran: 0, firstClaimAt: Number.POSITIVE_INFINITY, lastDoneAt: Number.NEGATIVE_INFINITY });
    await Promise.all(Array.from({ length: loops }, () => loop("noop")));
    return throughput([span], N, "pg-boss");
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

if (import.meta.main) {
  const pg = await startPostgres({ durable: true });
  try {
    const BOSS_ONE = "pg-boss, 1 fetch/complete loop (batch 4)";
    const BOSS_THREE = "pg-boss, 3 loops (batch 4 each)";
    const OURS_ONE = "claimcheck, 1 replica (concurrency 4)";
    const OURS_THREE = "claimcheck, 3 replicas (processes, concurrency 4 each)";
    const runs: Array<[string, () => Promise<number>]> = [
      [BOSS_ONE, async () => pgBoss(await pg.createDatabase("boss"), 1)],
      [BOSS_THREE, async () => pgBoss(await pg.createDatabase("boss"), 3)],
      [OURS_ONE, async () => oursOne(await pg.createDatabase("ours"))],
      [OURS_THREE, async () => oursReplicas(await pg.createDatabase("ours"), 3)],
    ];
    // each repetition runs every engine once, in turn: one repetition's figures share the machine's load
    const reps: Array<Map<string, number>> = [];
    for (let rep = 0; rep < REPS; rep++) {
      const figures = new Map<string, number>();
      // forward, then backward: a load that rises or falls during a pair of repetitions weighs on both sides
      for (const [name, run] of rep % 2 === 0 ? runs : [...runs].reverse()) figures.set(name, await run());
      reps.push(figures);
    }
    const bossOf = (m: Map<string, number>) => Math.max(m.get(BOSS_ONE)!, m.get(BOSS_THREE)!);
    const best = new Map(runs.map(([name]) => [name, Math.max(...reps.map((m) => m.get(name)!))]));
    console.log(
      `job engine on PostgreSQL 15: ${N} jobs, no-op handler, fsync on, ${WARMUP} warm-up jobs first, each engine timed from its first claim to its last completion, ${REPS} repetitions (alternating the order) — ${machine()}`,
    );
    console.log(
      table(
        ["engine", ...reps.map((_, i) => `run ${i + 1}/s`), ...reps.map((_, i) => `run ${i + 1} vs pg-boss`), "best/s"],
        runs.map(([name]) => [
          name,
          ...reps.map((m) => m.get(name)!),
          ...reps.map((m) => `${(m.get(name)! / bossOf(m)).toFixed(2)}x`),
          best.get(name)!,
        ]),
      ),
    );
    const bossBest = bossOf(best);
    const oursBest = Math.max(best.get(OURS_ONE)!, best.get(OURS_THREE)!);
    console.log(
      oursBest >= bossBest
        ? `target met: claimcheck ${oursBest.toFixed(0)}/s >= pg-boss ${bossBest.toFixed(0)}/s`
        : `FAIL  target: claimcheck ${oursBest.toFixed(0)}/s < pg-boss ${bossBest.toFixed(0)}/s (MISSED)`,
    );
    const ratios = reps.map((m) => m.get(OURS_THREE)! / bossOf(m));
    const worst = Math.min(...ratios);
    const said = ratios.map((r) => `${r.toFixed(2)}x`).join(", ");
    console.log(
      worst >= REPLICAS_TARGET
        ? `target met: 3 replicas ${said} of the best pg-boss in each run (>= ${REPLICAS_TARGET}x)`
        : `FAIL  target: 3 replicas ${said} of the best pg-boss, one below ${REPLICAS_TARGET}x (MISSED)`,
    );
  } finally {
    pg.stop();
  }
}
