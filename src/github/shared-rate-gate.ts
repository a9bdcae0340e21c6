import { hostname } from "node:os";
import { type Clock, systemClock } from "../lib/clock.ts";
import { errorMessage } from "../lib/errors.ts";
import { type Logger, silentLogger } from "../lib/log.ts";
import type { Database } from "../storage/database.ts";
import { dialectOf } from "../storage/sql-database.ts";
import { processRateGate, RateGate, type RateGateState, type RateGateStore, reserveOf } from "./rate-gate.ts";
import type { RateLimitSnapshot } from "./rate-limit-policy.ts";
import {
  dropReplica,
  mergeShared,
  pruneRateGate,
  type SharedPart,
  sameShared,
  syncShared,
  writeShared,
} from "./shared-rate-gate-store.ts";

export interface SharedRateGateOptions {
  clock?: Clock;
  logger?: Logger;
  /** this replica's name in the in-flight rows (default host:pid:random) */
  replica?: string;
  /** how old the local mirror of a budget may get before a read refreshes it (default 250 ms) */
  refreshMs?: number;
  /** a replica whose heartbeat is older stops counting (default 30 s) */
  expiryMs?: number;
  /** after a database error, how long the gate runs on local state before trying again (default 5 s) */
  retryMs?: number;
  /** refresh budgets with unwritten changes every `refreshMs` on a timer (default true) */
  autoSync?: boolean;
}

interface Mirror extends SharedPart {
  /** this replica's requests in flight */
  own: number;
  /** the other live replicas' requests in flight, as of `refreshedAt` */
  others: number;
  refreshedAt: number;
  /** `own` as last written to the database (0 before: no row) */
  written: number;
  /** a lower remaining not yet written (far from the reserve: it waits for the next refresh) */
  dirty: boolean;
  beatAt: number;
}

/**
 * The rate-limit gate's state shared by every replica on one PostgreSQL database: per budget,
 * the newest window GitHub reported and the secondary-limit pause (github_rate_gate), and per budget and
 * replica the requests in flight with a heartbeat (github_rate_gate_flights), summed over live replicas.
 *
 * Cost: the gate runs on every GitHub request, so this store keeps a local mirror per budget and talks
 * to the database in single statements: a read older than `refreshMs` refreshes the mirror (writing this
 * replica's in-flight count and heartbeat in the same statement); a change of the shared part (a new
 * window, a later pause, a lower remaining near the reserve) is written through at once and the merged
 * row comes back in the answer; far from the reserve (most answers) a lower remaining, an admit and a
 * release change only the mirror, which the next refresh or a timer writes within `refreshMs`. Near the
 * reserve (nearReserve: the last 200 of 5,000) an admit also writes its count and reads the others' in
 * one statement, so a request there costs about two statements instead of none.
 *
 * Bound: near the reserve the replicas overshoot only by admits that cross within one statement's round
 * trip. Above it a replica sees the others' windows and in-flight counts up to two refresh intervals
 * late (their write, its read), which decides nothing while 150 requests separate the window from the
 * reserve, except for a replica that enters the last stretch late: within that lag it may admit what it
 * can start in it, at most its WORKER_CONCURRENCY x GITHUB_CONCURRENCY (32 by default). So the replicas
 * together may admit, beyond what one process would, about (replicas - 1) x 32 requests, which the
 * stretch (150) and then the reserve (1 % of the limit, 50 of 5,000) absorb. Heartbeats use each
 * replica's clock: skew well below the expiry (30 s) is harmless.
 *
 * The database unreachable (or a statement failing): the gate goes on with this replica's own state, as
 * one process would (the others' in-flight requests count no more), logs once, and retries after `retryMs`.
 */
export class SharedRateGateStore implements RateGateStore {
  readonly replica: string;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly refreshMs: number;
  readonly expiryMs: number;
  private readonly retryMs: number;
  private readonly mirrors = new Map<string, Mirror>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private failedUntil = 0;
  private degraded = false;

  constructor(
    private readonly db: Database,
    opts: SharedRateGateOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.log = opts.logger ?? silentLogger;
    this.replica = opts.replica ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
    this.refreshMs = opts.refreshMs ?? 250;
    this.expiryMs = opts.expiryMs ?? 30_000;
    this.retryMs = opts.retryMs ?? 5_000;
    if (opts.autoSync !== false) {
      this.timer = setInterval(() => this.sync(), this.refreshMs);
      this.timer.unref();
    }
  }

  read(budget: string): RateGateState {
    const m = this.mirror(budget);
    if (this.clock.now() - m.refreshedAt >= this.refreshMs) this.refresh(budget, m);
    return this.stateOf(m);
  }

