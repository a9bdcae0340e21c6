import { MIGRATIONS, type Migration, OLD_VERSIONS, SQLITE_FRESH_SCHEMA } from "./migrations/index.ts";
import type { Database, Queryable } from "./sql-database.ts";

/** The lock every migrating process holds while it migrates: replicas starting together migrate once. */
export const MIGRATION_LOCK = "claimcheck:migrations";

const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/**
 * Apply every migration not yet recorded, in version order, together in one transaction, forward only;
 * the versions applied now. Safe to race: on PostgreSQL the whole run holds the migration lock (a second
 * replica waits for it, then finds every version recorded); on SQLite the migrations' transaction holds the
 * file's write lock and reads the recorded versions inside it. A database recorded in an older numbering
 * (OLD_VERSIONS) is renumbered first, nothing re-run; one whose history disagrees with this build's (a
 * version recorded under another name) is refused before anything is changed.
 *
 * A new SQLite file (no table yet) gets the schema the whole history ends with in one script,
 * `freshSchema` (SQLITE_FRESH_SCHEMA for this build's history), and every version recorded: the same
 * schema as applying the twenty migrations one by one (test/storage/fresh-schema.test.ts), in about half
 * the time at the start. Every other database, and PostgreSQL always, is migrated version by version.
 */
export function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
  oldVersions: typeof OLD_VERSIONS = OLD_VERSIONS,
  freshSchema: string | null = migrations === MIGRATIONS ? SQLITE_FRESH_SCHEMA : null,
): Promise<number[]> {
  return db.exclusively(MIGRATION_LOCK, () => migrateHoldingTheLock(db, migrations, oldVersions, freshSchema));
}

async function migrateHoldingTheLock(
  db: Database,
  migrations: readonly Migration[],
  oldVersions: typeof OLD_VERSIONS,
  freshSchema: string | null,
): Promise<number[]> {
  // the bookkeeping and every pending migration in one transaction: one commit (one fsync under
  // synchronous=FULL) for a new database's whole history instead of one per version; a failure leaves
  // the schema and its history as they were
  return db.transaction(
    async (tx) => {
      await tx.exec(BOOKKEEPING);
      await renumberOld(tx, migrations, oldVersions[tx.dialect]);
      // read inside the transaction: on SQLite it holds the write lock, so no other process applies one meanwhile
      const done = new Set(await appliedMigrations(tx));
      const applied: number[] = [];
      const now = new Date().toISOString();
      const ordered = [...migrations].sort((a, b) => a.version - b.version);
      if (freshSchema !== null && tx.dialect === "sqlite" && done.size === 0 && (await hasNoTables(tx))) {
        await tx.exec(freshSchema);
        await tx
          .query(
            `INSERT INTO schema_migrations (version, name, applied_at) VALUES ${ordered.map(() => "(?, ?, ?)").join(", ")}`,
          )
          .run(...ordered.flatMap((m) => [m.version, m.name, now]));
        return ordered.map((m) => m.version);
      }
      for (const m of ordered) {
        if (done.has(m.version)) continue;
        const text = tx.dialect === "postgres" ? m.postgres : m.sqlite;
        if (!isOnlyComments(text)) await tx.exec(text);
        await tx
          .query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)")
          .run(m.version, m.name, now);
        applied.push(m.version);
      }
      return applied;
    },
    { statementTimeoutMs: 0 }, // a migration of a large table may take its time
  );
}

/** A SQLite file with no table but the bookkeeping: nothing was ever migrated into it. */
async function hasNoTables(tx: Queryable): Promise<boolean> {
  const row = await tx
    .query<{ n: number }, []>(
      "SELECT count(*) AS n FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'",
    )
    .get();
  return row?.n === 0;
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
 * A database migrated by a release that numbered this dialect's migrations otherwise (PostgreSQL's were
 * numbered on their own) records them by their old numbers and names: record the same history under
 * this one's versions instead, keeping when each was applied. Nothing is run again. Every other recorded
 * version must be this history's under the same name (versions above it are a newer build's): a history
 * that disagrees is refused before anything changes, since this build cannot tell what the database has.
 */
async function renumberOld(
  tx: Queryable,
  migrations: readonly Migration[],
  map: (typeof OLD_VERSIONS)["sqlite"],
): Promise<void> {
  const rows = await tx
    .query<{ version: number; name: string; applied_at: string }, []>(
      "SELECT version, name, applied_at FROM schema_migrations ORDER BY version",
    )
    .all();
  const named = new Map(migrations.map((m) => [m.version, m.name]));
  const isOld = (r: { version: number; name: string }) => map[r.name]?.old === r.version;
  // a version of this history recorded under another name: its changes are not the ones this build has
  const unreadable = rows.filter((r) => !isOld(r) && named.has(r.version) && named.get(r.version) !== r.name);
  if (unreadable.length > 0)
    throw new Error(
      `schema_migrations does not match this build's migration history (${unreadable.map((r) => `${r.version} ${r.name}`).join(", ")}): this build cannot tell which changes the database has; nothing was changed`,
    );
  const old = rows.filter(isOld);
  for (const r of old)
    await tx.query("DELETE FROM schema_migrations WHERE version = ? AND name = ?").run(r.version, r.name);
  for (const r of old) {
    for (const version of map[r.name]!.now) {
      const name = named.get(version);
      if (!name) throw new Error(`the migration list has no version ${version} (old ${r.name})`);
      await tx
        .query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)")
        .run(version, name, r.applied_at);
    }
  }
}
