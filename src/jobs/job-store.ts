import type { Database } from "../storage/database.ts";
import { dialectOf } from "../storage/sql-database.ts";

/** A fresh fencing token per claimed row, and the due-scan's row lock, per backend. */
const CLAIM_SQL = {
  // one writer at a time: the subquery's rows cannot be taken by anyone else before the UPDATE
  sqlite: { token: "lower(hex(randomblob(12)))", lock: "" },
  // replicas claim in parallel: each skips the rows another is claiming right now
  postgres: {
    token: "substr(md5(random()::text || clock_timestamp()::text || id::text), 1, 24)",
    lock: "FOR UPDATE SKIP LOCKED",
  },
} as const;

/** A job row as the engine sees it. Times are epoch milliseconds. */
export interface JobRow {
  id: number;
  kind: string;
  payload: string;
  state: "queued" | "running" | "completed" | "failed";
  attempts: number;
  max_attempts: number;
  run_at: number;
  lease_owner: string | null;
  lease_token: string | null;
  lease_expires_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface LeaseRef {
  id: number;
  token: string;
}

/**
 * Every SQL statement of the job engine. Each method is one statement, so each is atomic on its own;
 * methods that change a running job check the lease token, so a worker that lost its lease cannot
 * overwrite the work of the one that took over (fencing).
 */
export class JobStore {
  private readonly claimSql: (typeof CLAIM_SQL)[keyof typeof CLAIM_SQL];

  constructor(private readonly db: Database) {
    this.claimSql = CLAIM_SQL[dialectOf(db)];
  }

  /** Insert a queued job; returns its id. */
  insert(row: Pick<JobRow, "kind" | "payload" | "max_attempts" | "run_at">, now: number): number {
    const values = [row.kind, row.payload, row.max_attempts, row.run_at, now, now];
    const insert = `INSERT INTO jobs (kind, payload, state, attempts, max_attempts, run_at, created_at, updated_at)
                    VALUES (?, ?, 'queued', 0, ?, ?, ?, ?)`;
    // SQLite: a plain INSERT and its rowid (a RETURNING statement costs about a quarter of enqueue/s at FULL)
    if (dialectOf(this.db) === "sqlite") return Number(this.db.query(insert).run(...values).lastInsertRowid);
    return this.db.query<{ id: number }, (string | number)[]>(`${insert} RETURNING id`).get(...values)!.id;
  }

  /** Atomically lease up to `limit` due jobs of the given kinds, oldest due first. */
  claim(kinds: string[], owner: string, limit: number, now: number, leaseMs: number): JobRow[] {
    if (kinds.length === 0 || limit <= 0) return [];
    const marks = kinds.map(() => "?").join(", ");
    return this.db
      .query<JobRow, (string | number)[]>(
        `UPDATE jobs
            SET state = 'running', attempts = attempts + 1, lease_owner = ?,
                lease_token = ${this.claimSql.token}, lease_expires_at = ?, updated_at = ?
          WHERE id IN (SELECT id FROM jobs
                        WHERE state = 'queued' AND kind IN (${marks}) AND run_at <= ?
                        ORDER BY run_at, id LIMIT ? ${this.claimSql.lock})
          RETURNING *`,
      )
      .all(owner, now + leaseMs, now, ...kinds, now, limit);
  }

  /** Extend a lease still held; false when it was lost. */
  heartbeat(lease: LeaseRef, now: number, leaseMs: number): boolean {
    return (
      this.db
        .query(
          `UPDATE jobs SET lease_expires_at = ?, updated_at = ?
            WHERE id = ? AND lease_token = ? AND state = 'running'`,
        )
        .run(now + leaseMs, now, lease.id, lease.token).changes === 1
    );
  }

  finish(lease: LeaseRef, state: "completed" | "failed", error: string | null, now: number): boolean {
    return (
      this.db
        .query(
          `UPDATE jobs SET state = ?, last_error = ?, finished_at = ?, updated_at = ?,
                  lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
            WHERE id = ? AND lease_token = ? AND state = 'running'`,
        )
        .run(state, error, now, now, lease.id, lease.token).changes === 1
    );
  }

