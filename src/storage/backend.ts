import { openDatabase } from "./database.ts";
import { appliedMigrations, migrate } from "./migrate.ts";
import { MIGRATIONS } from "./migrations/index.ts";
import { PostgresDatabase, type PostgresOptions } from "./postgres/postgres-database.ts";
import type { Database } from "./sql-database.ts";

/** Where the data lives: DATABASE_URL (PostgreSQL) when set, else the SQLite file in DATA_DIR. */
export interface StorageSettings {
  dbPath: string;
  databaseUrl: string | null;
  dbSynchronous?: "FULL" | "NORMAL";
  /** PostgreSQL: connections per process (DB_POOL_SIZE) */
  dbPoolSize?: number;
  /** PostgreSQL: the server ends a statement running longer (DB_STATEMENT_TIMEOUT) */
  dbStatementTimeoutMs?: number;
  /** PostgreSQL: opening a connection may take this long (DB_CONNECT_TIMEOUT) */
  dbConnectTimeoutMs?: number;
}

/** Connect to PostgreSQL at `url`; migrated unless `migrate: false`. Rejects when the server cannot be used. */
export async function openPostgres(
  url: string,
  opts: PostgresOptions & { migrate?: boolean } = {},
): Promise<PostgresDatabase> {
  const db = new PostgresDatabase(url, opts);
  try {
    if (opts.migrate !== false) await migrate(db);
    else await db.query("SELECT 1").get(); // fail fast on a wrong URL
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** Open (and migrate, unless `migrate: false`) the configured backend. */
export function openStorage(s: StorageSettings, opts: { migrate?: boolean } = {}): Promise<Database> {
  if (s.databaseUrl)
    return openPostgres(s.databaseUrl, {
      migrate: opts.migrate,
      poolSize: s.dbPoolSize,
      statementTimeoutMs: s.dbStatementTimeoutMs,
      connectTimeoutMs: s.dbConnectTimeoutMs,
    });
  return openDatabase(s.dbPath, { synchronous: s.dbSynchronous, migrate: opts.migrate });
}

/** Apply the pending migrations; the versions applied now, all versions applied, and how many this build knows. */
export async function migrateStorage(db: Database): Promise<{ applied: number[]; current: number[]; known: number }> {
  const applied = await migrate(db);
  return { applied, current: await appliedMigrations(db), known: MIGRATIONS.length };
}

/** Run a periodic task on one replica at a time (see Database.runAlone); null when another replica runs it. */
export function runAlone<T>(db: Database, name: string, fn: () => Promise<T>): Promise<T | null> {
  return db.runAlone(name, fn);
}

/** Channels notified by the PostgreSQL triggers of migration 0005 (migrations/0005_shared_state.postgres.sql). */
export type WakeChannel = "claimcheck_jobs" | "claimcheck_webhooks";

/**
 * Call `fn` whenever another replica (or a CLI command) makes work due on `channel`; a no-op on SQLite,
 * where the one process wakes its loops itself. Resolves with an unsubscribe.
 */
export function onRemoteWake(db: Database, channel: WakeChannel, fn: () => void): Promise<() => void> {
  return db.listen(channel, fn);
}
