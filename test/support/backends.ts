import { afterAll, beforeAll, describe } from "bun:test";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import { PostgresDatabase } from "../../src/storage/postgres/postgres-database.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "./postgres.ts";

/**
 * The contract suite's backends: a suite written once runs against SQLite and PostgreSQL, so a
 * behaviour that differs is a failing test. CLAIMCHECK_TEST_BACKENDS=sqlite (or postgres) narrows it;
 * by default PostgreSQL runs when Debian's postgresql package is installed (.ci/run installs it).
 */
export type BackendName = "sqlite" | "postgres";

export interface TestBackend {
  name: BackendName;
  /** a migrated, empty database (PostgreSQL: one database per file, emptied for each call) */
  open(): Promise<Database>;
  /** environment for a service on an empty database of this backend (DATABASE_URL, or nothing) */
  env(): Promise<Record<string, string>>;
}

export function testBackends(): BackendName[] {
  const wanted = process.env.CLAIMCHECK_TEST_BACKENDS;
  if (wanted) return wanted.split(",").map((s) => s.trim()) as BackendName[];
  return postgresBinDir() ? ["sqlite", "postgres"] : ["sqlite"];
}

async function emptyAll(db: Database): Promise<void> {
  const tables = (
    await db
      .query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'",
      )
      .all()
  ).map((t) => t.name);
  if (tables.length) await db.exec(`TRUNCATE ${tables.join(", ")} RESTART IDENTITY CASCADE`);
}

function postgresBackend(): TestBackend {
  let url: Promise<string> | null = null;
  return {
    name: "postgres",
    async open() {
      url ??= freshDatabaseUrl("contract");
      const db = await openStorage({ dbPath: "", databaseUrl: await url });
      await emptyAll(db);
      return db;
    },
    async env() {
      return { DATABASE_URL: await freshDatabaseUrl("service") };
    },
  };
}

const sqliteBackend: TestBackend = {
  name: "sqlite",
  async open() {
    return await openStorage({ dbPath: ":memory:", databaseUrl: null });
  },
  async env() {
    return {};
  },
};

/** describe(`[backend]`, ...) once per backend; the PostgreSQL server stops after the file. */
export function describeEachBackend(title: string, fn: (backend: TestBackend) => void): void {
  for (const name of testBackends()) {
    describe(`${title} [${name}]`, () => {
      const backend = name === "postgres" ? postgresBackend() : sqliteBackend;
      // starting the server (initdb) takes seconds on a busy machine: not inside a test's time
      beforeAll(async () => (await backend.open()).close(), 120_000);
      fn(backend);
    });
  }
  afterAll(() => stopSharedPostgres());
}

export function isPostgres(db: Database): boolean {
  return db instanceof PostgresDatabase;
}
