import { appliedMigrations, migrate, openDatabase } from "./database.ts";
import { MIGRATIONS } from "./migrations/index.ts";
import { migratePostgres, openPostgres } from "./postgres/migrate.ts";
import { POSTGRES_MIGRATIONS } from "./postgres/migrations/index.ts";
import { PostgresDatabase } from "./postgres/postgres-database.ts";
import { advisoryKey } from "./postgres/sql-text.ts";
import type { Database, SqlParams, Transaction } from "./sql-database.ts";

/** Where the data lives: DATABASE_URL (PostgreSQL) when set, else the SQLite file in DATA_DIR. */
export interface StorageSettings {
  dbPath: string;
  databaseUrl: string | null;
  dbSynchronous?: "FULL" | "NORMAL";
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Open (and migrate, unless `migrate: false`) the configured backend. */
export function openStorage(s: StorageSettings, opts: { migrate?: boolean } = {}): Database {
  if (s.databaseUrl) return openPostgres(s.databaseUrl, { migrate: opts.migrate });
  return openDatabase(s.dbPath, { synchronous: s.dbSynchronous, migrate: opts.migrate });
}

/** Apply the backend's pending migrations; the versions applied now and all versions applied. */
export function migrateStorage(db: Database): { applied: number[]; current: number[]; known: number } {
  if (db instanceof PostgresDatabase) {
    const applied = migratePostgres(db);
    const current = db
      .query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version")
      .all()
      .map((r) => r.version);
    return { applied, current, known: POSTGRES_MIGRATIONS.length };
  }
  const sqlite = db as Parameters<typeof migrate>[0];
  const applied = migrate(sqlite);
  return { applied, current: appliedMigrations(sqlite), known: MIGRATIONS.length };
}

/**
 * A write transaction whose correctness rests on row locks and fencing tokens (the job engine, the
 * webhook dispatcher), not on a single writer: BEGIN IMMEDIATE on SQLite (its only write lock, taken up
 * front), a plain transaction on PostgreSQL so that replicas commit in parallel.
 */
export function fencedWrite<A extends SqlParams, T>(db: Database, tx: Transaction<A, T>): (...args: A) => T {
  return db instanceof PostgresDatabase ? tx.deferred : tx.immediate;
}

/**
 * Whether `db` can serialise a transaction by scope (lockScopes) rather than against every writer:
 * PostgreSQL; SQLite has one writer anyway.
 */
export function scopedLocks(db: Database): ((scopes: readonly string[]) => void) | null {
  return db instanceof PostgresDatabase ? (scopes) => db.lockScopes(scopes) : null;
}

/**
 * Run a periodic task on one replica at a time: on PostgreSQL under pg_try_advisory_lock (null when
 * another replica holds it: that one is doing the work), directly on SQLite (one process).
 */
export function runAlone<T>(db: Database, name: string, fn: () => T): T | null {
  if (!(db instanceof PostgresDatabase)) return fn();
  const key = advisoryKey(`claimcheck:alone:${name}`);
  const got = db.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS ok`).get();
  if (!got?.ok) return null;
  try {
    return fn();
  } finally {
    db.query(`SELECT pg_advisory_unlock(${key})`).get();
  }
}

/** Channels notified by the PostgreSQL triggers of migration 0002 (postgres/migrations). */
export type WakeChannel = "claimcheck_jobs" | "claimcheck_webhooks";

/**
 * Call `fn` whenever another replica (or a CLI command) makes work due on `channel`; a no-op on SQLite,
 * where the one process wakes its loops itself. Returns an unsubscribe.
 */
export function onRemoteWake(db: Database, channel: WakeChannel, fn: () => void): () => void {
  return db instanceof PostgresDatabase ? db.listen(channel, fn) : () => {};
}
