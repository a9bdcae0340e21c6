import { Database as BunSqlite } from "bun:sqlite";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { SqliteDatabase } from "../../src/storage/sqlite-database.ts";

/**
 * An in-memory SQLite database with the whole schema, made synchronously: for tests that only need the
 * tables (the GitHub cache's), where an `await openDatabase(":memory:")` would have to thread through
 * synchronous set-up code. It skips the migration bookkeeping, which such tests never read.
 */
export function memoryDb(): SqliteDatabase {
  const raw = new BunSqlite(":memory:", { create: true, strict: true });
  raw.exec("PRAGMA foreign_keys = ON");
  for (const m of MIGRATIONS) if (m.sqlite.replace(/--[^\n]*/g, "").trim()) raw.exec(m.sqlite);
  return new SqliteDatabase(raw);
}