  update(budget: string, change: (s: RateGateState) => RateGateState): RateGateState {
    let before = this.read(budget);
    let next = change(before);
    const m = this.mirror(budget);
    let added = next.inFlight - before.inFlight;
    // an admit, or a change that changed nothing (the gate's refusal returns the state it was given)
    if ((added > 0 || next === before) && nearReserve(m.window, this.clock.now())) {
      // near the reserve it is decided on the others' counts of now, an admit already written for them
      // to see (one statement); an admit refused on the fresh counts is corrected by the next sync()
      m.own += added;
      this.refresh(budget, m);
      m.own -= added;
      before = this.stateOf(m);
      next = change(before);
      added = next.inFlight - before.inFlight;
      m.own = Math.max(0, m.own + added);
      if (added > 0 && m.own !== m.written) this.refresh(budget, m); // admitted after all: written now
    } else m.own = Math.max(0, m.own + added);
    const part: SharedPart = { window: next.window, pausedUntil: next.pausedUntil };
    if (!sameShared(part, before)) {
      const urgent =
        part.pausedUntil > before.pausedUntil || !lowerFarFromReserve(before.window, part.window, this.clock.now());
      m.window = part.window;
      m.pausedUntil = part.pausedUntil;
      // unwritten (deferred, or the database failing): the next refresh merges it in
      m.dirty = !urgent || !this.attempt(() => Object.assign(m, writeShared(this.db, budget, part, this.clock.now())));
    }
    return this.stateOf(m);
  }

  private stateOf(m: Mirror): RateGateState {
    return { window: m.window, inFlight: m.own + m.others, pausedUntil: m.pausedUntil };
  }

  /**
   * Writes the in-flight counts that changed since they were last written (and heartbeats of budgets
   * with requests in flight), refreshing those mirrors: the timer's work, callable by tests.
   */
  sync(): void {
    const now = this.clock.now();
    for (const [budget, m] of this.mirrors)
      if (m.dirty || m.own !== m.written || (m.own > 0 && now - m.beatAt >= this.expiryMs / 3)) this.refresh(budget, m);
  }

  /** Retention (the maintenance loop, one replica at a time): stale heartbeats, windows long past. */
  prune(): { replicas: number; windows: number } {
    return pruneRateGate(this.db, this.clock.now(), this.expiryMs);
  }

  /** Stops the timer and removes this replica's in-flight rows (a stopping replica sends nothing more). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.attempt(() => dropReplica(this.db, this.replica));
  }

  private mirror(budget: string): Mirror {
    let m = this.mirrors.get(budget);
    if (!m) {
      m = {
        window: null,
        pausedUntil: 0,
        own: 0,
        others: 0,
        refreshedAt: -Infinity,
        written: 0,
        beatAt: -Infinity,
        dirty: false,
      };
      this.mirrors.set(budget, m);
    }
    return m;
  }

  private refresh(budget: string, m: Mirror): void {
    const now = this.clock.now();
    m.refreshedAt = now;
    const ok = this.attempt(() => {
      // a replica with nothing in flight and no row writes nothing: a read only
      const own = m.own === 0 && m.written === 0 ? null : m.own;
      const shared = syncShared(this.db, {
        budget,
        replica: this.replica,
        ownInFlight: own,
        now,
        aliveSince: now - this.expiryMs,
      });
      if (own !== null) {
        m.written = own;
        m.beatAt = now;
      }
      m.others = shared.others;
      const merged = mergeShared(shared, m);
      // what this replica learnt while the database was away, or a pause: written back
      if (!sameShared(merged, shared)) Object.assign(m, writeShared(this.db, budget, merged, now));
      else Object.assign(m, merged);
      m.dirty = false;
    });
    if (!ok) m.others = 0;
  }

  /** Runs a database step unless the database failed within `retryMs` (or a transaction is open). */
  private attempt(step: () => void): boolean {
    const now = this.clock.now();
    if (now < this.failedUntil || this.db.inTransaction) return false;
    try {
      step();
    } catch (err) {
      this.failedUntil = now + this.retryMs;
      if (!this.degraded)
        this.log.warn("GitHub rate-limit gate: the database failed; this replica gates on its own state", {
          error: errorMessage(err),
        });
      this.degraded = true;
      return false;
    }
    if (this.degraded) this.log.info("GitHub rate-limit gate: shared through the database again");
    this.degraded = false;
    return true;
  }
}

/**
 * The last stretch of a window: at most 3 reserves (at least 100 requests) above the reserve, 200 of
 * 5,000. There every admit and every lower remaining goes to the database at once; above it a lag of a
 * refresh interval or two changes no decision.
 */
export function nearReserve(w: RateLimitSnapshot | null, now: number): boolean {
  if (!w || now >= w.resetAt) return false;
  const reserve = reserveOf(w.limit);
  return w.remaining <= reserve + Math.max(3 * reserve, 100);
}

/** Whether `next` only lowers the remaining of the same window, far from the reserve: it may wait. */
function lowerFarFromReserve(prev: RateLimitSnapshot | null, next: RateLimitSnapshot | null, now: number): boolean {
  if (!prev || !next || prev.resetAt !== next.resetAt || prev.limit !== next.limit) return false;
  return next.remaining < prev.remaining && !nearReserve(next, now);
}

/**
 * The gate for a service on `db`: on PostgreSQL (several replicas may share one token) one over the
 * database, on SQLite (one process) the process's in-memory gate. `close()` ends the shared store.
 */
export function createRateGate(
  db: Database,
  opts: Omit<SharedRateGateOptions, "clock"> = {},
): { gate: RateGate; store: SharedRateGateStore | null; close(): void } {
  if (dialectOf(db) !== "postgres") return { gate: processRateGate, store: null, close: () => {} };
  const store = new SharedRateGateStore(db, opts);
  return { gate: new RateGate(store), store, close: () => store.close() };
}
