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
 * the report of a replica process counts. A repetition starts every engine, then runs SLICES rounds in
 * which each engine drains N jobs in turn (the order reversed every other round, and the first round's
 * order every other repetition); an engine's figure is its jobs over its busy time summed across its
 * slices, so a change of the machine's load (other work shares its two cores, in bursts of seconds) falls
 * on every engine alike. Each engine's database is analysed after every fill, untimed (see analyze): a running
 * service's tables have statistics. Targets: claim+complete/s at or above pg-boss; three replicas at least 1.3x the
 * best pg-boss of the same repetition, in every repetition.
 *
 *   bun test/bench/jobs-postgres.ts [--jobs N] [--reps N] [--slices N]
 */
import { readFileSync } from "node:fs";
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
import { childPidsOf } from "../chaos/service-process.ts";
import { startPostgres } from "../support/postgres.ts";
import { machine, table } from "./bench-util.ts";

const arg = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]);
const N = arg("--jobs") || 5_000;
const REPS = arg("--reps") || 2;
/** slices of N jobs each engine runs per repetition, interleaved with the other engines' */
const SLICES = arg("--slices") || 3;
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

/** Run `n` untimed jobs of another kind through this process's worker code first (see the top of this file). */
export async function warmUp(db: Database, n: number, concurrency: number): Promise<void> {
  const kind = `warmup_${process.pid}`; // each replica warms up on its own jobs
  await enqueueAll(db, n, kind);
  const ran = await noopWorker(db, kind, concurrency).runOnce();
  if (ran !== n) throw new Error(`the warm-up ran ${ran} of ${n}`);
}

/** CPU ticks (1/100 s) of a process, read from /proc: its own, and with `reaped` its waited-for children's too. */
function cpuTicks(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    return f[11]! + f[12]! + (reaped ? f[13]! + f[14]! : 0);
  } catch {
    return 0; // the process ended: its time is in its parent's reaped ticks
  }
}

/** The PostgreSQL server's CPU so far: the postmaster, the backends it reaped and the ones still running. */
function postgresTicks(postmaster: number): number {
  return childPidsOf(postmaster).reduce((ticks, backend) => ticks + cpuTicks(backend), cpuTicks(postmaster, true));
}

/** CPU milliseconds spent by the engines' processes and by PostgreSQL while `drain` ran. */
interface CpuUse {
  client: number;
  db: number;
}
let postmasterPid = 0;
async function metered<T>(clientPids: readonly number[], drain: () => Promise<T>, into: CpuUse): Promise<T> {
  const client = () => clientPids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
  const [c0, d0] = [client(), postgresTicks(postmasterPid)];
  const out = await drain();
  into.client += (client() - c0) * 10;
  into.db += (postgresTicks(postmasterPid) - d0) * 10;
  return out;
}

/**
 * One engine under test, kept running through a repetition: started (and warmed up) once, then timed over
 * several slices of N jobs each, its slices interleaved with the other engines' (see runRepetition).
 */
interface Engine {
  start(): Promise<void>;
  /**
   * Put N due jobs in its queue and run them; the slice's jobs and busy milliseconds (first claim to last
   * completion). The CPU its processes and PostgreSQL spend on the run (not on the filling) is added to `cpu`.
   */
  slice(cpu: CpuUse): Promise<{ ran: number; ms: number }>;
  stop(): Promise<void>;
}

/** The busy time of one slice: the earliest first claim to the latest last completion of the instances that worked. */
export function busyOf(spans: readonly Span[], expected: number, what: string): { ran: number; ms: number } {
  const ran = spans.reduce((sum, s) => sum + s.ran, 0);
  if (ran !== expected) throw new Error(`${what} ran ${ran} of ${expected}`);
  const busy = spans.filter((s) => s.ran > 0);
  const from = Math.min(...busy.map((s) => s.firstClaimAt));
  const to = Math.max(...busy.map((s) => s.lastDoneAt));
  if (!(to > from)) throw new Error(`${what}: no time between its first claim and its last completion`);
  return { ran, ms: to - from };
}

function oursOne(url: string): Engine {
  let db: Database | null = null;
  return {
    async start() {
      db = await openStorage({ dbPath: "", databaseUrl: url });
      await warmUp(db, WARMUP, CONCURRENCY);
    },
    async slice(cpu) {
      await enqueueAll(db!);
      await db!.exec("ANALYZE");
      return busyOf([await metered([process.pid], () => timedDrain(db!, CONCURRENCY), cpu)], N, "one replica");
    },
    async stop() {
      await db?.close();
    },
  };
}

