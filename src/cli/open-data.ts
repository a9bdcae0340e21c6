import { existsSync } from "node:fs";
import { AccountService, AccountStore } from "../accounts/index.ts";
import {
  type Config,
  databaseOpenError,
  ensureDataDir,
  loadConfig,
  loadDataDir,
  missingDatabaseError,
  postgresPlace,
  postgresStartError,
} from "../config/index.ts";
import { systemClock } from "../lib/index.ts";
import type { Database } from "../storage/index.ts";
import { openStorage } from "../storage/index.ts";
import type { CliIO } from "./command.ts";
import { createRequested, type StorageFlags, storageFlagValues } from "./flags.ts";

/** Open the database for a command (DATABASE_URL's, else DATA_DIR's); closed when `fn` returns. */
export async function openCommandStorage(
  io: CliIO,
  flags: StorageFlags,
  opts: { migrate?: boolean } = {},
): Promise<{ db: Database; dataDir: string; where: string }> {
  const s = loadDataDir(io.env, storageFlagValues(flags));
  if (s.databaseUrl) {
    try {
      return { db: await openStorage(s, opts), dataDir: s.dataDir, where: "PostgreSQL (DATABASE_URL)" };
    } catch (err) {
      throw postgresStartError(s.databaseUrl, err);
    }
  }
  // SQLite: a missing database is created only when asked (--create); an unusable DATA_DIR or database
  // file is a configuration problem naming the path (exit 78)
  if (!existsSync(s.dbPath) && !createRequested(flags)) throw missingDatabaseError(s.dataDirGiven, s.dbPath);
  ensureDataDir(s.dataDir);
  let db: Database;
  try {
    db = await openStorage(s, opts);
  } catch (err) {
    throw databaseOpenError(s.dataDir, s.dbPath, err);
  }
  return { db, dataDir: s.dataDir, where: s.dbPath };
}

/** Where a command's data is, for messages: the SQLite file's path, or PostgreSQL's host and database. */
export function storageWhere(io: CliIO, flags: StorageFlags): string {
  const s = loadDataDir(io.env, storageFlagValues(flags));
  return s.databaseUrl ? `PostgreSQL ${postgresPlace(s.databaseUrl)}` : s.dbPath;
}

/** Open the database for a command (DATABASE_URL's, else DATA_DIR's); closed when `fn` returns. */
export async function withDatabase<T>(
  io: CliIO,
  flags: StorageFlags,
  fn: (db: Database, dataDir: string) => T | Promise<T>,
): Promise<T> {
  const { db, dataDir } = await openCommandStorage(io, flags);
  try {
    return await fn(db, dataDir);
  } finally {
    await db.close();
  }
}

/**
 * Open the data of a (possibly running) server for an admin command. WAL and a locked file waited for (SQLite) or
 * PostgreSQL's own concurrency make this safe beside the server. A SQLite database that does not exist
 * yet is created (and migrated) only with --create; PostgreSQL's is migrated when it is behind.
 */
export function withAccounts<T>(
  io: CliIO,
  flags: StorageFlags,
  fn: (accounts: AccountService, db: Database) => T | Promise<T>,
): Promise<T> {
  return withDatabase(io, flags, (db) =>
    fn(new AccountService(new AccountStore(db), systemClock, clientDefaults(io.env)), db),
  );
}

/** Limits for new clients: the environment's, or the embedded defaults when the environment is invalid. */
export function clientDefaults(env: Record<string, string | undefined>): {
  monthlyQuota: number;
  rateLimitPerMinute: number;
} {
  let c: Config;
  try {
    c = loadConfig(env);
  } catch {
    c = loadConfig({});
  }
  return { monthlyQuota: c.defaultMonthlyQuota, rateLimitPerMinute: c.defaultRateLimitPerMinute };
}
