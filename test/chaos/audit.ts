/**
 * What the chaos checks read from the service's own database, from outside the process: an audit
 * trigger (installed before the first start) logs every write of a final status, so a job finished
 * twice shows up even though the second write would land on an already-final row; plus the webhook
 * attempt log and SQLite's own integrity check.
 */
import { Database as SqliteFile } from "bun:sqlite";
import { join } from "node:path";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import { SqliteDatabase } from "../../src/storage/sqlite-database.ts";

export const dbPathOf = (dataDir: string) => join(dataDir, "claimcheck.db");

/**
 * PostgreSQL connections of this (campaign) process, one pool per database, kept open (a fresh
 * connection per read would cost a connection set-up each time). Closed by closeAuditConnections().
 */
const connections = new Map<string, Promise<Database>>();

export async function closeAuditConnections(): Promise<void> {
  for (const db of connections.values()) await (await db).close();
  connections.clear();
}

/** DATA_DIR's SQLite file (closed by the caller), or (replicas) the PostgreSQL database at `databaseUrl`. */
async function open(dataDir: string, readonly = false, databaseUrl: string | null = null): Promise<Database> {
  if (databaseUrl) {
    let db = connections.get(databaseUrl);
    if (!db) {
      db = openStorage({ dbPath: "", databaseUrl }, { migrate: false });
      connections.set(databaseUrl, db);
    }
    return kept(await db);
  }
  const raw = new SqliteFile(dbPathOf(dataDir), readonly ? { readonly: true } : {});
  raw.exec("PRAGMA busy_timeout = 10000");
  return new SqliteDatabase(raw, { waitTimeoutMs: 10_000 });
}

/** `db` with a close() that keeps it open (the cached pool outlives each read). */
function kept(db: Database): Database {
  return {
    dialect: db.dialect,
    query: (sql) => db.query(sql),
    exec: (sql) => db.exec(sql),
    transaction: (fn, opts) => db.transaction(fn, opts),
    check: (ms) => db.check(ms),
    runAlone: (name, fn) => db.runAlone(name, fn),
    exclusively: (name, fn) => db.exclusively(name, fn),
    listen: (channel, fn) => db.listen(channel, fn),
    close: async () => {},
  };
}

/**
 * Install the final-state audit: every UPDATE that writes COMPLETED or FAILED into a verification
 * (even over a row that already was final) adds a row to chaos_final_audit. The database must exist
 * and be migrated (run a CLI command such as `keys create` first).
 */
export async function installFinalAudit(dataDir: string, databaseUrl: string | null = null): Promise<void> {
  const db = await open(dataDir, false, databaseUrl);
  try {
    if (databaseUrl) {
      await db.exec(`CREATE TABLE IF NOT EXISTS chaos_final_audit (tracking_id TEXT NOT NULL, old_status TEXT, new_status TEXT NOT NULL);
        CREATE OR REPLACE FUNCTION chaos_final_audit_fn() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO chaos_final_audit (tracking_id, old_status, new_status) VALUES (NEW.tracking_id, OLD.status, NEW.status);
          RETURN NULL;
        END $$;
        CREATE OR REPLACE TRIGGER chaos_final_audit_trigger AFTER UPDATE OF status ON verifications
          FOR EACH ROW WHEN (NEW.status IN ('COMPLETED', 'FAILED')) EXECUTE FUNCTION chaos_final_audit_fn();`);
      return;
    }
    await db.exec(
      `CREATE TABLE IF NOT EXISTS chaos_final_audit (tracking_id TEXT NOT NULL, old_status TEXT, new_status TEXT NOT NULL)`,
    );
    await db.exec(`CREATE TRIGGER IF NOT EXISTS chaos_final_audit_trigger AFTER UPDATE OF status ON verifications
             WHEN NEW.status IN ('COMPLETED', 'FAILED')
             BEGIN INSERT INTO chaos_final_audit (tracking_id, old_status, new_status) VALUES (NEW.tracking_id, OLD.status, NEW.status); END`);
  } finally {
    await db.close();
  }
}

export interface Ledger {
  /** final-status writes per trackingId */
  finals: Map<string, number>;
  /** verification rows: trackingId -> status and error code */
  verifications: Map<string, { status: string; errorCode: string | null; score: number | null; hostUsername: string }>;
  /** webhook deliveries (one per event) per trackingId, with the newest one's state */
  deliveries: Map<string, { count: number; state: string }>;
}

