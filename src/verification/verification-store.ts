import type { Database } from "../storage/database.ts";
import { write } from "../storage/sql-database.ts";

export interface VerificationRow {
  tracking_id: string;
  client_id: string;
  api_key_id: string | null;
  job_id: number;
  host_username: string;
  /** the accounts on other hosts, a JSON array of "host:username" (migration 0011); null when none */
  accounts?: string | null;
  resume_sha256: string;
  resume_size: number;
  resume_filename: string | null;
  resume_stored: number;
  status: "queued" | "processing" | "COMPLETED" | "FAILED";
  result: string | null;
  timelines: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  /** a job in progress's stage, shared by replicas (PostgreSQL only; SQLite's one process keeps it in memory) */
  stage?: string | null;
  /** what that job waits for, as JSON (StageDetail; PostgreSQL only, like `stage`) */
  stage_detail?: string | null;
}

/** A verification joined with its job's state, which tells queued from processing. */
export type VerificationView = VerificationRow & { job_state: string | null };

/** Every SQL statement about verifications, their PDFs and idempotency records. */
export class VerificationStore {
  constructor(private readonly db: Database) {}

  insert(
    row: Omit<
      VerificationRow,
      | "status"
      | "result"
      | "timelines"
      | "error_code"
      | "error_message"
      | "started_at"
      | "completed_at"
      | "resume_stored"
    >,
  ): void {
    // in the acceptance transaction: pipelined on PostgreSQL (see `write`)
    write(
      this.db,
      `INSERT INTO verifications (tracking_id, client_id, api_key_id, job_id, host_username, accounts, resume_sha256,
                                  resume_size, resume_filename, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?)`,
      row.tracking_id,
      row.client_id,
      row.api_key_id,
      row.job_id,
      row.host_username,
      row.accounts ?? null,
      row.resume_sha256,
      row.resume_size,
      row.resume_filename,
      row.created_at,
    );
  }

  /** The verification as its client may see it; null when absent or owned by another client. */
  getForClient(trackingId: string, clientId: string): VerificationView | null {
    return this.db
      .query<VerificationView, [string, string]>(
        `SELECT v.*, j.state AS job_state FROM verifications v LEFT JOIN jobs j ON j.id = v.job_id
          WHERE v.tracking_id = ? AND v.client_id = ?`,
      )
      .get(trackingId, clientId);
  }

  get(trackingId: string): VerificationView | null {
    return this.db
      .query<VerificationView, [string]>(
        `SELECT v.*, j.state AS job_state FROM verifications v LEFT JOIN jobs j ON j.id = v.job_id WHERE v.tracking_id = ?`,
      )
      .get(trackingId);
  }

  /** Whether the verification exists and still keeps its PDF (for the orphan sweep). */
  keepsResume(trackingId: string): boolean {
    return (
      this.db.query("SELECT 1 FROM verifications WHERE tracking_id = ? AND resume_stored = 1").get(trackingId) !== null
    );
  }

  markStarted(trackingId: string, now: number): void {
    this.db
      .query("UPDATE verifications SET started_at = coalesce(started_at, ?) WHERE tracking_id = ?")
      .run(now, trackingId);
  }

  /** A job in progress's stage and its detail in its row (PostgreSQL: replicas answer each other's polls). */
  setStage(trackingId: string, stage: string | null, detail: string | null = null): void {
    this.db
      .query("UPDATE verifications SET stage = ?, stage_detail = ? WHERE tracking_id = ?")
      .run(stage, detail, trackingId);
  }

  /** Record the final state once: a second call (a duplicate run) changes nothing and returns false. */
  finish(
    trackingId: string,
    f: {
      status: "COMPLETED" | "FAILED";
      result: string;
      timelines: string | null;
      errorCode: string | null;
      errorMessage: string | null;
      now: number;
    },
  ): boolean {
    return (
      this.db
        .query(
          `UPDATE verifications SET status = ?, result = ?, timelines = ?, error_code = ?, error_message = ?, completed_at = ?
            WHERE tracking_id = ? AND status IN ('queued', 'processing')`,
        )
        .run(f.status, f.result, f.timelines, f.errorCode, f.errorMessage, f.now, trackingId).changes === 1
    );
  }

  /** Accepted verifications of the client in the UTC month 'YYYY-MM'. */
  usage(clientId: string, month: string): number {
    return (
      this.db
        .query<{ accepted: number }, [string, string]>(
          "SELECT accepted FROM client_usage WHERE client_id = ? AND month = ?",
        )
        .get(clientId, month)?.accepted ?? 0
    );
  }

  countUsage(clientId: string, month: string): void {
    write(
      this.db,
      `INSERT INTO client_usage (client_id, month, accepted) VALUES (?, ?, 1)
       ON CONFLICT (client_id, month) DO UPDATE SET accepted = client_usage.accepted + 1`,
      clientId,
      month,
    );
  }

  recentByKey(keyId: string, since: number): number[] {
    return this.db
      .query<{ created_at: number }, [string, number]>(
        "SELECT created_at FROM verifications WHERE api_key_id = ? AND created_at > ? ORDER BY created_at",
      )
      .all(keyId, since)
      .map((r) => r.created_at);
  }

  idempotencyRecord(clientId: string, key: string): { request_hash: string; tracking_id: string } | null {
    return this.db
      .query<{ request_hash: string; tracking_id: string }, [string, string]>(
        "SELECT request_hash, tracking_id FROM idempotency_keys WHERE client_id = ? AND idem_key = ?",
      )
      .get(clientId, key);
  }

  insertIdempotency(clientId: string, key: string, requestHash: string, trackingId: string, now: number): void {
    write(
      this.db,
      "INSERT INTO idempotency_keys (client_id, idem_key, request_hash, tracking_id, created_at) VALUES (?, ?, ?, ?, ?)",
      clientId,
      key,
      requestHash,
      trackingId,
      now,
    );
  }

  purgeIdempotency(before: number): number {
    return this.db.query("DELETE FROM idempotency_keys WHERE created_at < ?").run(before).changes;
  }

  /** Verifications that ended before `before` and still keep their PDF (a bounded batch). */
  resumesToPurge(before: number, limit = 1000): string[] {
    return this.db
      .query<{ tracking_id: string }, [number, number]>(
        "SELECT tracking_id FROM verifications WHERE resume_stored = 1 AND completed_at < ? ORDER BY completed_at LIMIT ?",
      )
      .all(before, limit)
      .map((r) => r.tracking_id);
  }

  markResumeDeleted(trackingId: string): void {
    this.db.query("UPDATE verifications SET resume_stored = 0 WHERE tracking_id = ?").run(trackingId);
  }

  countsByStatus(): Record<string, number> {
    const rows = this.db
      .query<{ status: string; n: number }, []>("SELECT status, count(*) AS n FROM verifications GROUP BY status")
      .all();
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }
}
