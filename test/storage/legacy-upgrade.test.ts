/**
 * Databases migrated before both dialects shared one history upgrade in place: a SQLite file at versions
 * 1-4 (SQLite's old list, whose numbers this history keeps) and a PostgreSQL database at versions 1-7 of
 * the old PostgreSQL-only list (test/storage/fixtures/legacy-postgres), each built here the way the old
 * code built it, then opened by the current code: the rows they hold stay, no migration runs twice, the
 * ones missing run, and each ends with the schema of a database migrated from scratch.
 */
import { Database as BunSqlite } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateStorage, openStorage } from "../../src/storage/backend.ts";
import { appliedMigrations, migrate, openDatabase } from "../../src/storage/database.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";
import { schemaShape } from "../support/schema-shape.ts";

afterAll(() => stopSharedPostgres());

function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "claimcheck-legacy-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const OLD_APPLIED_AT = "2025-01-02T03:04:05.000Z";
const ALL = MIGRATIONS.map((m) => m.version);

/** SQLite as the old code migrated it: its migrations 1..upTo, each recorded by version and name. */
function oldSqliteFile(path: string, upTo: number): void {
  const raw = new BunSqlite(path, { create: true, strict: true });
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec(
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  // SQLite's old migrations 1-4 are this history's 1-4, the same files (never edited once released)
  for (const m of MIGRATIONS.filter((x) => x.version <= upTo)) {
    raw.transaction(() => {
      raw.exec(m.sqlite);
      raw.query("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(m.version, m.name, OLD_APPLIED_AT);
    })();
  }
  raw.exec(
    "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES ('cli_1', 'acme', 0, 0, 1, 1)",
  );
  if (upTo >= 4) {
    raw.exec("INSERT INTO admin_login_failures (rowid, scope, subject, at) VALUES (7, 'user', 'ann', 100)");
    raw.exec("INSERT INTO admin_login_failures (rowid, scope, subject, at) VALUES (9, 'ip', '10.0.0.1', 101)");
  }
  raw.close();
}

const LEGACY_DIR = join(import.meta.dir, "fixtures", "legacy-postgres");
const legacyPostgres = readdirSync(LEGACY_DIR)
  .filter((f) => f.endsWith(".sql"))
  .sort()
  .map((f) => ({
    version: Number(f.slice(0, 4)),
    name: f.replace(/\.sql$/, ""),
    sql: readFileSync(join(LEGACY_DIR, f), "utf8"),
  }));

/** PostgreSQL as the old code migrated it: its own list 1..upTo, each in a transaction, recorded. */
async function oldPostgresDatabase(url: string, upTo: number, extra: Array<[number, string]> = []): Promise<void> {
  const sql = new Bun.SQL({ url, max: 1 });
  try {
    await sql.unsafe(
      "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
    );
    for (const m of legacyPostgres.filter((x) => x.version <= upTo)) {
      await sql.begin(async (tx) => {
        await tx.unsafe(m.sql).simple();
        await tx.unsafe("INSERT INTO schema_migrations VALUES ($1, $2, $3)", [m.version, m.name, OLD_APPLIED_AT]);
      });
    }
    for (const [version, name] of extra)
      await sql.unsafe("INSERT INTO schema_migrations VALUES ($1, $2, $3)", [version, name, OLD_APPLIED_AT]);
    await sql.unsafe(
      "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES ('cli_1', 'acme', 0, 0, 1, 1)",
    );
    if (upTo >= 3)
      await sql.unsafe("INSERT INTO admin_login_failures (scope, subject, at) VALUES ('user', 'ann', 100)");
  } finally {
    await sql.close();
  }
}

describe("a SQLite file of the old numbering", () => {
  test("at version 4: migrations 5-10 run, 1-4 do not, the rows stay, the schema is a fresh one's", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "claimcheck.db");
      oldSqliteFile(path, 4);
      const db = await openDatabase(path);
      try {
        expect(await appliedMigrations(db)).toEqual(ALL);
        const rows = await db
          .query<{ version: number; applied_at: string }, []>(
            "SELECT version, applied_at FROM schema_migrations ORDER BY version",
          )
          .all();
        expect(rows.filter((r) => r.applied_at === OLD_APPLIED_AT).map((r) => r.version)).toEqual([1, 2, 3, 4]);
        expect(await db.query("SELECT name FROM clients").all()).toEqual([{ name: "acme" }]);
        // each failed login keeps its rowid, now its id: a success still takes back the right row
        expect(await db.query("SELECT id, subject FROM admin_login_failures ORDER BY id").all()).toEqual([
          { id: 7, subject: "ann" },
          { id: 9, subject: "10.0.0.1" },
        ]);
        const fresh = await openDatabase(":memory:");
        expect(await schemaShape(db)).toEqual(await schemaShape(fresh));
        await fresh.close();
      } finally {
        await db.close();
      }
    } finally {
      tmp.cleanup();
    }
  });

  /** A file at version 4, then migrated by a build of another line of development: its own version 6. */
  function fileMigratedElsewhere(path: string): void {
    oldSqliteFile(path, 4);
    const raw = new BunSqlite(path);
    raw.exec("CREATE TABLE made_elsewhere (x INTEGER)");
    raw.query("INSERT INTO schema_migrations VALUES (6, '0006_made_elsewhere', ?)").run(OLD_APPLIED_AT);
    raw.close();
  }

  test("a history that records a version under another name is refused, nothing changed", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "claimcheck.db");
      fileMigratedElsewhere(path);
      await expect(openDatabase(path)).rejects.toThrow("6 0006_made_elsewhere");
      const after = new BunSqlite(path, { readonly: true });
      expect(after.query("SELECT version FROM schema_migrations ORDER BY version").all()).toEqual(
        [1, 2, 3, 4, 6].map((version) => ({ version })),
      );
      after.close();
    } finally {
      tmp.cleanup();
    }
  });

  test("a version of another numbering that the map names is renumbered; the versions of this history stay", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "claimcheck.db");
      fileMigratedElsewhere(path);
      const db = await openDatabase(path, { migrate: false });
      const later = {
        version: 11,
        name: "0011_made_elsewhere",
        ...{ sqlite: "CREATE TABLE made_elsewhere (x INTEGER)", postgres: "" },
      };
      const applied = await migrate(db, [...MIGRATIONS, later], {
        sqlite: { "0006_made_elsewhere": { old: 6, now: [11] } },
        postgres: {},
      });
      expect(applied).toEqual([5, 6, 7, 8, 9, 10]); // 11 was applied under its old number: not again
      const rows = await db
        .query<{ version: number; applied_at: string }, []>(
          "SELECT version, applied_at FROM schema_migrations ORDER BY version",
        )
        .all();
      expect(rows.map((r) => r.version)).toEqual([...ALL, 11]);
      expect(rows.filter((r) => r.applied_at === OLD_APPLIED_AT).map((r) => r.version)).toEqual([1, 2, 3, 4, 11]);
      await db.close();
    } finally {
      tmp.cleanup();
    }
  });

  test("at version 2: the rest of the history runs", async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, "claimcheck.db");
      oldSqliteFile(path, 2);
      const db = await openStorage({ dbPath: path, databaseUrl: null }, { migrate: false });
      expect((await migrateStorage(db)).applied).toEqual(ALL.filter((v) => v > 2));
      await db.close();
    } finally {
      tmp.cleanup();
    }
  });
});

