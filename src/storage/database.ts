import { Database as BunSqlite } from "bun:sqlite";
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { appliedMigrations, migrate } from "./migrate.ts";
import { ensurePrivateDir, ensurePrivateFile } from "./private-files.ts";
import type { Database } from "./sql-database.ts";
import { SqliteDatabase } from "./sqlite-database.ts";

export type { Database };
export { appliedMigrations, migrate, SqliteDatabase };

/**
 * Open (creating if needed) the service's SQLite file with the settings every connection needs:
 * WAL so readers never block the writer, a file locked by another writer (the CLI beside a running
 * server) waited for up to `busyTimeoutMs` without holding the thread, instead of failing, foreign keys on, and synchronous=FULL by default so a row committed
 * before a 202 survives power loss, not just a process crash (NORMAL: a crash of the process loses
 * nothing, a crash of the machine may lose the last commits; no fsync per commit).
 */
export async function openDatabase(
  path: string,
  opts: { migrate?: boolean; busyTimeoutMs?: number; synchronous?: "FULL" | "NORMAL" } = {},
): Promise<SqliteDatabase> {
  if (path !== ":memory:") {
    // 0700 directory, 0600 file (and so 0600 WAL and SHM), whatever the umask
    ensurePrivateDir(dirname(path));
    ensurePrivateFile(path);
  }
  const raw = new BunSqlite(path, { create: true, strict: true });
  const busyTimeoutMs = Math.floor(opts.busyTimeoutMs ?? 5000);
  raw.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec(`PRAGMA synchronous = ${opts.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  raw.exec("PRAGMA foreign_keys = ON");
  // from here on a locked file is waited for on a timer (SqliteDatabase), never inside SQLite, which
  // would hold the thread: as long as busyTimeoutMs, no longer
  raw.exec("PRAGMA busy_timeout = 0");
  const db = new SqliteDatabase(raw, { waitTimeoutMs: busyTimeoutMs });
  try {
    if (opts.migrate !== false) await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** A transactionally consistent, compacted copy of the database (VACUUM INTO), taken while others write. */
export async function backupTo(db: SqliteDatabase, file: string): Promise<void> {
  ensurePrivateFile(file); // VACUUM INTO fills an empty file and keeps its 0600 mode
  try {
    await db.query("VACUUM INTO ?").run(file);
  } catch (err) {
    rmSync(file, { force: true });
    throw err;
  }
}
