import { dialectOf, type Queryable } from "../storage/index.ts";
import { storedAccounts } from "./accounts-field.ts";
import { type Cursor, dayStartUtc, type JobFilter, PAGE_SIZE } from "./job-filters.ts";
import type { JobSummary } from "./verifications.ts";

/** A line of the jobs list as SQL returns it; it stays behind the store. */
interface JobListRow {
  tracking_id: string;
  client_id: string;
  client_name: string;
  host_username: string;
  accounts: string | null;
  state: JobSummary["state"];
  score: number | null;
  critical_flags: number | null;
  candidate_name: string | null;
  error_code: string | null;
  created_at: number;
  completed_at: number | null;
  attempts: number | null;
  webhook_state: string | null;
}

function toJobSummary(r: JobListRow): JobSummary {
  return {
    trackingId: r.tracking_id,
    clientId: r.client_id,
    clientName: r.client_name,
    hostUsername: r.host_username,
    accounts: storedAccounts(r.accounts),
    state: r.state,
    score: r.score,
    criticalFlags: r.critical_flags,
    candidateName: r.candidate_name,
    errorCode: r.error_code,
    createdAt: r.created_at,
    completedAt: r.completed_at,
    attempts: r.attempts,
    webhookState: r.webhook_state,
  };
}

export interface JobPage {
  rows: JobSummary[];
  /** rows matching the filter, all pages */
  total: number;
  /** cursor of an older page, when there is one */
  older: Cursor | null;
  /** cursor of a newer page, when this is not the newest */
  newer: Cursor | null;
}

export interface QueueState {
  waiting: number;
  running: number;
  oldestWaitingMs: number | null;
  oldestDueMs: number | null;
}

/** What a person calls the job's state, from the verification's status and its job's state. */
const STATE_SQL = `CASE WHEN v.status IN ('COMPLETED', 'FAILED') THEN v.status
                        WHEN j.state = 'running' THEN 'processing' ELSE 'queued' END`;
/** the latest webhook delivery's state: the list shows it beside the job (a read-only join) */
const WEBHOOK_SQL = `(SELECT d.state FROM webhook_deliveries d WHERE d.tracking_id = v.tracking_id
                       ORDER BY d.created_at DESC, d.id DESC LIMIT 1)`;

type Param = string | number;

/** The expressions whose spelling differs between the backends (SQLite's json functions, PostgreSQL's jsonb). */
const DIALECT_SQL = {
  sqlite: {
    like: "LIKE",
    score: "json_extract(v.result, '$.confidenceScore')",
    criticalFlags: `(SELECT count(*) FROM json_each(v.result, '$.flags')
                      WHERE json_extract(value, '$.severity') = 'CRITICAL')`,
    candidateName: "json_extract(v.result, '$.candidateName')",
  },
  // PostgreSQL's LIKE is case-sensitive; SQLite's is not for ASCII, which the list promises
  postgres: {
    like: "ILIKE",
    score: "(v.result::jsonb ->> 'confidenceScore')::float8",
    criticalFlags: `(SELECT count(*) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(v.result::jsonb -> 'flags') = 'array'
                      THEN v.result::jsonb -> 'flags' ELSE '[]'::jsonb END) f WHERE f ->> 'severity' = 'CRITICAL')::int`,
    candidateName: "v.result::jsonb ->> 'candidateName'",
  },
} as const;

/** The read side of verifications, for the operator's faces (dashboard and CLI); another backend implements this. */
export interface VerificationLists {
  listJobs(filter: JobFilter, clientId: string | null, limit?: number): Promise<JobPage>;
  stateCounts(since: number): Promise<Record<string, number>>;
  queue(now: number): Promise<QueueState>;
  countsByClientSince(since: number): Promise<Map<string, number>>;
}

/**
 * VerificationLists over SQL (SQLite or PostgreSQL): the filtered, paged jobs list and the overview's counts. Read-only;
 * rows are joined with their job, client and latest delivery.
 */
export class VerificationListStore implements VerificationLists {
  private readonly sql: (typeof DIALECT_SQL)[keyof typeof DIALECT_SQL];

  constructor(private readonly db: Queryable) {
    this.sql = DIALECT_SQL[dialectOf(db)];
  }

