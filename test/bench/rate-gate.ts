/**
 * What the rate-limit gate shared through PostgreSQL costs per GitHub request: the gate's own
 * work for one request (admit, record the answer's window, release), in a tight loop on one budget, with
 * the in-memory store (one process, SQLite) and the shared store on a throwaway PostgreSQL server with
 * fsync and synchronous commits on, as in production. The statements are counted. The calling thread
 * waits for each statement (the synchronous bridge), so the time is what a request holds the event loop.
 *
 *   bun test/bench/rate-gate.ts [--requests N]
 *
 * Rows: answers that change nothing shared (304s); answers that lower the remaining far above the reserve
 * (most 200s: written with the next refresh) and near it (written through at once); the same with the
 * clock moving one refresh interval (250 ms) per request, so every request also refreshes the mirror (a
 * budget used rarely: the most statements a request can cost); and near the reserve with the tables made
 * LOGGED, to show what UNLOGGED saves (a WAL flush per write).
 */
import { MemoryRateGateStore, RateGate, type RateGateStore } from "../../src/github/rate-gate.ts";
import { SharedRateGateStore } from "../../src/github/shared-rate-gate.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { openStorage } from "../../src/storage/backend.ts";
import type { PostgresDatabase } from "../../src/storage/postgres/postgres-database.ts";
import { startPostgres } from "../support/postgres.ts";
import { machine, percentile, table } from "./bench-util.ts";

const N = Number(process.argv[process.argv.indexOf("--requests") + 1]) || 3_000;
const RUNS = 3;

let budgetNo = 0;

interface Workload {
  /** remaining of the first answer (limit 1,000,000: reserve 10,000, "near" below 30,000) */
  from: number;
  /** every answer one lower (a spending budget) or the same (304s) */
  lowers: boolean;
  /** the clock moves this far per request (0: many requests per refresh interval) */
  stepMs: number;
}

/** N requests through the gate; µs per request (median of RUNS runs, p99 of the last) and statements. */
async function measure(store: (clock: ManualClock) => RateGateStore, w: Workload, db: PostgresDatabase | null) {
  const perRun: number[] = [];
  let p99 = 0;
  let statements = 0;
  for (let run = 0; run < RUNS; run++) {
    const clock = new ManualClock(Date.now());
    const gate = new RateGate(store(clock), { clock });
    const budget = `https://bench.invalid:b${++budgetNo}:core`;
    const resetAt = clock.now() + 3_600_000 + N * w.stepMs;
    const before = db?.statementsSent ?? 0;
    const each: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const s = performance.now();
      await gate.admit(budget);
      gate.record(budget, { limit: 1_000_000, remaining: w.lowers ? w.from - i : w.from, resetAt });
      gate.release(budget);
      each.push(performance.now() - s);
      clock.advance(w.stepMs);
    }
    perRun.push(((performance.now() - t0) * 1000) / N);
    each.sort((a, b) => a - b);
    p99 = percentile(each, 99) * 1000;
    statements = ((db?.statementsSent ?? 0) - before) / N;
  }
  perRun.sort((a, b) => a - b);
  return { us: perRun[Math.floor(RUNS / 2)]!, p99, statements };
}

const server = await startPostgres({ durable: true });
const stores: SharedRateGateStore[] = [];
try {
  // every statement sent is counted (statementsSent), in transactions too
  const db = (await openStorage({
    dbPath: "",
    databaseUrl: await server.createDatabase("rategate"),
  })) as PostgresDatabase;
  const shared = (clock: ManualClock) => {
    const s = new SharedRateGateStore(db, { clock, autoSync: false });
    stores.push(s);
    return s;
  };
  const rows: Array<Array<string | number>> = [];
  const row = async (what: string, store: (clock: ManualClock) => RateGateStore, w: Workload, counted = true) => {
    const r = await measure(store, w, counted ? db : null);
    rows.push([what, r.us, r.p99, counted ? r.statements : 0]);
  };
  const far = 900_000;
  const near = 29_000;
  await row(
    "memory (SQLite, one process)",
    () => new MemoryRateGateStore(),
    { from: far, lowers: true, stepMs: 0 },
    false,
  );
  await row("shared: answers that change nothing (304s)", shared, { from: far, lowers: false, stepMs: 0 });
  await row("shared: each answer lowers remaining, far from the reserve", shared, {
    from: far,
    lowers: true,
    stepMs: 0,
  });
  await row("shared: each answer lowers remaining, near the reserve", shared, { from: near, lowers: true, stepMs: 0 });
  await row("shared: one request per refresh interval, far", shared, { from: far, lowers: true, stepMs: 250 });
  await row("shared: one request per refresh interval, near", shared, { from: near, lowers: true, stepMs: 250 });
  await db.exec("ALTER TABLE github_rate_gate SET LOGGED; ALTER TABLE github_rate_gate_flights SET LOGGED");
  await row("(tables LOGGED) near the reserve", shared, { from: near, lowers: true, stepMs: 0 });
  console.log(`rate-limit gate per GitHub request, ${N} requests x ${RUNS} runs, median run; ${machine()}`);
  console.log("PostgreSQL: throwaway local server, fsync and synchronous_commit on");
  console.log(table(["store, workload", "µs/request", "p99 µs", "statements/request"], rows));
  for (const s of stores) await s.close();
  await db.close();
} finally {
  server.stop();
}
