import type { Clock } from "../../../src/lib/clock.ts";

/** One primary rate-limit window, as GitHub reports it in x-ratelimit-* headers. */
export interface RateWindow {
  limit: number;
  remaining: number;
  used: number;
  /** epoch ms */
  resetAt: number;
}

export interface RateLimitOptions {
  /** requests per window with a token (GitHub: 5,000/h) */
  authenticated?: number;
  /** requests per window without one (GitHub: 60/h) */
  anonymous?: number;
  windowMs?: number;
  /** status of an exhausted primary limit: GitHub answers 403 or 429 */
  status?: 403 | 429;
}

/** What a request is rate-limited under: its token, or anonymous. */
export type Identity = string;
export const ANONYMOUS: Identity = "anonymous";

/**
 * Per-identity primary windows plus queued secondary-limit answers. Time comes from the injected
 * clock so tests can move past a reset without waiting.
 */
export class RateLimiter {
  private windows = new Map<Identity, RateWindow>();
  private exhaustedUntil = 0;
  private exhaustedStatus: 403 | 429 | null = null;
  private secondaryQueue: Array<{ count: number; retryAfterSec: number; status: 403 | 429 }> = [];
  readonly limits: Required<RateLimitOptions>;

  constructor(
    private clock: Clock,
    opts: RateLimitOptions = {},
  ) {
    this.limits = {
      authenticated: opts.authenticated ?? 5000,
      anonymous: opts.anonymous ?? 60,
      windowMs: opts.windowMs ?? 3_600_000,
      status: opts.status ?? 403,
    };
  }

  /** The current window of an identity, opening a fresh one when the previous has reset. */
  window(identity: Identity): RateWindow {
    const now = this.clock.now();
    let w = this.windows.get(identity);
    if (!w || now >= w.resetAt) {
      const limit = identity === ANONYMOUS ? this.limits.anonymous : this.limits.authenticated;
      w = { limit, remaining: limit, used: 0, resetAt: Math.ceil((now + this.limits.windowMs) / 1000) * 1000 };
      this.windows.set(identity, w);
    }
    if (now < this.exhaustedUntil) {
      w.remaining = 0;
      w.used = w.limit;
      w.resetAt = this.exhaustedUntil;
    }
    return w;
  }

  /** Spends one request; false when nothing was left. */
  spend(identity: Identity): boolean {
    const w = this.window(identity);
    if (w.remaining <= 0) return false;
    w.remaining--;
    w.used++;
    return true;
  }

  /** Gives one request back (a 304 to an authenticated request is free on GitHub). */
  refund(identity: Identity): void {
    const w = this.window(identity);
    if (w.remaining < w.limit) {
      w.remaining++;
      w.used--;
    }
  }

  /** Empties every identity's budget until `resetAt` (epoch ms; default: one window from now). */
  exhaust(opts: { resetAt?: number; status?: 403 | 429 } = {}): void {
    this.exhaustedUntil = opts.resetAt ?? this.clock.now() + this.limits.windowMs;
    this.exhaustedStatus = opts.status ?? null;
    for (const id of this.windows.keys()) this.window(id);
  }

  /** The status of an exhausted answer now: the one given to exhaust(), else the configured one. */
  exhaustedAnswerStatus(): 403 | 429 {
    return this.clock.now() < this.exhaustedUntil && this.exhaustedStatus ? this.exhaustedStatus : this.limits.status;
  }

  /** Sets the current window of one identity (or of every identity seen so far). */
  set(patch: Partial<RateWindow>, identity?: Identity): void {
    const ids = identity ? [identity] : [...this.windows.keys(), ANONYMOUS];
    for (const id of ids) Object.assign(this.window(id), patch);
  }

  /** The next `count` requests answer with a secondary rate limit and `retry-after`. */
  secondary(opts: { count?: number; retryAfterSec?: number; status?: 403 | 429 } = {}): void {
    this.secondaryQueue.push({
      count: opts.count ?? 1,
      retryAfterSec: opts.retryAfterSec ?? 60,
      status: opts.status ?? 403,
    });
  }

  /** Consumes one queued secondary-limit answer, if any. */
  takeSecondary(): { retryAfterSec: number; status: 403 | 429 } | null {
    const head = this.secondaryQueue[0];
    if (!head) return null;
    if (--head.count <= 0) this.secondaryQueue.shift();
    return { retryAfterSec: head.retryAfterSec, status: head.status };
  }

  /** Forgets every window and queued answer. */
  reset(): void {
    this.windows.clear();
    this.secondaryQueue = [];
    this.exhaustedUntil = 0;
    this.exhaustedStatus = null;
  }
}

/** An injected failure: `count` matching requests (Infinity = until cleared) fail this way. */
export interface FaultSpec {
  /** "status": answer `status` (default 502); "hang": never answer (until the simulator stops) */
  kind?: "status" | "hang";
  status?: number;
  count?: number;
  /** which requests: a path substring, a RegExp on the path, or a predicate; default every request */
  match?: string | RegExp | ((path: string) => boolean);
}

/** Faults queued by tests, consumed by matching requests in order. */
export class FaultQueue {
  private faults: Array<Required<Pick<FaultSpec, "kind" | "status" | "count">> & { match: (p: string) => boolean }> =
    [];

  add(spec: FaultSpec): void {
    const m = spec.match;
    const match =
      m === undefined
        ? () => true
        : typeof m === "string"
          ? (p: string) => p.includes(m)
          : m instanceof RegExp
            ? (p: string) => m.test(p)
            : m;
    this.faults.push({ kind: spec.kind ?? "status", status: spec.status ?? 502, count: spec.count ?? 1, match });
  }

  /** The fault this request suffers, if any (consuming one use of it). */
  take(path: string): { kind: "status" | "hang"; status: number } | null {
    const i = this.faults.findIndex((f) => f.count > 0 && f.match(path));
    if (i < 0) return null;
    const f = this.faults[i]!;
    f.count--;
    if (f.count <= 0) this.faults.splice(i, 1);
    return { kind: f.kind, status: f.status };
  }

  clear(): void {
    this.faults = [];
  }
}

/** One request the simulator answered: what was asked, by whom, and how it was answered. */
export interface CallLogEntry {
  method: string;
  /** path without the query */
  path: string;
  query: Record<string, string>;
  status: number;
  /** true when the request carried a token */
  authenticated: boolean;
  /** true when the request carried If-None-Match */
  conditional: boolean;
  /** why the status was chosen, when it was not the route's own answer */
  cause?: "fault" | "rate-limit" | "secondary-rate-limit" | "not-modified" | "redirect";
  /** simulator clock, epoch ms */
  at: number;
  /** simulator clock when the answer was ready (after the injected latency), epoch ms */
  doneAt?: number;
  /** a POST /graphql */
  graphql?: boolean;
}

/**
 * Sequential round trips on the critical path of a set of calls: a call's depth is one more than the
 * deepest call that had answered before it arrived; the critical path is the deepest call. Calls still
 * open when another arrives run beside it, not before it.
 */
export function roundTrips(calls: readonly CallLogEntry[]): number {
  const sorted = [...calls].sort((a, b) => a.at - b.at);
  const depth: number[] = [];
  let best = 0;
  for (const [i, c] of sorted.entries()) {
    let d = 1;
    for (let j = 0; j < i; j++) {
      const done = sorted[j]!.doneAt;
      if (done !== undefined && done <= c.at) d = Math.max(d, depth[j]! + 1);
    }
    depth.push(d);
    best = Math.max(best, d);
  }
  return best;
}
