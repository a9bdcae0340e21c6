/**
 * One migration history, one schema: SQLite and PostgreSQL migrated from scratch end with the same
 * tables, columns (comparable types, nullability), primary keys, unique constraints, foreign keys and
 * indexes (with their partial-index predicates).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { openStorage } from "../../src/storage/backend.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";
import { schemaShape } from "../support/schema-shape.ts";

afterAll(() => stopSharedPostgres());

describe("the migration history", () => {
  test("versions are 1, 2, 3 ... in order, each named after its number, with a text for each dialect", () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    for (const m of MIGRATIONS) {
      expect(m.name).toStartWith(`${String(m.version).padStart(4, "0")}_`);
      expect(m.sqlite.trim().length).toBeGreaterThan(0);
      expect(m.postgres.trim().length).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!postgresBinDir())("schema parity", () => {
  test("SQLite and PostgreSQL migrated from scratch have the same schema", async () => {
    const sqlite = await openStorage({ dbPath: ":memory:", databaseUrl: null });
    const postgres = await openStorage({ dbPath: "", databaseUrl: await freshDatabaseUrl("parity") });
    try {
      const a = await schemaShape(sqlite);
      const b = await schemaShape(postgres);
      expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
      for (const table of Object.keys(a)) expect({ table, ...a[table]! }).toEqual({ table, ...b[table]! });
      expect(Object.keys(a)).toContain("jobs");

      // the comparison sees a difference: an index, a nullability, a type
      await sqlite.exec("CREATE INDEX jobs_extra ON jobs(kind)");
      expect(await schemaShape(sqlite)).not.toEqual(b);
      await sqlite.exec("DROP INDEX jobs_extra");
      await postgres.exec("ALTER TABLE jobs ALTER COLUMN last_error SET NOT NULL");
      expect(a).not.toEqual(await schemaShape(postgres));
      await postgres.exec("ALTER TABLE jobs ALTER COLUMN last_error DROP NOT NULL");
      await postgres.exec("ALTER TABLE jobs ALTER COLUMN kind TYPE bytea USING kind::bytea");
      expect(a).not.toEqual(await schemaShape(postgres));
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  }, 60_000);
});
