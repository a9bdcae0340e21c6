import { dialectOf, type Queryable } from "../storage/index.ts";
import { completeAndClaimOnPostgres } from "./job-batch-completion.ts";
import type { JobRow, LeaseRef } from "./job-row.ts";
import { DUE_IDS, dueScanCtes } from "./postgres-due-scan.ts";

export type { JobRow, LeaseRef } from "./job-row.ts";

/**
 * A fresh fencing token per claimed row, and the claim statement around its SET list, its due rows'
 * conditions and its limit, per backend.
 */
const CLAIM_SQL = {
  // one writer at a time: the subquery's rows cannot be taken by anyone else before the UPDATE
  sqlite: {
    token: "lower(hex(randomblob(12)))",
    claim: (set: string, where: string) =>
      `UPDATE jobs SET ${set} WHERE id IN (SELECT id FROM jobs WHERE ${where} ORDER BY run_at, id LIMIT ?) RETURNING *`,
    /** the parameters in statement order: the SET list's, the conditions', the limit */
    params: (set: Param[], where: Param[], limit: number) => [...set, ...where, limit],
  },
  // replicas claim in parallel: each skips the rows another is claiming right now, and passes over the
  // rows its snapshot shows as taken since (postgres-due-scan.ts). The chosen ids as an array: the planner
  // then reads each by its key, where `IN (subquery)` under a LIMIT it cannot see (a generic plan) may be
  // planned as a hash join over a scan of the whole table, history included
  postgres: {
    token: "substr(md5(random()::text || clock_timestamp()::text || id::text), 1, 24)",
    claim: (set: string, where: string) =>
      `WITH ${dueScanCtes(where, "CAST(? AS bigint)")}
       UPDATE jobs SET ${set} WHERE id = ANY(${DUE_IDS}) RETURNING *`,
    /** the parameters in statement order: both scans' conditions and limit (dueScanCtes), the SET list's */
    params: (set: Param[], where: Param[], limit: number) => [...where, limit, ...where, limit, ...set],
  },
} as const;

type Param = string | number | null;

/**
 * Every SQL statement of the job engine. Each method is one statement, so each is atomic on its own;
 * methods that change a running job check the lease token, so a worker that lost its lease cannot
 * overwrite the work of the one that took over (fencing).
 */
export class JobStore {
  private readonly claimSql: (typeof CLAIM_SQL)[keyof typeof CLAIM_SQL];

  constructor(private readonly db: Queryable) {
    this.claimSql = CLAIM_SQL[dialectOf(db)];
  }

  /** The same statements inside a transaction (or savepoint). */
  on(q: Queryable): JobStore {
    return q === this.db ? this : new JobStore(q);
  }

  /** Insert a queued job; returns its id. */
  async insert(
    row: Pick<JobRow, "kind" | "payload" | "max_attempts" | "run_at"> & { fair_key?: string | null },
    now: number,
  ): Promise<number> {
    const values = [row.kind, row.payload, row.max_attempts, row.run_at, row.fair_key ?? null, now, now];
    const insert = `INSERT INTO jobs (kind, payload, state, attempts, max_attempts, run_at, fair_key, created_at, updated_at)
                    VALUES (?, ?, 'queued', 0, ?, ?, ?, ?, ?)`;
    // SQLite: a plain INSERT and its rowid (a RETURNING statement costs about a quarter of enqueue/s at FULL)
    if (dialectOf(this.db) === "sqlite") return Number((await this.db.query(insert).run(...values)).lastInsertRowid);
    return (await this.db.query<{ id: number }, (string | number | null)[]>(`${insert} RETURNING id`).get(...values))!
      .id;
  }