describe.skipIf(!postgresBinDir())("a PostgreSQL database of the old numbering", () => {
  test("at its version 7: renumbered 1-10 without running anything, the rows stay, the schema is a fresh one's", async () => {
    const url = await freshDatabaseUrl("legacy");
    await oldPostgresDatabase(url, 7);
    const db = await openStorage({ dbPath: "", databaseUrl: url }, { migrate: false });
    try {
      const r = await migrateStorage(db);
      expect(r.applied).toEqual([]); // nothing ran again
      expect(r.current).toEqual(ALL);
      const rows = await db
        .query<{ version: number; name: string; applied_at: string }, []>(
          "SELECT version, name, applied_at FROM schema_migrations ORDER BY version",
        )
        .all();
      expect(rows.map((x) => x.name)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(rows.every((x) => x.applied_at === OLD_APPLIED_AT)).toBe(true);
      expect(await db.query("SELECT name FROM clients").all()).toEqual([{ name: "acme" }]);
      expect(await db.query("SELECT id, subject FROM admin_login_failures").all()).toEqual([{ id: 1, subject: "ann" }]);
      const fresh = await openStorage({ dbPath: "", databaseUrl: await freshDatabaseUrl("legacyfresh") });
      const sqlite = await openDatabase(":memory:");
      expect(await schemaShape(db)).toEqual(await schemaShape(fresh));
      expect(await schemaShape(db)).toEqual(await schemaShape(sqlite));
      await fresh.close();
      await sqlite.close();
    } finally {
      await db.close();
    }
  }, 60_000);

  test("at its version 3: renumbered 1-6, then 7-10 run", async () => {
    const url = await freshDatabaseUrl("legacy");
    await oldPostgresDatabase(url, 3);
    const db = await openStorage({ dbPath: "", databaseUrl: url }, { migrate: false });
    try {
      expect((await migrateStorage(db)).applied).toEqual([7, 8, 9, 10]);
      expect(await db.query("SELECT id, subject FROM admin_login_failures").all()).toEqual([{ id: 1, subject: "ann" }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  test("an old numbering mixed with a version it cannot map is refused, nothing changed", async () => {
    const url = await freshDatabaseUrl("legacy");
    await oldPostgresDatabase(url, 7, [[8, "0008_from_elsewhere"]]);
    await expect(openStorage({ dbPath: "", databaseUrl: url })).rejects.toThrow("does not match");
    const sql = new Bun.SQL({ url, max: 1 });
    try {
      expect((await sql.unsafe("SELECT count(*)::int AS n FROM schema_migrations"))[0].n).toBe(8);
    } finally {
      await sql.close();
    }
  }, 60_000);
});
