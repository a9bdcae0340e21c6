import { hostname } from "node:os";
import { type Clock, type Logger, silentLogger, systemClock } from "../lib/index.ts";
import type { Database } from "../storage/index.ts";
import { processRateGate, RateGate, type RateGateState, type RateGateStore } from "./rate-gate.ts";
import { DatabaseFallback, emptyMirror, type Mirror, mirrorState } from "./shared-rate-gate-local.ts";
import {
  dropReplica,
  lowerFarFromReserve,
  mergeShared,
  nearReserve,
  pruneRateGate,
  type SharedPart,
  sameShared,
  syncShared,
  writeOwn,
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

/**
 * The rate-limit gate's state shared by every replica on one PostgreSQL database: per budget, the newest
 * window GitHub reported and the secondary-limit pause (github_rate_gate), and per budget and replica the
 * requests in flight with a heartbeat (github_rate_gate_flights), summed over live replicas.
 *
 * Cost: the gate runs on every GitHub request, so this store keeps a local mirror per budget and never
 * makes a request wait for the database far from the reserve: a read older than `refreshMs` refreshes
 * the mirror in the background (writing this replica's in-flight count and heartbeat in the same
 * statement), an admit on a mirror that old first awaits that refresh; a change of the shared part (a new
 * window, a later pause, a lower remaining near the reserve) is written through at once in the
 * background and the merged row comes back in the answer; far from the reserve (most answers) a lower
 * remaining, an admit and a release change only the mirror, which the next refresh or a timer writes
 * within `refreshMs`.
 *
 * Near the reserve (nearReserve: the last 200 of 5,000) an admit is decided in a transaction under the
 * budget's lock (an advisory lock, on every replica): it reads the shared window and the other replicas'
 * in-flight counts as they are, decides, and writes this replica's count before the lock is released. So
 * admits near the reserve are exact across replicas, whatever the event loop of each does meanwhile; the
 * one lag left is a replica that enters the last stretch with requests admitted above it and not written
 * yet (within `refreshMs`): at most its WORKER_CONCURRENCY x GITHUB_CONCURRENCY (32 by default), which the
 * stretch (150) and then the reserve (1 % of the limit, 50 of 5,000) absorb. Heartbeats use each replica's
 * clock: skew well below the expiry (30 s) is harmless.
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
  private readonly fallback: DatabaseFallback;
  private readonly mirrors = new Map<string, Mirror>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    opts: SharedRateGateOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.log = opts.logger ?? silentLogger;
    this.replica = opts.replica ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
    this.refreshMs = opts.refreshMs ?? 250;
    this.expiryMs = opts.expiryMs ?? 30_000;
    this.fallback = new DatabaseFallback(this.clock, this.log, opts.retryMs ?? 5_000);
    if (opts.autoSync !== false) {
      this.timer = setInterval(() => {
        this.syncing ??= this.sync().finally(() => {
          this.syncing = null;
        });
      }, this.refreshMs);
      this.timer.unref();
    }
  }

  read(budget: string): RateGateState {
    const m = this.mirror(budget);
    if (this.stale(m)) void this.refresh(budget, m);
    return mirrorState(m);
  }

  /** Refresh the mirror of `budget` when it is older than `refreshMs`, and wait for it. */
  async ensureFresh(budget: string): Promise<void> {
    const m = this.mirror(budget);
    if (this.stale(m)) await this.refresh(budget, m);
  }

  update(budget: string, change: (s: RateGateState) => RateGateState): RateGateState {
    const m = this.mirror(budget);
    const before = mirrorState(m);
    const next = change(before);
    m.own = Math.max(0, m.own + next.inFlight - before.inFlight);
    const part: SharedPart = { window: next.window, pausedUntil: next.pausedUntil };
    if (!sameShared(part, before)) {
      const urgent =
        part.pausedUntil > before.pausedUntil || !lowerFarFromReserve(before.window, part.window, this.clock.now());
      m.window = part.window;
      m.pausedUntil = part.pausedUntil;
      // unwritten (deferred, or the database failing): the next refresh merges it in
      m.dirty = true;
      if (urgent) void this.refresh(budget, m);
    }
    return mirrorState(m);
  }

  async decide(budget: string, change: (s: RateGateState) => RateGateState): Promise<RateGateState> {
    const m = this.mirror(budget);
    await this.ensureFresh(budget);
    const now = this.clock.now();
    if (!nearReserve(m.window, now) || this.fallback.down(now)) return this.update(budget, change);
    let added = 0;
    const decided = await this.fallback.attempt(() =>
      this.db.transaction(
        async (tx) => {
          // under the budget's lock: every replica's admits near the reserve are decided one at a time
          const shared = await syncShared(tx, {
            budget,
            replica: this.replica,
            ownInFlight: null,
            now,
            aliveSince: now - this.expiryMs,
          });
          const merged = mergeShared(shared, m);
          const before: RateGateState = { ...merged, inFlight: m.own + shared.others };
          const next = change(before);
          // counted at once, before the commit: this replica's next admit, decided once the lock is
          // released, must see it whenever the commit's answer arrives (taken back if the commit fails)
          added = next.inFlight - before.inFlight;
          m.own = Math.max(0, m.own + added);
          const own = m.own;
          const part: SharedPart = mergeShared({ window: next.window, pausedUntil: next.pausedUntil }, shared);
          await Promise.all([
            writeOwn(tx, budget, this.replica, own, now),
            sameShared(part, shared) ? null : writeShared(tx, budget, part, now),
          ]);
          tx.afterCommit(() => {
            Object.assign(m, mergeShared(m, part));
            m.others = shared.others;
            m.written = own;
            m.beatAt = now;
            m.refreshedAt = now;
          });
        },
        { locks: [`claimcheck:rate-gate:${budget}`] },
      ),
    );
    if (!decided) {
      m.own = Math.max(0, m.own - added);
      m.others = 0;
      return this.update(budget, change); // the database failed: this replica's own state decides
    }
    return mirrorState(m);
  }

  private stale(m: Mirror): boolean {
    return this.clock.now() - m.refreshedAt >= this.refreshMs;
  }

  /**
   * Writes the in-flight counts that changed since they were last written (and heartbeats of budgets
   * with requests in flight), refreshing those mirrors, and waits for every refresh under way: the
   * timer's work, callable by tests.
   */
  async sync(): Promise<void> {
    const now = this.clock.now();
    const work: Array<Promise<void>> = [];
    for (const [budget, m] of this.mirrors) {
      if (m.dirty || m.own !== m.written || (m.own > 0 && now - m.beatAt >= this.expiryMs / 3))
        work.push(this.refresh(budget, m));
      else if (m.refreshing) work.push(m.refreshing);
    }
    await Promise.all(work);
  }

  /** Wait for the refreshes and write-throughs under way (none is started). */
  async settled(): Promise<void> {
    while ([...this.mirrors.values()].some((m) => m.refreshing !== null))
      await Promise.all([...this.mirrors.values()].map((m) => m.refreshing));
  }

  /** Retention (the maintenance loop, one replica at a time): stale heartbeats, windows long past. */
  prune(): Promise<{ replicas: number; windows: number }> {
    return pruneRateGate(this.db, this.clock.now(), this.expiryMs);
  }

  /** Stops the timer and removes this replica's in-flight rows (a stopping replica sends nothing more). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.syncing;
    await this.settled();
    await this.fallback.attempt(() => dropReplica(this.db, this.replica));
  }

  private mirror(budget: string): Mirror {
    let m = this.mirrors.get(budget);
    if (!m) {
      m = emptyMirror();
      this.mirrors.set(budget, m);
    }
    return m;
  }

  /** One refresh at a time per budget; a change made during one is taken up by another right after. */
  private refresh(budget: string, m: Mirror): Promise<void> {
    if (m.refreshing !== null) {
      m.again = true;
      return m.refreshing;
    }
    m.refreshing = (async () => {
      do {
        m.again = false;
        await this.refreshOnce(budget, m);
      } while (m.again);
    })().finally(() => {
      m.refreshing = null;
    });
    return m.refreshing;
  }

  private async refreshOnce(budget: string, m: Mirror): Promise<void> {
    const now = this.clock.now();
    m.refreshedAt = now;
    const ok = await this.fallback.attempt(async () => {
      // a replica with nothing in flight and no row writes nothing: a read only
      const own = m.own === 0 && m.written === 0 ? null : m.own;
      const dirty = m.dirty;
      const shared = await syncShared(this.db, {
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
      if (!sameShared(merged, shared))
        Object.assign(m, mergeShared(m, await writeShared(this.db, budget, merged, now)));
      else Object.assign(m, merged);
      if (dirty) m.dirty = false;
    });
    if (!ok) m.others = 0;
  }
}

/**
 * The gate for a service on `db`: on PostgreSQL (several replicas may share one token) one over the
 * database, on SQLite (one process) the process's in-memory gate. `close()` ends the shared store.
 */
export function createRateGate(
  db: Database,
  opts: Omit<SharedRateGateOptions, "clock"> = {},
): { gate: RateGate; store: SharedRateGateStore | null; close(): Promise<void> } {
  if (db.dialect !== "postgres") return { gate: processRateGate, store: null, close: async () => {} };
  const store = new SharedRateGateStore(db, opts);
  return { gate: new RateGate(store), store, close: () => store.close() };
}
