import type { Database, Queryable } from "../storage/index.ts";
import { CallbackStore } from "./callback-store.ts";
import type { Assessment, AssessmentState, AtsKind, Connection } from "./types.ts";

interface ConnectionRow {
  id: string;
  kind: AtsKind;
  client_id: string;
  name: string;
  api_key_id: string;
  tests: string;
  ashby_api_key: string | null;
  ashby_api_url: string | null;
  created_at: number;
  revoked_at: number | null;
}

interface AssessmentRow {
  id: string;
  connection_id: string;
  test_id: string;
  candidate_name: string;
  candidate_email: string | null;
  external_ref: string | null;
  callback_url: string | null;
  callback_auth: string | null;
  state: AssessmentState;
  detail: string | null;
  tracking_id: string | null;
  accounts: string | null;
  rerun_token_hash: string;
  report_link_id: string | null;
  report_token_hash: string | null;
  has_resume: number;
  last_update_at: number;
  created_at: number;
  updated_at: number;
}

const list = (s: string | null): string[] => {
  try {
    const v = s ? (JSON.parse(s) as unknown) : [];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

const toConnection = (r: ConnectionRow): Connection => ({
  id: r.id,
  kind: r.kind,
  clientId: r.client_id,
  name: r.name,
  apiKeyId: r.api_key_id,
  tests: list(r.tests),
  ashbyApiKey: r.ashby_api_key,
  ashbyApiUrl: r.ashby_api_url,
  createdAt: Number(r.created_at),
  revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
});

const toAssessment = (r: AssessmentRow): Assessment => ({
  id: r.id,
  connectionId: r.connection_id,
  testId: r.test_id,
  candidateName: r.candidate_name,
  candidateEmail: r.candidate_email,
  externalRef: r.external_ref,
  callbackUrl: r.callback_url,
  callbackAuth: r.callback_auth,
  state: r.state,
  detail: r.detail,
  trackingId: r.tracking_id,
  accounts: list(r.accounts),
  rerunTokenHash: r.rerun_token_hash,
  reportLinkId: r.report_link_id,
  reportTokenHash: r.report_token_hash,
  hasResume: Number(r.has_resume) === 1,
  lastUpdateAt: Number(r.last_update_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const ASSESSMENT_COLUMNS = `id, connection_id, test_id, candidate_name, candidate_email, external_ref, callback_url,
  callback_auth, state, detail, tracking_id, accounts, rerun_token_hash, report_link_id, report_token_hash,
  CASE WHEN resume_pdf IS NULL THEN 0 ELSE 1 END AS has_resume, last_update_at, created_at, updated_at`;

/** Every SQL statement about ATS connections, their assessments and the calls owed to them. */
export class IntegrationStore extends CallbackStore {
  on(q: Queryable): IntegrationStore {
    return q === this.db ? this : new IntegrationStore(q);
  }

  transaction<T>(fn: (store: IntegrationStore) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx) => fn(new IntegrationStore(tx)));
  }

  async insertConnection(c: Connection): Promise<void> {
    await this.db
      .query(
        `INSERT INTO ats_connections (id, kind, client_id, name, api_key_id, tests, ashby_api_key, ashby_api_url, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        c.id,
        c.kind,
        c.clientId,
        c.name,
        c.apiKeyId,
        JSON.stringify(c.tests),
        c.ashbyApiKey,
        c.ashbyApiUrl,
        c.createdAt,
      );
  }

  async connections(): Promise<Connection[]> {
    const rows = await this.db.query<ConnectionRow>("SELECT * FROM ats_connections ORDER BY created_at, id").all();
    return rows.map(toConnection);
  }

  async connection(id: string): Promise<Connection | null> {
    const r = await this.db.query<ConnectionRow, [string]>("SELECT * FROM ats_connections WHERE id = ?").get(id);
    return r ? toConnection(r) : null;
  }

  async connectionByKey(apiKeyId: string): Promise<Connection | null> {
    const r = await this.db
      .query<ConnectionRow, [string]>("SELECT * FROM ats_connections WHERE api_key_id = ? AND revoked_at IS NULL")
      .get(apiKeyId);
    return r ? toConnection(r) : null;
  }

  async revokeConnection(id: string, now: number): Promise<boolean> {
    const r = await this.db
      .query("UPDATE ats_connections SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
      .run(now, id);
    return r.changes > 0;
  }

  async insertAssessment(
    a: Omit<Assessment, "hasResume" | "updatedAt" | "lastUpdateAt" | "reportLinkId" | "reportTokenHash"> & {
      resumePdf: string | null;
    },
  ): Promise<void> {
    await this.db
      .query(
        `INSERT INTO ats_assessments (id, connection_id, test_id, candidate_name, candidate_email, external_ref,
           callback_url, callback_auth, state, detail, tracking_id, accounts, rerun_token_hash, resume_pdf,
           created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        a.id,
        a.connectionId,
        a.testId,
        a.candidateName,
        a.candidateEmail,
        a.externalRef,
        a.callbackUrl,
        a.callbackAuth,
        a.state,
        a.detail,
        a.trackingId,
        JSON.stringify(a.accounts),
        a.rerunTokenHash,
        a.resumePdf,
        a.createdAt,
        a.createdAt,
      );
  }

  async assessment(id: string): Promise<Assessment | null> {
    const r = await this.db
      .query<AssessmentRow, [string]>(`SELECT ${ASSESSMENT_COLUMNS} FROM ats_assessments WHERE id = ?`)
      .get(id);
    return r ? toAssessment(r) : null;
  }

  async assessmentByRerunToken(tokenHash: string): Promise<Assessment | null> {
    const r = await this.db
      .query<AssessmentRow, [string]>(`SELECT ${ASSESSMENT_COLUMNS} FROM ats_assessments WHERE rerun_token_hash = ?`)
      .get(tokenHash);
    return r ? toAssessment(r) : null;
  }

  /** The assessment whose report link's token has this SHA-256 (the link itself may be gone with its result). */
  async assessmentByReportToken(tokenHash: string): Promise<Assessment | null> {
    const r = await this.db
      .query<AssessmentRow, [string]>(`SELECT ${ASSESSMENT_COLUMNS} FROM ats_assessments WHERE report_token_hash = ?`)
      .get(tokenHash);
    return r ? toAssessment(r) : null;
  }

  async assessmentByTracking(trackingId: string): Promise<Assessment | null> {
    const r = await this.db
      .query<AssessmentRow, [string]>(`SELECT ${ASSESSMENT_COLUMNS} FROM ats_assessments WHERE tracking_id = ?`)
      .get(trackingId);
    return r ? toAssessment(r) : null;
  }

  /** An assessment of the same thing (an Ashby application) still under way or waiting for an account. */
  async liveAssessmentFor(connectionId: string, externalRef: string): Promise<boolean> {
    const r = await this.db
      .query<{ id: string }, [string, string]>(
        `SELECT id FROM ats_assessments WHERE connection_id = ? AND external_ref = ? AND state IN ('queued', 'needs_account') LIMIT 1`,
      )
      .get(connectionId, externalRef);
    return r !== null;
  }

  async assessmentsOf(connectionId: string, limit = 50): Promise<Assessment[]> {
    const rows = await this.db
      .query<AssessmentRow, [string, number]>(
        `SELECT ${ASSESSMENT_COLUMNS} FROM ats_assessments WHERE connection_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(connectionId, limit);
    return rows.map(toAssessment);
  }

  async countAssessments(): Promise<number> {
    const r = await this.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM ats_assessments").get();
    return Number(r?.n ?? 0);
  }

  async resumePdf(id: string): Promise<Uint8Array | null> {
    const r = await this.db
      .query<{ resume_pdf: string | null }, [string]>("SELECT resume_pdf FROM ats_assessments WHERE id = ?")
      .get(id);
    return r?.resume_pdf ? new Uint8Array(Buffer.from(r.resume_pdf, "base64")) : null;
  }

  /** Retention: the resumes kept for a re-run that never came, once `before` passed; how many. */
  async purgeHeldResumes(before: number): Promise<number> {
    const r = await this.db
      .query("UPDATE ats_assessments SET resume_pdf = NULL WHERE resume_pdf IS NOT NULL AND updated_at < ?")
      .run(before);
    return r.changes;
  }

  /** Move an assessment on: its state, why, its verification, what the ATS is shown; the resume kept or dropped. */
  async setState(
    id: string,
    s: {
      state: AssessmentState;
      detail?: string | null;
      trackingId?: string | null;
      accounts?: string[];
      /** the report's share link given to the ATS (null: none) */
      reportLink?: { id: string; tokenHash: string } | null;
      dropResume?: boolean;
      dropCallbackAuth?: boolean;
    },
    now: number,
  ): Promise<void> {
    const sets = ["state = ?", "updated_at = ?"];
    const params: unknown[] = [s.state, now];
    const add = (col: string, v: unknown) => {
      sets.push(`${col} = ?`);
      params.push(v);
    };
    if (s.detail !== undefined) add("detail", s.detail);
    if (s.trackingId !== undefined) add("tracking_id", s.trackingId);
    if (s.accounts !== undefined) add("accounts", JSON.stringify(s.accounts));
    if (s.reportLink !== undefined) {
      add("report_link_id", s.reportLink?.id ?? null);
      add("report_token_hash", s.reportLink?.tokenHash ?? null);
    }
    if (s.dropResume) sets.push("resume_pdf = NULL");
    if (s.dropCallbackAuth) sets.push("callback_auth = NULL");
    await this.db.query(`UPDATE ats_assessments SET ${sets.join(", ")} WHERE id = ?`).run(...params, id);
  }

  /** The next update timestamp of an assessment: after the last one, never equal (Ashby's order). */
  async nextUpdateTimestamp(id: string, now: number): Promise<number> {
    const r = await this.db
      .query<{ last_update_at: number }, [string]>("SELECT last_update_at FROM ats_assessments WHERE id = ?")
      .get(id);
    const ts = Math.max(now, Number(r?.last_update_at ?? 0) + 1);
    await this.db.query("UPDATE ats_assessments SET last_update_at = ? WHERE id = ?").run(ts, id);
    return ts;
  }
}
