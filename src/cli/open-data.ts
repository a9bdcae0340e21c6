import { AccountService } from "../accounts/account-service.ts";
import { AccountStore } from "../accounts/account-store.ts";
import { type Config, loadConfig, loadDataDir } from "../config/config.ts";
import { databaseOpenError, ensureDataDir } from "../config/startup-checks.ts";
import { systemClock } from "../lib/clock.ts";
import { type Database, openDatabase } from "../storage/database.ts";
import type { CliIO } from "./command.ts";

/** Open the DATA_DIR's database for a command; closed when `fn` returns. */
export function withDatabase<T>(
  io: CliIO,
  dataDirFlag: string | undefined,
  fn: (db: Database, dataDir: string) => T,
): T {
  const { dbPath, dataDir } = loadDataDir(io.env, dataDirFlag ? { "data-dir": dataDirFlag } : {});
  ensureDataDir(dataDir);
  let db: Database;
  try {
    db = openDatabase(dbPath);
  } catch (err) {
    throw databaseOpenError(dataDir, dbPath, err);
  }
  try {
    return fn(db, dataDir);
  } finally {
    db.close();
  }
}

/**
 * Open the DATA_DIR of a (possibly running) server for an admin command. WAL + busy_timeout make this
 * safe beside the server; the database is created and migrated if it does not exist yet.
 */
export function withAccounts<T>(
  io: CliIO,
  dataDirFlag: string | undefined,
  fn: (accounts: AccountService, db: Database) => T,
): T {
  return withDatabase(io, dataDirFlag, (db) =>
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