  /**
   * Complete a running job (fenced by its lease) and, when `next` is given, claim the next due job in
   * the same statement on PostgreSQL (one round trip instead of two); two statements on SQLite. `next`
   * is claimed only when the completion held.
   */
  completeAndClaim(
    lease: LeaseRef,
    next: { kinds: string[]; owner: string; leaseMs: number } | null,
    now: number,
  ): { finished: boolean; next: JobRow | null } {
    if (dialectOf(this.db) === "sqlite" || !next || next.kinds.length === 0) {
      const finished = this.finish(lease, "completed", null, now);
      return {
        finished,
        next: finished && next ? (this.claim(next.kinds, next.owner, 1, now, next.leaseMs)[0] ?? null) : null,
      };
    }
    const marks = next.kinds.map(() => "?").join(", ");
    const r = this.db
      .query<{ finished: number; next: JobRow | string | null }, (string | number)[]>(
        `WITH done AS (
           UPDATE jobs SET state = 'completed', last_error = NULL, finished_at = ?, updated_at = ?,
                  lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
            WHERE id = ? AND lease_token = ? AND state = 'running' RETURNING id),
         claimed AS (
           UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_owner = ?,
                  lease_token = ${this.claimSql.token}, lease_expires_at = ?, updated_at = ?
            WHERE id = ANY(ARRAY(SELECT id FROM jobs
                                  WHERE state = 'queued' AND kind IN (${marks}) AND run_at <= ?
                                    AND EXISTS (SELECT 1 FROM done)
                                  ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED))
            RETURNING *)
         SELECT (SELECT count(*) FROM done) AS finished, (SELECT row_to_json(claimed) FROM claimed) AS next`,
      )
      .get(now, now, lease.id, lease.token, next.owner, now + next.leaseMs, now, ...next.kinds, now)!;
    const row = typeof r.next === "string" ? (JSON.parse(r.next) as JobRow) : r.next;
    return { finished: r.finished === 1, next: row };
  }

  /** Put a running job back in the queue to run at `runAt`; `refundAttempt` for deferrals that are not failures. */
  requeue(lease: LeaseRef, runAt: number, error: string | null, refundAttempt: boolean, now: number): boolean {
    return (
      this.db
        .query(
          `UPDATE jobs SET state = 'queued', run_at = ?, last_error = ?, updated_at = ?,
                  attempts = attempts - ?, lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
            WHERE id = ? AND lease_token = ? AND state = 'running'`,
        )
        .run(runAt, error, now, refundAttempt ? 1 : 0, lease.id, lease.token).changes === 1
    );
  }

  /** Release every lease this owner still holds (graceful stop): the jobs are due again at once. */
  releaseOwner(owner: string, now: number): number {
    return this.db
      .query(
        `UPDATE jobs SET state = 'queued', run_at = ?, attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END, updated_at = ?,
                lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
          WHERE state = 'running' AND lease_owner = ?`,
      )
      .run(now, now, owner).changes;
  }

  /** Jobs whose lease lapsed (their worker died): back to the queue, due now. */
  rescueExpired(now: number): JobRow[] {
    return this.db
      .query<JobRow, [number, number, number]>(
        `UPDATE jobs SET state = 'queued', run_at = ?, updated_at = ?,
                last_error = coalesce(last_error, 'lease expired: the worker stopped without finishing'),
                lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
          WHERE state = 'running' AND lease_expires_at <= ?
          RETURNING *`,
      )
      .all(now, now, now);
  }

  get(id: number): JobRow | null {
    return this.db.query<JobRow, [number]>("SELECT * FROM jobs WHERE id = ?").get(id);
  }

  /** Seconds the oldest due queued job has waited, and counts by state: for /readyz and metrics. */
  counts(now: number): { byState: Record<string, number>; oldestDueAgeMs: number } {
    const rows = this.db
      .query<{ state: string; n: number }, []>("SELECT state, count(*) AS n FROM jobs GROUP BY state")
      .all();
    const oldest = this.db
      .query<{ run_at: number | null }, [number]>(
        "SELECT min(run_at) AS run_at FROM jobs WHERE state = 'queued' AND run_at <= ?",
      )
      .get(now);
    return {
      byState: Object.fromEntries(rows.map((r) => [r.state, r.n])),
      oldestDueAgeMs: oldest?.run_at == null ? 0 : now - oldest.run_at,
    };
  }

  /** The earliest run_at among queued jobs of these kinds, to sleep exactly until work is due. */
  nextDueAt(kinds: string[]): number | null {
    if (kinds.length === 0) return null;
    const marks = kinds.map(() => "?").join(", ");
    const row = this.db
      .query<{ t: number | null }, string[]>(
        `SELECT min(run_at) AS t FROM jobs WHERE state = 'queued' AND kind IN (${marks})`,
      )
      .get(...kinds);
    return row?.t ?? null;
  }
}
