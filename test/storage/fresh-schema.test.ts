/**
 * A new SQLite file gets the schema the migration history ends with in one script: the same objects, in
 * the same order, with the same text, and the same versions recorded, as the history applied version by
 * version; the committed script is the history's; every other database is migrated version by version.
 */
import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { openDatabase } from "../../src/storage/database.ts";
import { appliedMigrations, migrate } from "../../src/storage/migrate.ts";
import { MIGRATIONS, OLD_VERSIONS, SQLITE_FRESH_SCHEMA } from "../../src/storage/migrations/index.ts";
import type { SqliteDatabase } from "../../src/storage/sqlite-database.ts";
import { FRESH_SCHEMA_FILE, freshSchemaText, migratedOneByOne, schemaObjects } from "./fresh-schema.ts";

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

async function memory(): Promise<SqliteDatabase> {
  const db = await openDatabase(":memory:", { migrate: false });
  open.push(db);
  return db;
}

const recorded = (db: SqliteDatabase) =>
  db.query<{ version: number; name: string }, []>("SELECT version, name FROM schema_migrations ORDER BY version").all();

test("the committed script is the schema the history ends with (else: bun test/storage/fresh-schema.ts write)", async () => {
  expect(readFileSync(FRESH_SCHEMA_FILE, "utf8")).toBe(await freshSchemaText());
  expect(SQLITE_FRESH_SCHEMA).toBe(readFileSync(FRESH_SCHEMA_FILE, "utf8"));
});

test("a new file gets the script: the same schema and the same versions as the history one by one", async () => {
  const stepwise = await migratedOneByOne();
  open.push(stepwise);
  const fresh = await memory();
  expect(await migrate(fresh)).toEqual(MIGRATIONS.map((m) => m.version));
  expect(await schemaObjects(fresh)).toEqual(await schemaObjects(stepwise.db));
  expect(await recorded(fresh)).toEqual(await recorded(stepwise.db));
  expect((await schemaObjects(fresh)).map((o) => o.name)).toContain("jobs");
  // migrated again: nothing left to apply
  expect(await migrate(fresh)).toEqual([]);
});

test("the history leaves a new file without rows, so a schema-only script loses nothing", async () => {
  const stepwise = await migratedOneByOne();
  open.push(stepwise);
  const tables = (await schemaObjects(stepwise.db)).filter((o) => o.type === "table");
  expect(tables.length).toBeGreaterThan(10);
  for (const t of tables) {
    const row = await stepwise.db.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${t.name}"`).get();
    expect({ table: t.name, rows: row?.n }).toEqual({ table: t.name, rows: 0 });
  }
});

test("a database that has any table is migrated version by version, never given the script", async () => {
  const stepwise = await migratedOneByOne();
  open.push(stepwise);
  // part of the history applied: the rest comes one by one, ending with the same schema
  const part = await memory();
  expect(await migrate(part, MIGRATIONS.slice(0, 5), OLD_VERSIONS, null)).toEqual([1, 2, 3, 4, 5]);
  expect(await migrate(part)).toEqual(MIGRATIONS.slice(5).map((m) => m.version));
  expect(await schemaObjects(part)).toEqual(await schemaObjects(stepwise.db));
  // a table of somebody else's and no history: the script would fail on it or hide it; the history runs
  const foreign = await memory();
  await foreign.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY)");
  expect(await migrate(foreign)).toEqual(MIGRATIONS.map((m) => m.version));
  expect((await schemaObjects(foreign)).map((o) => o.name)).toContain("notes");
  expect(await appliedMigrations(foreign)).toEqual(MIGRATIONS.map((m) => m.version));
});

test("a script that fails leaves the new file as it was: no table, no version recorded", async () => {
  const db = await memory();
  await expect(
    migrate(db, MIGRATIONS, OLD_VERSIONS, "CREATE TABLE a (id INTEGER); CREATE TABLE a (id INTEGER);"),
  ).rejects.toThrow();
  expect(await schemaObjects(db)).toEqual([]);
  const tables = await db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
  expect(tables.map((t) => t.name)).not.toContain("clients");
});