  /** One page of jobs, newest first, with keyset paging (stable while new jobs arrive). */
  async listJobs(f: JobFilter, clientId: string | null, limit = PAGE_SIZE): Promise<JobPage> {
    const where: string[] = [];
    const params: Param[] = [];
    if (f.state === "webhook_failed") where.push(`${WEBHOOK_SQL} = 'failed'`);
    else if (f.state) {
      where.push(`${STATE_SQL} = ?`);
      params.push(f.state);
    }
    if (f.client !== null) {
      where.push("v.client_id = ?");
      params.push(clientId ?? "");
    }
    if (f.username) {
      where.push(`v.host_username ${this.sql.like} ? ESCAPE '\\'`);
      params.push(`${f.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const from = f.from ? dayStartUtc(f.from) : null;
    const to = f.to ? dayStartUtc(f.to) : null;
    if (from !== null) {
      where.push("v.created_at >= ?");
      params.push(from);
    }
    if (to !== null) {
      where.push("v.created_at < ?");
      params.push(to + 86_400_000);
    }
    const base = `FROM verifications v LEFT JOIN jobs j ON j.id = v.job_id JOIN clients c ON c.id = v.client_id`;
    const filterSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
    const total = (await this.db
      .query<{ n: number }, Param[]>(`SELECT count(*) AS n ${base} ${filterSql}`)
      .get(...params))!.n;

    const pageWhere = [...where];
    const pageParams = [...params];
    const cursor = f.before ?? f.after;
    if (cursor) {
      pageWhere.push(f.before ? "(v.created_at, v.tracking_id) < (?, ?)" : "(v.created_at, v.tracking_id) > (?, ?)");
      pageParams.push(cursor.createdAt, cursor.trackingId);
    }
    const order = f.after ? "ASC" : "DESC";
    const sql = `SELECT v.tracking_id, v.client_id, c.name AS client_name, v.host_username, v.accounts, ${STATE_SQL} AS state,
                        CASE WHEN v.status = 'COMPLETED' THEN ${this.sql.score} END AS score,
                        CASE WHEN v.status = 'COMPLETED' THEN ${this.sql.criticalFlags} END AS critical_flags,
                        ${this.sql.candidateName} AS candidate_name,
                        v.error_code, v.created_at, v.completed_at, j.attempts, ${WEBHOOK_SQL} AS webhook_state
                   ${base} ${pageWhere.length ? `WHERE ${pageWhere.join(" AND ")}` : ""}
                  ORDER BY v.created_at ${order}, v.tracking_id ${order} LIMIT ?`;
    const fetched = await this.db.query<JobListRow, Param[]>(sql).all(...pageParams, limit + 1);
    const more = fetched.length > limit;
    let rows = fetched.slice(0, limit).map(toJobSummary);
    if (f.after) rows = rows.reverse();
    const first = rows[0];
    const last = rows[rows.length - 1];
    const pos = (r: JobSummary): Cursor => ({ createdAt: r.createdAt, trackingId: r.trackingId });
    return {
      rows,
      total,
      older: last && (f.after ? true : more) ? pos(last) : null,
      newer: first && (f.before ? true : f.after ? more : false) ? pos(first) : null,
    };
  }

  /** Jobs created at or after `since`, by state. */
  async stateCounts(since: number): Promise<Record<string, number>> {
    const rows = await this.db
      .query<{ state: string; n: number }, [number]>(
        `SELECT ${STATE_SQL} AS state, count(*) AS n FROM verifications v LEFT JOIN jobs j ON j.id = v.job_id
          WHERE v.created_at >= ? GROUP BY 1`,
      )
      .all(since);
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }

  /** Waiting work: how many verifications are queued or running, and how long the oldest has waited. */
  async queue(now: number): Promise<QueueState> {
    const r = (await this.db
      .query<{ waiting: number; running: number; oldest: number | null; due: number | null }, [number]>(
        `SELECT coalesce(sum(CASE WHEN j.state = 'queued' THEN 1 ELSE 0 END), 0) AS waiting,
                coalesce(sum(CASE WHEN j.state = 'running' THEN 1 ELSE 0 END), 0) AS running,
                min(v.created_at) AS oldest,
                min(CASE WHEN j.state = 'queued' AND j.run_at <= ? THEN j.run_at END) AS due
           FROM verifications v JOIN jobs j ON j.id = v.job_id WHERE v.status IN ('queued', 'processing')`,
      )
      .get(now))!;
    return {
      waiting: r.waiting,
      running: r.running,
      oldestWaitingMs: r.oldest === null ? null : now - r.oldest,
      oldestDueMs: r.due === null ? null : now - r.due,
    };
  }

  /** Verifications created at or after `since`, by client id (clients without any are absent). */
  async countsByClientSince(since: number): Promise<Map<string, number>> {
    const rows = await this.db
      .query<{ client_id: string; n: number }, [number]>(
        "SELECT client_id, count(*) AS n FROM verifications WHERE created_at >= ? GROUP BY client_id",
      )
      .all(since);
    return new Map(rows.map((r) => [r.client_id, r.n]));
  }
}
