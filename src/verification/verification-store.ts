import type { Queryable } from "../storage/index.ts";
import { accountText, storedAccounts } from "./accounts-field.ts";
import type { NewVerification, Verification } from "./verifications.ts";

/** A verifications row as SQL returns it (joined with its job's state); it stays behind the store. */
interface VerificationRow {
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

type VerificationView = VerificationRow & { job_state: string | null };

function toVerification(r: VerificationView): Verification {
  return {
    trackingId: r.tracking_id,
    clientId: r.client_id,
    apiKeyId: r.api_key_id,
    jobId: r.job_id,
    hostUsername: r.host_username,
    accounts: storedAccounts(r.accounts),
    resumeSha256: r.resume_sha256,
    resumeSize: r.resume_size,
    resumeFilename: r.resume_filename,
    resumeStored: r.resume_stored === 1,
    status: r.status,
    result: r.result,
    timelines: r.timelines,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    createdAt: r.created_at,
    startedAt: r.started_at,
    completedAt: r.completed_at,
    stage: r.stage ?? null,
    stageDetail: r.stage_detail ?? null,
    jobState: r.job_state,
  };
}

/** Every SQL statement about verifications, their PDFs and idempotency records. */
export class VerificationStore {
  constructor(private readonly db: Queryable) {}

  /** The same statements inside a transaction (or savepoint). */
  on(q: Queryable): VerificationStore {
    return q === this.db ? this : new VerificationStore(q);
  }

  insert(v: NewVerification): Promise<unknown> {
    return this.db
      .query(
        `INSERT INTO verifications (tracking_id, client_id, api_key_id, job_id, host_username, accounts, resume_sha256,
                                    resume_size, resume_filename, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?)`,
      )
      .run(
        v.trackingId,
        v.clientId,
        v.apiKeyId,
        v.jobId,
        v.hostUsername,
        v.accounts.length ? JSON.stringify(v.accounts.map(accountText)) : null,
        v.resumeSha256,
        v.resumeSize,
        v.resumeFilename,
        v.createdAt,
      );
  }

  /** The verification as its client may see it; null when absent or owned by another client. */
  async getForClient(trackingId: string, clientId: string): Promise<Verification | null> {
    const row = await this.db
      .query<VerificationView, [string, string]>(
        `SELECT v.*, j.state AS job_state FROM verifications v LEFT JOIN jobs j ON j.id = v.job_id
          WHERE v.tracking_id = ? AND v.client_id = ?`,
      )
      .get(trackingId, clientId);
    return row && toVerification(row);
  }

  async get(trackingId: string): Promise<Verification | null> {
    const row = await this.db
      .query<VerificationView, [string]>(
        `SELECT v.*, j.state AS job_state FROM verifications v LEFT JOIN jobs j ON j.id = v.job_id WHERE v.tracking_id = ?`,
      )
      .get(trackingId);
    return row && toVerification(row);
  }

  /** Whether the verification exists and still keeps its PDF (for the orphan sweep). */
  async keepsResume(trackingId: string): Promise<boolean> {
    return (
      (await this.db
        .query("SELECT 1 FROM verifications WHERE tracking_id = ? AND resume_stored = 1")
        .get(trackingId)) !== null
    );
  }

  async markStarted(trackingId: string, now: number): Promise<void> {
    await this.db
      .query("UPDATE verifications SET started_at = coalesce(started_at, ?) WHERE tracking_id = ?")
      .run(now, trackingId);
  }

  /** A job in progress's stage and its detail in its row (PostgreSQL: replicas answer each other's polls). */
  async setStage(trackingId: string, stage: string | null, detail: string | null = null): Promise<void> {
    await this.db
      .query("UPDATE verifications SET stage = ?, stage_detail = ? WHERE tracking_id = ?")
      .run(stage, detail, trackingId);
  }

  /** Record the final state once: a second call (a duplicate run) changes nothing and returns false. */
  async finish(
    trackingId: string,
    f: {
      status: "COMPLETED" | "FAILED";
      result: string;
      timelines: string | null;
      errorCode: string | null;
      errorMessage: string | null;
      now: number;
    },
  ): Promise<boolean> {
    const r = await this.db
      .query(
        `UPDATE verifications SET status = ?, result = ?, timelines = ?, error_code = ?, error_message = ?, completed_at = ?
          WHERE tracking_id = ? AND status IN ('queued', 'processing')`,
      )
      .run(f.status, f.result, f.timelines, f.errorCode, f.errorMessage, f.now, trackingId);
    return r.changes === 1;
  }

  /** Accepted verifications of the client in the UTC month 'YYYY-MM'. */
  async usage(clientId: string, month: string): Promise<number> {
    const row = await this.db
      .query<{ accepted: number }, [string, string]>(
        "SELECT accepted FROM client_usage WHERE client_id = ? AND month = ?",
      )
      .get(clientId, month);
    return row?.accepted ?? 0;
  }

  countUsage(clientId: string, month: string): Promise<unknown> {
    return this.db
      .query(
        `INSERT INTO client_usage (client_id, month, accepted) VALUES (?, ?, 1)
         ON CONFLICT (client_id, month) DO UPDATE SET accepted = client_usage.accepted + 1`,
      )
      .run(clientId, month);
  }

  async recentByKey(keyId: string, since: number): Promise<number[]> {
    const rows = await this.db
      .query<{ created_at: number }, [string, number]>(
        "SELECT created_at FROM verifications WHERE api_key_id = ? AND created_at > ? ORDER BY created_at",
      )
      .all(keyId, since);
    return rows.map((r) => r.created_at);
  }

  async idempotencyRecord(clientId: string, key: string): Promise<{ requestHash: string; trackingId: string } | null> {
    const row = await this.db
      .query<{ request_hash: string; tracking_id: string }, [string, string]>(
        "SELECT request_hash, tracking_id FROM idempotency_keys WHERE client_id = ? AND idem_key = ?",
      )
      .get(clientId, key);
    return row && { requestHash: row.request_hash, trackingId: row.tracking_id };
  }

  insertIdempotency(
    clientId: string,
    key: string,
    requestHash: string,
    trackingId: string,
    now: number,
  ): Promise<unknown> {
    return this.db
      .query(
        "INSERT INTO idempotency_keys (client_id, idem_key, request_hash, tracking_id, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(clientId, key, requestHash, trackingId, now);
  }

  async purgeIdempotency(before: number): Promise<number> {
    return (await this.db.query("DELETE FROM idempotency_keys WHERE created_at < ?").run(before)).changes;
  }

  /** Verifications that ended before `before` and still keep their PDF (a bounded batch). */
  async resumesToPurge(before: number, limit = 1000): Promise<string[]> {
    const rows = await this.db
      .query<{ tracking_id: string }, [number, number]>(
        "SELECT tracking_id FROM verifications WHERE resume_stored = 1 AND completed_at < ? ORDER BY completed_at LIMIT ?",
      )
      .all(before, limit);
    return rows.map((r) => r.tracking_id);
  }

  async markResumeDeleted(trackingId: string): Promise<void> {
    await this.db.query("UPDATE verifications SET resume_stored = 0 WHERE tracking_id = ?").run(trackingId);
  }

  async countsByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .query<{ status: string; n: number }, []>("SELECT status, count(*) AS n FROM verifications GROUP BY status")
      .all();
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }
}
