import { MIGRATIONS, type Migration, OLD_POSTGRES_VERSIONS } from "./migrations/index.ts";
import type { Database, Queryable } from "./sql-database.ts";

/** The lock every migrating process holds while it migrates: replicas starting together migrate once. */
export const MIGRATION_LOCK = "claimcheck:migrations";

const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/**
 * Apply every migration not yet recorded, in version order, each in its own transaction, forward only;
 * the versions applied now. Safe to race: on PostgreSQL the whole run holds the migration lock (a second
 * replica waits for it, then finds every version recorded); on SQLite each migration's transaction holds
 * the file's write lock and checks its version again inside it. A
 * PostgreSQL database recorded in the old PostgreSQL-only numbering is renumbered first, nothing re-run.
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.exclusively(MIGRATION_LOCK, () => migrateHoldingTheLock(db, migrations));
}

async function migrateHoldingTheLock(db: Database, migrations: readonly Migration[]): Promise<number[]> {
  await db.transaction(async (tx) => {
    await tx.exec(BOOKKEEPING);
    if (tx.dialect === "postgres") await renumberOldPostgres(tx, migrations);
  });
  const done = new Set(await appliedMigrations(db));
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    const ran = await db.transaction(
      async (tx) => {
        if (await tx.query("SELECT 1 AS done FROM schema_migrations WHERE version = ?").get(m.version)) return false;
        const text = tx.dialect === "postgres" ? m.postgres : m.sqlite;
        if (!isOnlyComments(text)) await tx.exec(text);
        await tx
          .query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)")
          .run(m.version, m.name, new Date().toISOString());
        return true;
      },
      { statementTimeoutMs: 0 }, // a migration of a large table may take its time
    );
    if (ran) applied.push(m.version);
  }
  return applied;
}

/** A migration text that changes nothing in this dialect (its comment says why). */
function isOnlyComments(sql: string): boolean {
  return sql.replace(/--[^\n]*/g, "").trim() === "";
}

/** Versions recorded as applied, ascending. */
export async function appliedMigrations(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ version: number }, []>("SELECT version FROM schema_migrations ORDER BY version").all();
  return rows.map((r) => r.version);
}

/**
 * A database migrated by a release whose PostgreSQL migrations were numbered on their own records them
 * by their old numbers and names: record the same history as this one's versions instead (the old first
 * migration was this history's 1-4), keeping when each was applied. Nothing is run again.
 */
async function renumberOldPostgres(tx: Queryable, migrations: readonly Migration[]): Promise<void> {
  const rows = await tx
    .query<{ version: number; name: string; applied_at: string }, []>(
      "SELECT version, name, applied_at FROM schema_migrations ORDER BY version",
    )
    .all();
  const old = rows.filter((r) => OLD_POSTGRES_VERSIONS[r.name]?.old === r.version);
  if (old.length === 0) return;
  const other = rows.filter((r) => !old.includes(r));
  if (other.length > 0)
    throw new Error(
      `schema_migrations mixes the old PostgreSQL numbering with versions it cannot map (${other.map((r) => `${r.version} ${r.name}`).join(", ")}): this build cannot tell which changes the database has`,
    );
  await tx.query("DELETE FROM schema_migrations").run();
  for (const r of old)
    for (const version of OLD_POSTGRES_VERSIONS[r.name]!.now) {
      const m = migrations.find((x) => x.version === version);
      if (!m) throw new Error(`the migration list has no version ${version} (old ${r.name})`);
      await tx
        .query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)")
        .run(version, m.name, r.applied_at);
    }
}
