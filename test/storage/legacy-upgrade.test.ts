/**
 * Databases migrated before both dialects shared one history upgrade in place: SQLite files at versions
 * 1-4 and 1-7 of SQLite's released list (whose numbers and texts this history keeps: its 1-7 are those
 * files, never edited), and PostgreSQL databases at versions 1-3, 1-7 and 1-10 of the released
 * PostgreSQL-only list (kept verbatim in test/storage/fixtures/legacy-postgres), plus the version 11 both
 * dialects had in development builds. Each is built here the way the old code built it, then opened by
 * the current code: the rows they hold stay, no migration runs twice, the ones missing run, and each ends
 * with the schema of a database migrated from scratch.
 */
import { Database as BunSqlite } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateStorage, openStorage } from "../../src/storage/backend.ts";
import { appliedMigrations, type Database, migrate, openDatabase } from "../../src/storage/database.ts";
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
/** The migrations after the renumbering (16 on): every old database runs them. */
const LATER = ALL.filter((v) => v > 15);
/** A version no migration of this history has yet. */
const NEXT = ALL.at(-1)! + 1;

/**
 * SQLite as the old code migrated it: its migrations 1..upTo, each recorded by version and name, then
 * `extra` ones recorded under other versions (a development build's numbering).
 */
function oldSqliteFile(
  path: string,
  upTo: number,
  extra: Array<{ version: number; name: string; sql: string }> = [],
): void {
  const raw = new BunSqlite(path, { create: true, strict: true });
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec(
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  // SQLite's released migrations 1-7 are this history's 1-7, the same files (never edited once released)
  const old = [
    ...MIGRATIONS.filter((x) => x.version <= upTo).map((m) => ({ version: m.version, name: m.name, sql: m.sqlite })),
    ...extra,
  ];
  for (const m of old) {
    raw.transaction(() => {
      raw.exec(m.sql);
      raw.query("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(m.version, m.name, OLD_APPLIED_AT);
    })();
  }
  raw.exec(
    "INSERT INTO clients (id, name, monthly_quota, rate_limit_per_minute, created_at, updated_at) VALUES ('cli_1', 'acme', 0, 0, 1, 1)",
  );
  if (upTo >= 4 && upTo < 6) {
    raw.exec("INSERT INTO admin_login_failures (rowid, scope, subject, at) VALUES (7, 'user', 'ann', 100)");
    raw.exec("INSERT INTO admin_login_failures (rowid, scope, subject, at) VALUES (9, 'ip', '10.0.0.1', 101)");
  }
  if (upTo >= 7) {
    // the released hardening and sharing: failures per address, a recruiter, a share link that was opened
    raw.exec(
      "INSERT INTO admin_login_failures (rowid, scope, subject, at, address) VALUES (7, 'user', 'ann', 100, '10.0.0.1')",
    );
    raw.exec("INSERT INTO admin_login_failures (rowid, scope, subject, at) VALUES (9, 'ip', '10.0.0.1', 101)");
    raw.exec(
      "INSERT INTO admin_users (id, username, password_hash, created_at, role) VALUES ('adm_1', 'rita', 'h', 1, 'recruiter')",
    );
    raw.exec(
      "INSERT INTO jobs (id, kind, payload, state, max_attempts, run_at, created_at, updated_at, deadline_at) VALUES (5, 'verification', '{}', 'running', 3, 0, 0, 0, 9000)",
    );
    raw.exec(
      "INSERT INTO verifications (tracking_id, client_id, job_id, host_username, resume_sha256, resume_size, status, created_at) VALUES ('vrf_1', 'cli_1', 5, 'jane', 'x', 1, 'processing', 0)",
    );
    raw.exec(
      "INSERT INTO report_links (id, tracking_id, token_hash, created_by, created_at, expires_at, opened_count) VALUES ('lnk_1', 'vrf_1', 'th', 'rita', 1, 2, 1)",
    );
    raw.exec("INSERT INTO report_link_opens (link_id, opened_at, what) VALUES ('lnk_1', 1, 'page')");
  }
  raw.close();
}

/** An old SQLite file (see oldSqliteFile) opened by the current code without migrating, for `fn`. */
async function withOldSqlite(
  upTo: number,
  extra: Array<{ version: number; name: string; sql: string }>,
  fn: (db: Database) => Promise<void>,
): Promise<void> {
  const tmp = tempDir();
  try {
    const path = join(tmp.dir, "claimcheck.db");
    oldSqliteFile(path, upTo, extra);
    const db = await openDatabase(path, { migrate: false });
    try {
      await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    tmp.cleanup();
  }
}

/** `db` has the schema of a SQLite database migrated from scratch. */
async function expectFreshSchema(db: Database): Promise<void> {
  const fresh = await openDatabase(":memory:");
  try {
    expect(await schemaShape(db)).toEqual(await schemaShape(fresh));
  } finally {
    await fresh.close();
  }
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
    if (upTo >= 3 && upTo < 9)
      await sql.unsafe("INSERT INTO admin_login_failures (scope, subject, at) VALUES ('user', 'ann', 100)");
    if (upTo >= 10) {
      // the released hardening and sharing: failures per address, a recruiter, a deadline, a share link
      await sql.unsafe(
        "INSERT INTO admin_login_failures (scope, subject, at, address) VALUES ('user', 'ann', 100, '10.0.0.1')",
      );
      await sql.unsafe(
        "INSERT INTO admin_users (id, username, password_hash, created_at, role) VALUES ('adm_1', 'rita', 'h', 1, 'recruiter')",
      );
      await sql.unsafe(
        "INSERT INTO jobs (id, kind, payload, state, max_attempts, run_at, created_at, updated_at, deadline_at) VALUES (5, 'verification', '{}', 'running', 3, 0, 0, 0, 9000)",
      );
      await sql.unsafe(
        `INSERT INTO verifications (tracking_id, client_id, job_id, host_username, resume_sha256, resume_size, status, created_at, stage_detail)
         VALUES ('vrf_1', 'cli_1', 5, 'jane', 'x', 1, 'processing', 0, '{"x":1}')`,
      );
      await sql.unsafe(
        "INSERT INTO report_links (id, tracking_id, token_hash, created_by, created_at, expires_at, opened_count) VALUES ('lnk_1', 'vrf_1', 'th', 'rita', 1, 2, 1)",
      );
    }
  } finally {
    await sql.close();
  }
}

describe("a SQLite file of the old numbering", () => {
  test("at version 4: migrations 5-15 run, 1-4 do not, the rows stay, the schema is a fresh one's", async () => {
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
        version: NEXT,
        name: `${String(NEXT).padStart(4, "0")}_made_elsewhere`,
        ...{ sqlite: "CREATE TABLE made_elsewhere (x INTEGER)", postgres: "" },
      };
      const applied = await migrate(db, [...MIGRATIONS, later], {
        sqlite: { "0006_made_elsewhere": { old: 6, now: [NEXT] } },
        postgres: {},
      });
      expect(applied).toEqual(ALL.filter((v) => v > 4)); // NEXT was applied under its old number: not again
      const rows = await db
        .query<{ version: number; applied_at: string }, []>(
          "SELECT version, applied_at FROM schema_migrations ORDER BY version",
        )
        .all();
      expect(rows.map((r) => r.version)).toEqual([...ALL, NEXT]);
      expect(rows.filter((r) => r.applied_at === OLD_APPLIED_AT).map((r) => r.version)).toEqual([1, 2, 3, 4, NEXT]);
      await db.close();
    } finally {
      tmp.cleanup();
    }
  });

  test("at version 7 (the released hardening, job deadline and report sharing): 8-15 run, the rows stay", () =>
    withOldSqlite(7, [], async (db) => {
      expect(await migrate(db)).toEqual(ALL.filter((v) => v > 7));
      const rows = await db
        .query<{ version: number; name: string; applied_at: string }, []>(
          "SELECT version, name, applied_at FROM schema_migrations ORDER BY version",
        )
        .all();
      expect(rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(rows.filter((r) => r.applied_at === OLD_APPLIED_AT).map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      // the failed logins keep their rowid as their id, and the address the throttle counts them by
      expect(await db.query("SELECT id, subject, address FROM admin_login_failures ORDER BY id").all()).toEqual([
        { id: 7, subject: "ann", address: "10.0.0.1" },
        { id: 9, subject: "10.0.0.1", address: null },
      ]);
      expect(await db.query("SELECT username, role FROM admin_users").all()).toEqual([
        { username: "rita", role: "recruiter" },
      ]);
      expect(await db.query("SELECT id, deadline_at FROM jobs").all()).toEqual([{ id: 5, deadline_at: 9000 }]);
      expect(await db.query("SELECT id, opened_count FROM report_links").all()).toEqual([
        { id: "lnk_1", opened_count: 1 },
      ]);
      expect(await db.query("SELECT count(*) AS n FROM report_link_opens").get()).toEqual({ n: 1 });
      await expectFreshSchema(db);
    }));

  test("at version 7 with a development build's 11 (the accounts): 11 is this history's 15, 8-14 run", () => {
    const accounts = MIGRATIONS.find((m) => m.name === "0015_verification_accounts")!;
    return withOldSqlite(7, [{ version: 11, name: "0011_verification_accounts", sql: accounts.sqlite }], async (db) => {
      expect(await migrate(db)).toEqual(ALL.filter((v) => v > 7 && v !== 15));
      expect(await appliedMigrations(db)).toEqual(ALL);
      await expectFreshSchema(db);
    });
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
  /** Open `url`, migrate it, and check what ran, what is recorded, and that its schema is a fresh one's. */
  async function upgrade(url: string, expectApplied: number[]): Promise<Database> {
    const db = await openStorage({ dbPath: "", databaseUrl: url }, { migrate: false });
    const r = await migrateStorage(db);
    expect(r.applied).toEqual(expectApplied);
    expect(r.current).toEqual(ALL);
    const rows = await db
      .query<{ version: number; name: string; applied_at: string }, []>(
        "SELECT version, name, applied_at FROM schema_migrations ORDER BY version",
      )
      .all();
    expect(rows.map((x) => x.name)).toEqual(MIGRATIONS.map((m) => m.name));
    // what the old numbering applied keeps when it was applied; only what ran now is new
    expect(rows.filter((x) => x.applied_at !== OLD_APPLIED_AT).map((x) => x.version)).toEqual(expectApplied);
    expect(await db.query("SELECT name FROM clients").all()).toEqual([{ name: "acme" }]);
    const fresh = await openStorage({ dbPath: "", databaseUrl: await freshDatabaseUrl("legacyfresh") });
    const sqlite = await openDatabase(":memory:");
    expect(await schemaShape(db)).toEqual(await schemaShape(fresh));
    expect(await schemaShape(db)).toEqual(await schemaShape(sqlite));
    await fresh.close();
    await sqlite.close();
    return db;
  }

  test("at its version 7: renumbered 1-4 and 8-13 without running anything, then 5-7, 14, 15 run", async () => {
    const url = await freshDatabaseUrl("legacy");
    await oldPostgresDatabase(url, 7);
    const db = await upgrade(url, [5, 6, 7, 14, 15, ...LATER]);
    try {
      expect(await db.query("SELECT id, subject FROM admin_login_failures").all()).toEqual([{ id: 1, subject: "ann" }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  test("at its version 10 (the released hardening, job deadline and report sharing): renumbered 1-14, 15 runs", async () => {
    const url = await freshDatabaseUrl("legacy");
    await oldPostgresDatabase(url, 10);
    const db = await upgrade(url, [15, ...LATER]);
    try {
      expect(await db.query("SELECT id, subject, address FROM admin_login_failures").all()).toEqual([
        { id: 1, subject: "ann", address: "10.0.0.1" },
      ]);
      expect(await db.query("SELECT username, role FROM admin_users").all()).toEqual([
        { username: "rita", role: "recruiter" },
      ]);
      expect(await db.query("SELECT deadline_at FROM jobs").all()).toEqual([{ deadline_at: 9000 }]);
      expect(await db.query("SELECT stage_detail FROM verifications").all()).toEqual([{ stage_detail: '{"x":1}' }]);
      expect(await db.query("SELECT id, opened_count FROM report_links").all()).toEqual([
        { id: "lnk_1", opened_count: 1 },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);

  test("at a development build's version 11 (the accounts): renumbered 1-15, only the later versions run", async () => {
    const url = await freshDatabaseUrl("legacy");
    await oldPostgresDatabase(url, 11);
    const db = await upgrade(url, LATER);
    await db.close();
  }, 60_000);

  test("at its version 3: renumbered 1-4, 8, 9, then the rest runs", async () => {
    const url = await freshDatabaseUrl("legacy");
    await oldPostgresDatabase(url, 3);
    const db = await openStorage({ dbPath: "", databaseUrl: url }, { migrate: false });
    try {
      expect((await migrateStorage(db)).applied).toEqual([5, 6, 7, 10, 11, 12, 13, 14, 15, ...LATER]);
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
