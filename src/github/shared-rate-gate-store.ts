import type { Queryable } from "../storage/index.ts";
import { reserveOf } from "./rate-gate.ts";
import type { RateLimitSnapshot } from "./rate-limit-policy.ts";

/**
 * The shared part of a budget's gate state (migration 0010) and its merge rules, written once
 * here for the local mirror and once in SQL for the database; the two agree (test/github/shared-rate-gate).
 */
export interface SharedPart {
  window: RateLimitSnapshot | null;
  /** epoch ms until which a secondary limit holds every request (0 = none) */
  pausedUntil: number;
}

/**
 * Whether `b` is a newer window than `a`: a later reset is a later window (GitHub's resets are one epoch
 * for every replica); within one reset the lowest remaining is the newest answer.
 */
export function newerWindow(a: RateLimitSnapshot | null, b: RateLimitSnapshot | null): boolean {
  if (!b) return false;
  if (!a) return true;
  return b.resetAt > a.resetAt || (b.resetAt === a.resetAt && b.remaining < a.remaining);
}

/** Two replicas' views of one budget, merged: the newer window, the later pause. */
export function mergeShared(a: SharedPart, b: SharedPart): SharedPart {
  return {
    window: newerWindow(a.window, b.window) ? b.window : a.window,
    pausedUntil: Math.max(a.pausedUntil, b.pausedUntil),
  };
}

export const sameShared = (a: SharedPart, b: SharedPart): boolean =>
  a.pausedUntil === b.pausedUntil &&
  (a.window === b.window ||
    (a.window !== null &&
      b.window !== null &&
      a.window.limit === b.window.limit &&
      a.window.remaining === b.window.remaining &&
      a.window.resetAt === b.window.resetAt));

interface SharedRow {
  rate_limit: number | null;
  remaining: number | null;
  reset_at: number | null;
  paused_until: number | null;
}

const partOf = (row: SharedRow | null): SharedPart => ({
  window:
    row && row.reset_at !== null && row.rate_limit !== null && row.remaining !== null
      ? { limit: row.rate_limit, remaining: row.remaining, resetAt: row.reset_at }
      : null,
  pausedUntil: row?.paused_until ?? 0,
});

const NEWER = `EXCLUDED.reset_at IS NOT NULL AND (g.reset_at IS NULL OR EXCLUDED.reset_at > g.reset_at
  OR (EXCLUDED.reset_at = g.reset_at AND EXCLUDED.remaining < g.remaining))`;

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
export function lowerFarFromReserve(
  prev: RateLimitSnapshot | null,
  next: RateLimitSnapshot | null,
  now: number,
): boolean {
  if (!prev || !next || prev.resetAt !== next.resetAt || prev.limit !== next.limit) return false;
  return next.remaining < prev.remaining && !nearReserve(next, now);
}

/** Merges `part` into the budget's row (mergeShared, in SQL) and returns the merged row: one statement. */
const WRITE = `INSERT INTO github_rate_gate AS g (budget, rate_limit, remaining, reset_at, paused_until, updated_at)
  VALUES (?, ?::integer, ?::integer, ?::bigint, ?::bigint, ?::bigint)
  ON CONFLICT (budget) DO UPDATE SET
    rate_limit = CASE WHEN ${NEWER} THEN EXCLUDED.rate_limit ELSE g.rate_limit END,
    remaining = CASE WHEN ${NEWER} THEN EXCLUDED.remaining ELSE g.remaining END,
    reset_at = CASE WHEN ${NEWER} THEN EXCLUDED.reset_at ELSE g.reset_at END,
    paused_until = GREATEST(g.paused_until, EXCLUDED.paused_until),
    updated_at = EXCLUDED.updated_at
  RETURNING rate_limit, remaining, reset_at, paused_until`;

export async function writeShared(db: Queryable, budget: string, part: SharedPart, now: number): Promise<SharedPart> {
  const w = part.window;
  const row = await db
    .query<SharedRow>(WRITE)
    .get(budget, w?.limit ?? null, w?.remaining ?? null, w?.resetAt ?? null, part.pausedUntil, now);
  return partOf(row);
}

const OTHERS = `(SELECT COALESCE(SUM(f.in_flight), 0) FROM github_rate_gate_flights f
    WHERE f.budget = ? AND f.replica <> ? AND f.updated_at > ?::bigint) AS others`;

/** The shared row and the other live replicas' requests in flight. */
const READ = `SELECT g.rate_limit, g.remaining, g.reset_at, g.paused_until, ${OTHERS}
  FROM (SELECT 1) AS one LEFT JOIN github_rate_gate g ON g.budget = ?`;

/** This replica's in-flight count and heartbeat. */
const BEAT = `INSERT INTO github_rate_gate_flights (budget, replica, in_flight, updated_at) VALUES (?, ?, ?::integer, ?::bigint)
    ON CONFLICT (budget, replica) DO UPDATE SET in_flight = EXCLUDED.in_flight, updated_at = EXCLUDED.updated_at`;

/** The same, with this replica's in-flight count and heartbeat written first (one round trip). */
const BEAT_AND_READ = `WITH beat AS (${BEAT})
  ${READ}`;

export interface SharedSnapshot extends SharedPart {
  /** requests in flight on the other replicas whose heartbeat is younger than the expiry */
  others: number;
}

/**
 * One statement: writes this replica's in-flight count (when `ownInFlight` is not null) and reads the
 * shared part plus the other live replicas' in-flight sum.
 */
export async function syncShared(
  db: Queryable,
  q: { budget: string; replica: string; ownInFlight: number | null; now: number; aliveSince: number },
): Promise<SharedSnapshot> {
  const tail = [q.budget, q.replica, q.aliveSince, q.budget];
  const row =
    q.ownInFlight === null
      ? await db.query<SharedRow & { others: number }>(READ).get(...tail)
      : await db
          .query<SharedRow & { others: number }>(BEAT_AND_READ)
          .get(q.budget, q.replica, q.ownInFlight, q.now, ...tail);
  return { ...partOf(row), others: Number(row?.others ?? 0) };
}

/** Write this replica's in-flight count of `budget` (and its heartbeat). */
export async function writeOwn(
  db: Queryable,
  budget: string,
  replica: string,
  inFlight: number,
  now: number,
): Promise<void> {
  await db.query(BEAT).run(budget, replica, inFlight, now);
}

/** A replica stopping: its requests in flight are over. */
export async function dropReplica(db: Queryable, replica: string): Promise<void> {
  await db.query("DELETE FROM github_rate_gate_flights WHERE replica = ?").run(replica);
}

/** Held a day past their reset or pause, windows are history: nobody reads them again. */
const WINDOW_KEEP_MS = 86_400_000;

/**
 * Retention: heartbeats older than `expiryMs` (replicas killed without stopping; they count no more
 * already) and windows whose reset and pause lie a day in the past.
 */
export async function pruneRateGate(
  db: Queryable,
  now: number,
  expiryMs: number,
): Promise<{ replicas: number; windows: number }> {
  const [replicas, windows] = await Promise.all([
    db.query("DELETE FROM github_rate_gate_flights WHERE updated_at <= ?::bigint").run(now - expiryMs),
    db
      .query("DELETE FROM github_rate_gate WHERE COALESCE(reset_at, 0) < ?::bigint AND paused_until < ?::bigint")
      .run(now - WINDOW_KEEP_MS, now - WINDOW_KEEP_MS),
  ]);
  return { replicas: replicas.changes, windows: windows.changes };
}
