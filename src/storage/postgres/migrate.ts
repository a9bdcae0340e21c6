import type { Migration } from "../migrations/index.ts";
import { POSTGRES_MIGRATIONS } from "./migrations/index.ts";
import { PostgresDatabase, type PostgresOptions } from "./postgres-database.ts";
import { advisoryKey } from "./sql-text.ts";

/** Key of the session lock held while migrating: replicas starting together migrate once. */
export const MIGRATION_LOCK = advisoryKey("claimcheck:migrations");

/**
 * Apply every PostgreSQL migration not yet recorded, each in its own transaction, under a session
 * advisory lock: a replica that starts while another migrates waits, then finds the versions recorded.
 */
export function migratePostgres(
  db: PostgresDatabase,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
): number[] {
  db.execute(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`, []);
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const applied: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      const ran = db.transaction(() => {
        if (db.query("SELECT 1 AS done FROM schema_migrations WHERE version = ?").get(m.version)) return false;
        db.exec(m.sql);
        db.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
          m.version,
          m.name,
          new Date().toISOString(),
        );
        return true;
      })();
      if (ran) applied.push(m.version);
    }
    return applied;
  } finally {
    db.execute(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`, []);
  }
}

/** Connect to `url`; migrated unless `migrate: false`. */
export function openPostgres(url: string, opts: PostgresOptions & { migrate?: boolean } = {}): PostgresDatabase {
  const db = new PostgresDatabase(url, opts);
  try {
    if (opts.migrate !== false) migratePostgres(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
