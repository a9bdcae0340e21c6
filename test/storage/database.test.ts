import { Database as BunSqlite } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { appliedMigrations, migrate, openDatabase } from "../../src/storage/database.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { tempDir } from "../support/harness.ts";

describe("openDatabase", () => {
  test("creates the file with WAL, FULL sync, foreign keys and no busy wait inside SQLite, and applies every migration once", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "nested", "claimcheck.db");
      const db = await openDatabase(path);
      expect(await db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()).toEqual({
        journal_mode: "wal",
      });
      expect(await db.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
      expect(await db.query<{ synchronous: number }, []>("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
      // a locked file is waited for on a timer (see the next test), never by SQLite holding the thread
      expect(await db.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()).toEqual({ timeout: 0 });
      expect(await appliedMigrations(db)).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
      await db.close();
      const again = await openDatabase(path);
      expect(await migrate(again)).toEqual([]); // nothing left to apply
      await again.close();
    } finally {
      tmp.cleanup();
    }
  });

  test("a write that finds the file locked by another connection waits without holding the thread, then runs", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "claimcheck.db");
      const db = await openDatabase(path);
      const other = new BunSqlite(path); // another writer: the CLI beside the server
      other.exec("PRAGMA busy_timeout = 0");
      other.exec("BEGIN IMMEDIATE");
      other.exec(
        "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES ('c1', 'one', 0, 0, 1, 1)",
      );
      let settled = false;
      const write = db
        .query(
          "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES ('c2', 'two', 0, 0, 1, 1)",
        )
        .run()
        .finally(() => {
          settled = true;
        });
      const inTransaction = db.transaction(
        async (tx) => (await tx.query("SELECT count(*) AS n FROM clients").get()) as { n: number },
      );
      // the event loop turns (timers fire) while both wait for the lock
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      other.exec("COMMIT");
      other.close();
      expect((await write).changes).toBe(1);
      expect((await inTransaction).n).toBeGreaterThanOrEqual(1);
      expect(await db.query("SELECT name FROM clients ORDER BY name").all()).toEqual([
        { name: "one" },
        { name: "two" },
      ]);
      await db.close();
    } finally {
      tmp.cleanup();
    }
  });

  test("a write that finds the file locked longer than the busy timeout fails with SQLITE_BUSY", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "claimcheck.db");
      const db = await openDatabase(path, { busyTimeoutMs: 100 });
      const other = new BunSqlite(path);
      other.exec("BEGIN IMMEDIATE");
      try {
        await expect(db.query("DELETE FROM clients").run()).rejects.toMatchObject({ code: "SQLITE_BUSY" });
        await expect(db.transaction(async () => {})).rejects.toMatchObject({ code: "SQLITE_BUSY" });
      } finally {
        other.exec("ROLLBACK");
        other.close();
      }
      expect((await db.query("DELETE FROM clients").run()).changes).toBe(0); // free again: it runs
      await db.close();
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

  test("pending migrations apply together: a failing later one leaves the earlier ones unapplied, and a retry applies all", async () => {
    const db = await openDatabase(":memory:", { migrate: false });
    const good = "CREATE TABLE first_table (x INTEGER);";
    const broken = "CREATE TABLE second_table (x INTEGER); THIS IS NOT SQL;";
    const history = (second: string) => [
      { version: 1, name: "first", sqlite: good, postgres: good },
      { version: 2, name: "second", sqlite: second, postgres: second },
    ];
    await expect(migrate(db, history(broken))).rejects.toThrow();
    // nothing stays: not the first table, not its record (nor the bookkeeping table of a file this new)
    expect(
      await db.query("SELECT name FROM sqlite_master WHERE name IN ('first_table', 'schema_migrations')").all(),
    ).toEqual([]);
    expect(await migrate(db, history("CREATE TABLE second_table (x INTEGER);"))).toEqual([1, 2]);
    expect(await appliedMigrations(db)).toEqual([1, 2]);
    await db.close();
  });

  test("a new file's whole history is one commit, so two processes migrating it together apply each version once", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "claimcheck.db");
      const [a, b] = await Promise.all([openDatabase(path), openDatabase(path)]);
      const recorded = await a.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM schema_migrations").get();
      expect(recorded?.n).toBe(MIGRATIONS.length);
      expect(await appliedMigrations(b)).toEqual(MIGRATIONS.map((m) => m.version).sort((x, y) => x - y));
      // one write transaction for the history: every version carries the same applied_at
      const times = await a
        .query<{ n: number }, []>("SELECT COUNT(DISTINCT applied_at) AS n FROM schema_migrations")
        .get();
      expect(times?.n).toBe(1);
      await Promise.all([a.close(), b.close()]);
    } finally {
      tmp.cleanup();
    }
  });
});
