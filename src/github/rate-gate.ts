import { type Clock, systemClock, untilAborted } from "../lib/index.ts";
import type { RateLimitSnapshot } from "./rate-limit-policy.ts";
import { GitHubRateLimitedError } from "./types.ts";

/**
 * One rate-limit gate for every GitHub request of the process. GitHub's budget belongs to a token, not to a
 * job: jobs that checked it each on their own overshot it together into 403s. The gate keeps, per budget
 * (a token's REST or GraphQL window), the last window GitHub reported and the requests still in flight;
 * a request is admitted only while `remaining - inFlight` is above the reserve, so concurrent jobs stop
 * together at the reserve and all wait for the reset (their jobs defer until then). A secondary limit
 * pauses the budget for its Retry-After: every request waits it out, or defers when it is too long.
 *
 * The state sits behind RateGateStore: in memory here (one process, SQLite), shared by every replica on
 * PostgreSQL (SharedRateGateStore, shared-rate-gate.ts). Its calls are synchronous (they run on every
 * request): the shared store keeps a local mirror it refreshes; an admit may instead be decided by the
 * store asynchronously (`decide`), on state it makes exact first.
 */
export interface RateGateState {
  /** the newest window GitHub reported, or null before the first answer */
  window: RateLimitSnapshot | null;
  /** requests admitted and not yet answered */
  inFlight: number;
  /** epoch ms until which a secondary limit asks every request to wait (0 = none) */
  pausedUntil: number;
}

export interface RateGateStore {
  /**
   * applies `change` to the state of `budget` atomically and returns the new state; a shared store may
   * call `change` a second time on fresher state (the gate's changes are pure but for noting a refusal)
   */
  update(budget: string, change: (s: RateGateState) => RateGateState): RateGateState;
  read(budget: string): RateGateState;
  /**
   * `update` for an admit, where a stale state would decide wrongly: the shared store decides on the
   * counts of every replica as they are now, atomically with them, near the reserve
   */
  decide?(budget: string, change: (s: RateGateState) => RateGateState): Promise<RateGateState>;
  /** bring `budget` up to date when it is stale (before reading a pause that another replica may have seen) */
  ensureFresh?(budget: string): Promise<void>;
}

const EMPTY: RateGateState = { window: null, inFlight: 0, pausedUntil: 0 };

export class MemoryRateGateStore implements RateGateStore {
  private states = new Map<string, RateGateState>();
  read(budget: string): RateGateState {
    return this.states.get(budget) ?? EMPTY;
  }
  update(budget: string, change: (s: RateGateState) => RateGateState): RateGateState {
    const next = change(this.read(budget));
    this.states.set(budget, next);
    return next;
  }
}

/** The reserve kept on a window: 1 % of its limit (50 of 5,000; none of 60) covers requests in flight. */
export const reserveOf = (limit: number): number => Math.floor(limit / 100);

export interface RateGateOptions {
  clock?: Clock;
  /** how long a request may wait out a secondary limit before its job defers instead (default 60 s) */
  maxPauseMs?: number;
  /** waits (injected in tests); default a timer */
  sleep?: (ms: number) => Promise<void>;
}

export class RateGate {
  private clock: Clock;
  private maxPauseMs: number;
  private sleep: (ms: number) => Promise<void>;

  constructor(
    readonly store: RateGateStore = new MemoryRateGateStore(),
    opts: RateGateOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.maxPauseMs = opts.maxPauseMs ?? 60_000;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Requests that may still be sent on `budget` before its reserve (Infinity before GitHub said). */
  available(budget: string): number {
    const s = this.store.read(budget);
    if (!s.window || this.clock.now() >= s.window.resetAt) return Number.POSITIVE_INFINITY;
    return s.window.remaining - s.inFlight - reserveOf(s.window.limit);
  }

  /**
   * Admits one request (`cost` units) on `budget`, or throws GitHubRateLimitedError(resetAt) when the
   * budget is at its reserve. Waits out a short secondary-limit pause (or until `signal` aborts). Pair
   * with release().
   */
  async admit(budget: string, cost = 1, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      await this.store.ensureFresh?.(budget);
      const s = this.store.read(budget);
      const wait = s.pausedUntil - this.clock.now();
      if (wait <= 0) break;
      if (wait > this.maxPauseMs) throw new GitHubRateLimitedError(s.pausedUntil);
      await untilAborted(this.sleep(wait), signal);
    }
    let refused: number | null = null;
    const decide = (s: RateGateState): RateGateState => {
      refused = null; // the store may decide again on fresher state: the last decision counts
      const w = s.window;
      if (w && this.clock.now() < w.resetAt && w.remaining - s.inFlight - cost < reserveOf(w.limit)) {
        refused = w.resetAt;
        return s;
      }
      return { ...s, inFlight: s.inFlight + cost };
    };
    if (this.store.decide) await this.store.decide(budget, decide);
    else this.store.update(budget, decide);
    if (refused !== null) throw new GitHubRateLimitedError(refused);
  }

  release(budget: string, cost = 1): void {
    this.store.update(budget, (s) => ({ ...s, inFlight: Math.max(0, s.inFlight - cost) }));
  }

  /**
   * Records a window GitHub reported. Answers to concurrent requests arrive in any order: within one
   * window (same reset) the lowest remaining is the newest; another reset is another window.
   */
  record(budget: string, snap: RateLimitSnapshot): void {
    this.store.update(budget, (s) => {
      const w = s.window;
      if (!w || snap.resetAt !== w.resetAt) return { ...s, window: snap };
      return { ...s, window: snap.remaining <= w.remaining ? snap : w };
    });
  }

  /** A secondary limit: every request on `budget` waits `retryAfterMs`. */
  pause(budget: string, retryAfterMs: number): void {
    const until = this.clock.now() + Math.max(0, retryAfterMs);
    this.store.update(budget, (s) => ({ ...s, pausedUntil: Math.max(s.pausedUntil, until) }));
  }

  /** The newest window of `budget`, if GitHub reported one. */
  window(budget: string): RateLimitSnapshot | null {
    return this.store.read(budget).window;
  }

  /**
   * Which of several budgets to use: `preferred` (cache affinity: the same candidate goes to the same token,
   * whose conditional-request cache holds its answers) while it is above its reserve, else the one with
   * the most left, else the one that resets first.
   */
  pick(budgets: readonly string[], preferred = 0): number {
    if (budgets.length <= 1) return 0;
    const start = ((preferred % budgets.length) + budgets.length) % budgets.length;
    if (this.available(budgets[start]!) > 0) return start;
    let best = start;
    for (let i = 0; i < budgets.length; i++) if (this.available(budgets[i]!) > this.available(budgets[best]!)) best = i;
    if (this.available(budgets[best]!) > 0) return best;
    const resetOf = (b: string) => this.store.read(b).window?.resetAt ?? 0;
    for (let i = 0; i < budgets.length; i++) if (resetOf(budgets[i]!) < resetOf(budgets[best]!)) best = i;
    return best;
  }
}

/** The process's gate: every GitHub source shares it unless a test gives its own. */
export const processRateGate = new RateGate();
