import { Database as SqliteDatabase } from "bun:sqlite";
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS, type Migration } from "./migrations/index.ts";
import { ensurePrivateDir, ensurePrivateFile } from "./private-files.ts";

import type { Database } from "./sql-database.ts";

export type { Database, SqliteDatabase };

/**
 * Open (creating if needed) the service's SQLite file with the settings every connection needs:
 * WAL so readers never block the writer, busy_timeout so concurrent writers (the CLI beside a running
 * server) wait instead of failing, foreign keys on, and synchronous=FULL by default so a row committed
 * before a 202 survives power loss, not just a process crash (NORMAL: a crash of the process loses
 * nothing, a crash of the machine may lose the last commits; no fsync per commit).
 */
export function openDatabase(
  path: string,
  opts: { migrate?: boolean; busyTimeoutMs?: number; synchronous?: "FULL" | "NORMAL" } = {},
): SqliteDatabase {
  if (path !== ":memory:") {
    // 0700 directory, 0600 file (and so 0600 WAL and SHM), whatever the umask
    ensurePrivateDir(dirname(path));
    ensurePrivateFile(path);
  }
  const db = new SqliteDatabase(path, { create: true, strict: true });
  db.exec(`PRAGMA busy_timeout = ${Math.floor(opts.busyTimeoutMs ?? 5000)}`);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(`PRAGMA synchronous = ${opts.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  db.exec("PRAGMA foreign_keys = ON");
  if (opts.migrate !== false) migrate(db);
  return db;
}

/**
 * Apply every embedded migration not yet recorded, each in its own IMMEDIATE transaction, forward only.
 * Safe to race: a second process waits on the write lock and then finds the version recorded.
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    const run = db.transaction(() => {
      const done = db.query("SELECT 1 FROM schema_migrations WHERE version = ?").get(m.version);
      if (done) return false;
      db.exec(m.sql);
      db.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
      return true;
    });
    if (run.immediate()) applied.push(m.version);
  }
  return applied;
}

/** A transactionally consistent, compacted copy of the database (VACUUM INTO), taken while others write. */
export function backupTo(db: SqliteDatabase, file: string): void {
  ensurePrivateFile(file); // VACUUM INTO fills an empty file and keeps its 0600 mode
  try {
    db.query("VACUUM INTO ?").run(file);
  } catch (err) {
    rmSync(file, { force: true });
    throw err;
  }
}

/** Versions recorded as applied, ascending. */
export function appliedMigrations(db: Database): number[] {
  return db
    .query<{ version: number }, []>("SELECT version FROM schema_migrations ORDER BY version")
    .all()
    .map((r) => r.version);
}