  /**
   * Atomically lease up to `limit` due jobs of the given kinds, oldest due first; each attempt must end by
   * `now + deadlineMs` (default: no deadline). `fairKey` (a string, or null for nobody's) claims only
   * that client's jobs (fair-claim.ts decides how many of whose).
   */
  async claim(
    kinds: string[],
    owner: string,
    limit: number,
    now: number,
    leaseMs: number,
    deadlineMs: number | null = null,
    fairKey?: string | null,
  ): Promise<JobRow[]> {
    if (kinds.length === 0 || limit <= 0) return [];
    const marks = kinds.map(() => "?").join(", ");
    const whose = fairKey === undefined ? "" : fairKey === null ? "AND fair_key IS NULL" : "AND fair_key = ?";
    const sql = this.claimSql;
    const set = `state = 'running', attempts = attempts + 1, lease_owner = ?, lease_token = ${sql.token},
                 lease_expires_at = ?, deadline_at = ?, updated_at = ?`;
    return this.db
      .query<JobRow, Param[]>(sql.claim(set, `state = 'queued' AND kind IN (${marks}) AND run_at <= ? ${whose}`))
      .all(
        ...sql.params(
          [owner, now + leaseMs, deadlineMs === null ? null : now + deadlineMs, now],
          [...kinds, now, ...(typeof fairKey === "string" ? [fairKey] : [])],
          limit,
        ),
      );
  }

  /**
   * Extend a lease still held, never past the attempt's deadline plus `graceMs` (the time its worker has
   * to record the outcome after aborting it): a job that hangs loses its lease even while its process
   * heartbeats. False when the lease was lost.
   */
  async heartbeat(lease: LeaseRef, now: number, leaseMs: number, graceMs = 0): Promise<boolean> {
    return (
      (
        await this.db
          .query(
            `UPDATE jobs SET updated_at = ?,
                   lease_expires_at = CASE WHEN deadline_at IS NOT NULL AND deadline_at + ? < ? THEN deadline_at + ? ELSE ? END
             WHERE id = ? AND lease_token = ? AND state = 'running'`,
          )
          .run(now, graceMs, now + leaseMs, graceMs, now + leaseMs, lease.id, lease.token)
      ).changes === 1
    );
  }

  async finish(lease: LeaseRef, state: "completed" | "failed", error: string | null, now: number): Promise<boolean> {
    return (
      (
        await this.db
          .query(
            `UPDATE jobs SET state = ?, last_error = ?, finished_at = ?, updated_at = ?,
                  lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, deadline_at = NULL
            WHERE id = ? AND lease_token = ? AND state = 'running'`,
          )
          .run(state, error, now, now, lease.id, lease.token)
      ).changes === 1
    );
  }