/** Everything the checks need, read in one go. */
export async function readLedger(dataDir: string, databaseUrl: string | null = null): Promise<Ledger> {
  const db = await open(dataDir, true, databaseUrl);
  try {
    // verifications before the audit: a final status and its audit row commit together, so a job read final
    // here has its audit row in the read below (the other order misses a job that finishes between the reads)
    const verifications = new Map(
      (
        await db
          .query<{ t: string; status: string; code: string | null; result: string | null; host: string }, []>(
            "SELECT tracking_id AS t, status, error_code AS code, result, host_username AS host FROM verifications",
          )
          .all()
      ).map(
        (r) =>
          [
            r.t,
            {
              status: r.status,
              errorCode: r.code,
              hostUsername: r.host,
              score: r.result ? ((JSON.parse(r.result) as { confidenceScore?: number }).confidenceScore ?? null) : null,
            },
          ] as const,
      ),
    );
    const finals = new Map(
      (
        await db
          .query<{ t: string; n: number }, []>(
            "SELECT tracking_id AS t, count(*) AS n FROM chaos_final_audit GROUP BY tracking_id",
          )
          .all()
      ).map((r) => [r.t, r.n] as const),
    );
    const deliveries = new Map(
      (
        await db
          .query<{ t: string; n: number; state: string }, []>(
            "SELECT tracking_id AS t, count(*) AS n, max(state) AS state FROM webhook_deliveries WHERE tracking_id IS NOT NULL GROUP BY tracking_id",
          )
          .all()
      ).map((r) => [r.t, { count: r.n, state: r.state }] as const),
    );
    return { finals, verifications, deliveries };
  } finally {
    await db.close();
  }
}

/** The attempts running now: job id, the lease token that names the attempt, and the candidate. */
export async function runningAttempts(
  dataDir: string,
  databaseUrl: string | null = null,
): Promise<Array<{ id: number; token: string; login: string }>> {
  const db = await open(dataDir, true, databaseUrl);
  try {
    return await db
      .query<{ id: number; token: string; login: string }, []>(
        `SELECT j.id, j.lease_token AS token, v.host_username AS login
           FROM jobs j JOIN verifications v ON v.job_id = j.id WHERE j.state = 'running'`,
      )
      .all();
  } finally {
    await db.close();
  }
}

export interface AttemptLogRow {
  delivery_id: string;
  tracking_id: string;
  attempt: number;
  started_at: number;
  finished_at: number | null;
  outcome: string;
  state: string;
}

/** Every webhook attempt with its delivery's state, in order. */
export async function readAttempts(dataDir: string, databaseUrl: string | null = null): Promise<AttemptLogRow[]> {
  const db = await open(dataDir, true, databaseUrl);
  try {
    return await db
      .query<AttemptLogRow, []>(
        `SELECT a.delivery_id, d.tracking_id, a.attempt, a.started_at, a.finished_at, a.outcome, d.state
           FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE d.tracking_id IS NOT NULL ORDER BY a.delivery_id, a.attempt`,
      )
      .all();
  } finally {
    await db.close();
  }
}

/**
 * `PRAGMA integrity_check`: "ok" or SQLite's list of problems. On PostgreSQL (whose server owns the
 * files) the same question at the level the service can break: every verification has its job.
 */
export async function integrityCheck(dataDir: string, databaseUrl: string | null = null): Promise<string> {
  const db = await open(dataDir, true, databaseUrl);
  try {
    if (databaseUrl) {
      const orphans = (await db
        .query<{ n: number }>(
          "SELECT count(*) AS n FROM verifications v LEFT JOIN jobs j ON j.id = v.job_id WHERE j.id IS NULL",
        )
        .get())!.n;
      return orphans === 0 ? "ok" : `${orphans} verifications without their job`;
    }
    return (await db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all())
      .map((r) => r.integrity_check)
      .join("; ");
  } finally {
    await db.close();
  }
}

/** The outcomes that count as a failed attempt in the retry schedule (interrupted ones do not). */
export const FAILED_OUTCOMES = new Set(["http", "timeout", "dns", "connect", "tls", "blocked", "config"]);

export interface ScheduleCheck {
  /** gaps checked (a failed attempt followed by another attempt) */
  gaps: number;
  /** attempts that started before the schedule allowed */
  early: Array<{ delivery: string; attempt: number; byMs: number }>;
  /** how late retries started, beyond their due time (ms): restarts and leases add to it */
  lateMs: number[];
  /** deliveries that ended webhook_failed, and how many failed attempts they had */
  exhausted: Array<{ delivery: string; failures: number }>;
}

/**
 * The retry schedule as the attempt log shows it: after the n-th consecutive failure the next attempt
 * starts no earlier than `schedule[n-1]` after that failure was recorded. Interrupted attempts (the
 * process died during them) are not failures: they are retried when their lease lapses.
 */
export function checkSchedule(rows: AttemptLogRow[], schedule: readonly number[]): ScheduleCheck {
  const out: ScheduleCheck = { gaps: 0, early: [], lateMs: [], exhausted: [] };
  const byDelivery = new Map<string, AttemptLogRow[]>();
  for (const r of rows) byDelivery.set(r.delivery_id, [...(byDelivery.get(r.delivery_id) ?? []), r]);
  for (const [id, attempts] of byDelivery) {
    let failures = 0;
    for (let i = 0; i < attempts.length; i++) {
      const a = attempts[i]!;
      if (!FAILED_OUTCOMES.has(a.outcome)) continue;
      failures++;
      const next = attempts[i + 1];
      const delay = schedule[failures - 1];
      if (!next || delay === undefined || a.finished_at === null) continue;
      out.gaps++;
      const due = a.finished_at + delay;
      if (next.started_at < due) out.early.push({ delivery: id, attempt: next.attempt, byMs: due - next.started_at });
      else out.lateMs.push(next.started_at - due);
    }
    if (attempts[0]?.state === "failed") out.exhausted.push({ delivery: id, failures });
  }
  return out;
}