/** Replica processes (jobs-postgres-replica.ts): each answers "go" with a drain and its span, "exit" by leaving. */
function oursReplicas(url: string, replicas: number): Engine {
  let db: Database | null = null;
  let procs: Array<Bun.Subprocess<"pipe", "pipe", "inherit">> = [];
  let readers: Array<ReadableStreamDefaultReader<Uint8Array>> = [];
  let outputs: string[] = [];
  const dec = new TextDecoder();
  /** The next line matching `line` from replica `i`, consumed. */
  const nextLine = async (i: number, line: RegExp): Promise<RegExpExecArray> => {
    for (;;) {
      const m = line.exec(outputs[i]!);
      if (m) {
        outputs[i] = outputs[i]!.slice(m.index + m[0].length);
        return m;
      }
      const { value, done } = await readers[i]!.read();
      if (done) throw new Error(`replica ${i} ended early: ${outputs[i]}`);
      outputs[i] += dec.decode(value);
    }
  };
  const say = (word: string) => {
    for (const p of procs) {
      p.stdin.write(`${word}\n`);
      p.stdin.flush();
    }
  };
  return {
    async start() {
      db = await openStorage({ dbPath: "", databaseUrl: url });
      procs = Array.from({ length: replicas }, () =>
        Bun.spawn([process.execPath, join(import.meta.dir, "jobs-postgres-replica.ts")], {
          env: { ...process.env, DATABASE_URL: url, CONCURRENCY: String(CONCURRENCY), WARMUP: String(WARMUP) },
          stdin: "pipe",
          stdout: "pipe",
          stderr: "inherit",
        }),
      );
      readers = procs.map((p) => p.stdout.getReader());
      outputs = procs.map(() => "");
      await Promise.all(procs.map((_, i) => nextLine(i, /^ready\n/m)));
    },
    async slice(cpu) {
      await enqueueAll(db!);
      await db!.exec("ANALYZE");
      const spans = await metered(
        procs.map((p) => p.pid),
        () => {
          say("go");
          return Promise.all(
            procs.map(async (_, i): Promise<Span> => {
              const m = await nextLine(i, /^done (\d+) (\S+) (\S+)\n/m);
              return { ran: Number(m[1]), firstClaimAt: Number(m[2]), lastDoneAt: Number(m[3]) };
            }),
          );
        },
        cpu,
      );
      const spread = (xs: number[]) => Math.round(Math.max(...xs) - Math.min(...xs));
      console.log(
        `(${replicas} replicas: first claims within ${spread(spans.map((s) => s.firstClaimAt))} ms of each other, last completions within ${spread(spans.map((s) => s.lastDoneAt))} ms; jobs ${spans.map((s) => s.ran).join(" / ")})`,
      );
      return busyOf(spans, N, `${replicas} replicas`);
    },
    async stop() {
      say("exit");
      await Promise.all(procs.map((p) => p.exited));
      await db?.close();
    },
  };
}

/**
 * Fresh statistics for every table of the database at `url`, as autovacuum gives a running service within
 * a minute of a change this size (the bench's databases live seconds): untimed, after each fill, for every
 * engine. Without them the planner knows only that the tables were empty a moment ago, and a plan cached
 * then (a prepared statement's generic plan) scans whole tables and indexes for every batch.
 */
async function analyze(url: string): Promise<void> {
  const sql = new Bun.SQL({ url, max: 1 });
  try {
    await sql.unsafe("ANALYZE");
  } finally {
    await sql.close();
  }
}

function pgBoss(url: string, loops: number): Engine {
  const boss = new PgBoss({ connectionString: url, schema: `pgboss_${loops}`, max: 10 });
  boss.on("error", () => {});
  const fill = async (queue: string, n: number) => {
    for (let i = 0; i < n; i += 1000)
      await boss.insert(
        queue,
        Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({ data: { i: i + k } })),
      );
  };
  const handler = async (_data: unknown) => {};
  /** Every loop fetching `queue` until it is empty; their common span. */
  const drain = async (queue: string): Promise<Span> => {
    const span: Span = { ran: 0, firstClaimAt: Number.POSITIVE_INFINITY, lastDoneAt: Number.NEGATIVE_INFINITY };
    const loop = async () => {
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
    await Promise.all(Array.from({ length: loops }, loop));
    return span;
  };
  return {
    async start() {
      await boss.start();
      await boss.createQueue("warmup");
      await boss.createQueue("noop");
      await fill("warmup", WARMUP);
      await drain("warmup");
    },
    async slice(cpu) {
      await fill("noop", N);
      await analyze(url);
      return busyOf([await metered([process.pid], () => drain("noop"), cpu)], N, "pg-boss");
    },
    async stop() {
      await boss.stop({ graceful: false, close: true });
    },
  };
}