  /**
   * Lock the rows of the leases still held, so that no rescue or other replica can take them before this
   * transaction ends; the ids held. Run before a handler's writes, in the transaction that completes the job.
   */
  async lockHeld(leases: readonly LeaseRef[]): Promise<Set<number>> {
    if (leases.length === 0) return new Set();
    if (dialectOf(this.db) === "sqlite") {
      // BEGIN IMMEDIATE already holds the one write lock: a check is enough
      const held = this.db.query<{ id: number }, [number, string]>(
        "SELECT id FROM jobs WHERE id = ? AND lease_token = ? AND state = 'running'",
      );
      const found = await Promise.all(leases.map((l) => held.get(l.id, l.token)));
      return new Set(leases.filter((_, i) => found[i]).map((l) => l.id));
    }
    const rows = await this.db
      .query<{ id: number }, [string]>(
        `SELECT j.id FROM jobs j
           JOIN json_to_recordset(CAST(? AS text)::json) AS t(id bigint, token text) ON j.id = t.id AND j.lease_token = t.token
          WHERE j.state = 'running' ORDER BY j.id FOR UPDATE OF j`,
      )
      .all(JSON.stringify(leases.map((l) => ({ id: l.id, token: l.token }))));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Complete running jobs (each fenced by its lease) and claim, for every completed one marked `next`, one
   * more due job: on PostgreSQL one statement for the whole batch (one round trip, atomic on its own);
   * on SQLite a statement per job inside the caller's transaction. Returns the ids completed and the
   * jobs claimed.
   */
  async completeMany(
    items: ReadonlyArray<LeaseRef & { next: boolean }>,
    claim: { kinds: string[]; owner: string; leaseMs: number; deadlineMs?: number | null },
    now: number,
  ): Promise<{ finished: Set<number>; next: JobRow[] }> {
    if (items.length === 0) return { finished: new Set(), next: [] };
    if (dialectOf(this.db) === "sqlite") {
      const finished = new Set<number>();
      for (const l of items) if (await this.finish(l, "completed", null, now)) finished.add(l.id);
      const wanted = items.filter((l) => l.next && finished.has(l.id)).length;
      return {
        finished,
        next: await this.claim(claim.kinds, claim.owner, wanted, now, claim.leaseMs, claim.deadlineMs),
      };
    }
    return completeAndClaimOnPostgres(this.db, this.claimSql.token, items, claim, now);
  }

  /** Put a running job back in the queue to run at `runAt`; `refundAttempt` for deferrals that are not failures. */
  async requeue(
    lease: LeaseRef,
    runAt: number,
    error: string | null,
    refundAttempt: boolean,
    now: number,
  ): Promise<boolean> {
    return (
      (
        await this.db
          .query(
            `UPDATE jobs SET state = 'queued', run_at = ?, last_error = ?, updated_at = ?,
                  attempts = attempts - ?, lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, deadline_at = NULL
            WHERE id = ? AND lease_token = ? AND state = 'running'`,
          )
          .run(runAt, error, now, refundAttempt ? 1 : 0, lease.id, lease.token)
      ).changes === 1
    );
  }

  /** Release every lease this owner still holds (graceful stop): the jobs are due again at once. */
  async releaseOwner(owner: string, now: number): Promise<number> {
    return (
      await this.db
        .query(
          `UPDATE jobs SET state = 'queued', run_at = ?, attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END, updated_at = ?,
                lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, deadline_at = NULL
          WHERE state = 'running' AND lease_owner = ?`,
        )
        .run(now, now, owner)
    ).changes;
  }

  /** Jobs whose lease lapsed (their worker died): back to the queue, due now. */
  rescueExpired(now: number): Promise<JobRow[]> {
    return this.db
      .query<JobRow, [number, number, number]>(
        `UPDATE jobs SET state = 'queued', run_at = ?, updated_at = ?,
                last_error = coalesce(last_error, 'lease expired: the worker stopped without finishing'),
                lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, deadline_at = NULL
          WHERE state = 'running' AND lease_expires_at <= ?
          RETURNING *`,
      )
      .all(now, now, now);
  }

  get(id: number): Promise<JobRow | null> {
    return this.db.query<JobRow, [number]>("SELECT * FROM jobs WHERE id = ?").get(id);
  }

  /**
   * Counts by state, how long the oldest due queued job has waited, and how many jobs still run past their
   * deadline (their worker could not end them): for /readyz and metrics.
   */
  async counts(
    now: number,
  ): Promise<{ byState: Record<string, number>; oldestDueAgeMs: number; pastDeadline: number }> {
    const [rows, oldest, late] = await Promise.all([
      this.db.query<{ state: string; n: number }, []>("SELECT state, count(*) AS n FROM jobs GROUP BY state").all(),
      this.db
        .query<{ run_at: number | null }, [number]>(
          "SELECT min(run_at) AS run_at FROM jobs WHERE state = 'queued' AND run_at <= ?",
        )
        .get(now),
      this.db
        .query<{ n: number }, [number]>("SELECT count(*) AS n FROM jobs WHERE state = 'running' AND deadline_at <= ?")
        .get(now),
    ]);
    return {
      byState: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])),
      oldestDueAgeMs: oldest?.run_at == null ? 0 : now - Number(oldest.run_at),
      pastDeadline: Number(late?.n ?? 0),
    };
  }

  /** The earliest run_at among queued jobs of these kinds, to sleep exactly until work is due. */
  async nextDueAt(kinds: string[]): Promise<number | null> {
    if (kinds.length === 0) return null;
    const marks = kinds.map(() => "?").join(", ");
    const row = await this.db
      .query<{ t: number | null }, string[]>(
        `SELECT min(run_at) AS t FROM jobs WHERE state = 'queued' AND kind IN (${marks})`,
      )
      .get(...kinds);
    return row?.t ?? null;
  }
}
