import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { appliedMigrations, migrate, openDatabase } from "../../src/storage/database.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { tempDir } from "../support/harness.ts";

describe("openDatabase", () => {
  test("creates the file with WAL, FULL sync, foreign keys and a busy timeout, and applies every migration once", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "nested", "claimcheck.db");
      const db = await openDatabase(path);
      expect(await db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()).toEqual({
        journal_mode: "wal",
      });
      expect(await db.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
      expect(await db.query<{ synchronous: number }, []>("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
      expect(await db.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()).toEqual({ timeout: 5000 });
      expect(await appliedMigrations(db)).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
      await db.close();
      const again = await openDatabase(path);
      expect(await migrate(again)).toEqual([]); // nothing left to apply
      await again.close();
    } finally {
      tmp.cleanup();
    }
  });

  test("synchronous=NORMAL on request", async () => {
    const db = await openDatabase(":memory:", { synchronous: "NORMAL" });
    expect(await db.query<{ synchronous: number }, []>("PRAGMA synchronous").get()).toEqual({ synchronous: 1 });
    await db.close();
  });

  test("a failing migration rolls back and is not recorded", async () => {
    const db = await openDatabase(":memory:");
    const broken = "CREATE TABLE ok_table (x INTEGER); THIS IS NOT SQL;";
    await expect(migrate(db, [{ version: 999, name: "broken", sqlite: broken, postgres: broken }])).rejects.toThrow();
    expect(await appliedMigrations(db)).not.toContain(999);
    expect(await db.query("SELECT name FROM sqlite_master WHERE name = 'ok_table'").get()).toBeNull();
    await db.close();
  });
});