/**
 * One repetition: every engine started, then SLICES rounds in which each engine runs one slice in turn (the
 * order reversed every other round), then every engine stopped. An engine's figure is its jobs over its busy
 * time summed across its slices, so a burst of other work on the machine, which lasts seconds, falls on
 * every engine's slices alike instead of on whichever engine was running then.
 */
async function runRepetition(
  engines: ReadonlyArray<[string, Engine]>,
  reversed: boolean,
): Promise<{ rates: Map<string, number>; cpuPerThousand: Map<string, CpuUse> }> {
  const totals = new Map(engines.map(([name]) => [name, { ran: 0, ms: 0, cpu: { client: 0, db: 0 } }]));
  const started: Engine[] = [];
  try {
    for (const [, engine] of engines) {
      await engine.start();
      started.push(engine);
    }
    for (let round = 0; round < SLICES; round++) {
      const forward = (round % 2 === 0) !== reversed;
      for (const [name, engine] of forward ? engines : [...engines].reverse()) {
        const t = totals.get(name)!;
        const { ran, ms } = await engine.slice(t.cpu);
        t.ran += ran;
        t.ms += ms;
      }
    }
  } finally {
    for (const engine of started) await engine.stop();
  }
  const perThousand = (t: { ran: number; cpu: CpuUse }): CpuUse => ({
    client: (t.cpu.client / t.ran) * 1000,
    db: (t.cpu.db / t.ran) * 1000,
  });
  return {
    rates: new Map([...totals].map(([name, t]) => [name, t.ran / (t.ms / 1000)])),
    cpuPerThousand: new Map([...totals].map(([name, t]) => [name, perThousand(t)])),
  };
}

if (import.meta.main) {
  const pg = await startPostgres({ durable: true });
  try {
    const BOSS_ONE = "pg-boss, 1 fetch/complete loop (batch 4)";
    const BOSS_THREE = "pg-boss, 3 loops (batch 4 each)";
    const OURS_ONE = "claimcheck, 1 replica (concurrency 4)";
    const OURS_THREE = "claimcheck, 3 replicas (processes, concurrency 4 each)";
    const runs: Array<[string, () => Promise<Engine>]> = [
      [BOSS_ONE, async () => pgBoss(await pg.createDatabase("boss"), 1)],
      [BOSS_THREE, async () => pgBoss(await pg.createDatabase("boss"), 3)],
      [OURS_ONE, async () => oursOne(await pg.createDatabase("ours"))],
      [OURS_THREE, async () => oursReplicas(await pg.createDatabase("ours"), 3)],
    ];
    // each repetition starts every engine on a database of its own and interleaves their slices
    postmasterPid = pg.postmasterPid();
    const reps: Array<Map<string, number>> = [];
    const cpus: Array<Map<string, CpuUse>> = [];
    for (let rep = 0; rep < REPS; rep++) {
      const engines: Array<[string, Engine]> = [];
      for (const [name, make] of runs) engines.push([name, await make()]);
      const { rates, cpuPerThousand } = await runRepetition(engines, rep % 2 === 1);
      reps.push(rates);
      cpus.push(cpuPerThousand);
    }
    const bossOf = (m: Map<string, number>) => Math.max(m.get(BOSS_ONE)!, m.get(BOSS_THREE)!);
    const best = new Map(runs.map(([name]) => [name, Math.max(...reps.map((m) => m.get(name)!))]));
    console.log(
      `job engine on PostgreSQL 15: ${SLICES} slices of ${N} jobs per engine and repetition, interleaved, no-op handler, fsync on, ${WARMUP} warm-up jobs first, each slice timed from its first claim to its last completion, ${REPS} repetitions — ${machine()}`,
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
    // CPU per job does not depend on the other work sharing the machine; jobs/s does
    console.log(
      "CPU per 1,000 jobs (ms, from /proc): the engine's own processes / the PostgreSQL server, while they ran",
    );
    console.log(
      table(
        ["engine", ...cpus.map((_, i) => `run ${i + 1}`)],
        runs.map(([name]) => [
          name,
          ...cpus.map((m) => `${m.get(name)!.client.toFixed(0)} / ${m.get(name)!.db.toFixed(0)}`),
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
