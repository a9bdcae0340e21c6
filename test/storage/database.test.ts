import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { appliedMigrations, migrate, openDatabase } from "../../src/storage/database.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { tempDir } from "../support/harness.ts";

describe("openDatabase", () => {
  test("creates the file with WAL, FULL sync, foreign keys and a busy timeout, and applies every migration once", () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "nested", "claimcheck.db");
      const db = openDatabase(path);
      expect(db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()!.journal_mode).toBe("wal");
      expect(db.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()!.foreign_keys).toBe(1);
      expect(db.query<{ synchronous: number }, []>("PRAGMA synchronous").get()!.synchronous).toBe(2);
      expect(db.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()!.timeout).toBe(5000);
      expect(appliedMigrations(db)).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
      db.close();
      const again = openDatabase(path);
      expect(migrate(again)).toEqual([]); // nothing left to apply
      again.close();
    } finally {
      tmp.cleanup();
    }
  });

  test("synchronous=NORMAL on request", () => {
    const db = openDatabase(":memory:", { synchronous: "NORMAL" });
    expect(db.query<{ synchronous: number }, []>("PRAGMA synchronous").get()!.synchronous).toBe(1);
    db.close();
  });

  test("a failing migration rolls back and is not recorded", () => {
    const db = openDatabase(":memory:");
    expect(() =>
      migrate(db, [{ version: 999, name: "broken", sql: "CREATE TABLE ok_table (x INTEGER); THIS IS NOT SQL;" }]),
    ).toThrow();
    expect(appliedMigrations(db)).not.toContain(999);
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'ok_table'").get()).toBeNull();
    db.close();
  });

  test("migration versions are unique and ascending by name", () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(new Set(versions).size).toBe(versions.length);
    for (const m of MIGRATIONS) expect(m.name).toStartWith(String(m.version).padStart(4, "0"));
  });
});
