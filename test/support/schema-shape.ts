/**
 * A database's schema in dialect-neutral terms, to compare SQLite's with PostgreSQL's: per table its
 * columns (a comparable type, nullability), primary key, unique constraints, foreign keys and indexes
 * (columns, uniqueness, partial-index predicate). Types compare by class: SQLite INTEGER and PostgreSQL
 * integer/bigint are "integer", BLOB and bytea "bytes", TEXT COLLATE NOCASE and citext "text (no case)".
 */
import type { Database } from "../../src/storage/sql-database.ts";

export interface TableShape {
  columns: Record<string, { type: string; nullable: boolean }>;
  primaryKey: string[];
  unique: string[];
  foreignKeys: string[];
  indexes: Record<string, { columns: string[]; unique: boolean; where: string | null }>;
}
export type SchemaShape = Record<string, TableShape>;

/** Predicates as both print them: no casts, no parentheses, one space, lower case. */
function predicate(sql: string | null): string | null {
  if (!sql) return null;
  return sql
    .replace(/::[a-z ]+/gi, "")
    .replace(/[()]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function typeClass(t: string): string {
  const s = t.toLowerCase();
  if (/int/.test(s)) return "integer";
  if (s === "blob" || s === "bytea") return "bytes";
  if (s === "citext") return "text (no case)";
  if (/text|char/.test(s)) return "text";
  return s;
}

const ACTIONS: Record<string, string> = {
  a: "no action",
  r: "restrict",
  c: "cascade",
  n: "set null",
  d: "set default",
};

export async function schemaShape(db: Database): Promise<SchemaShape> {
  return db.dialect === "sqlite" ? sqliteShape(db) : postgresShape(db);
}

async function sqliteShape(db: Database): Promise<SchemaShape> {
  const out: SchemaShape = {};
  const tables = await db
    .query<{ name: string; sql: string }, []>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  for (const t of tables) {
    const cols = await db
      .query<{ name: string; type: string; notnull: number; pk: number }, []>(`PRAGMA table_info(${t.name})`)
      .all();
    const shape: TableShape = { columns: {}, primaryKey: [], unique: [], foreignKeys: [], indexes: {} };
    for (const c of cols) {
      const noCase = new RegExp(`\\b${c.name}\\b[^,]*COLLATE NOCASE`, "i").test(t.sql);
      // a primary key column is never null (INTEGER PRIMARY KEY is the rowid)
      shape.columns[c.name] = { type: noCase ? "text (no case)" : typeClass(c.type), nullable: !c.notnull && !c.pk };
    }
    shape.primaryKey = cols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const fks = await db
      .query<{ id: number; table: string; from: string; to: string; on_delete: string }, []>(
        `PRAGMA foreign_key_list(${t.name})`,
      )
      .all();
    shape.foreignKeys = fks
      .map((f) => `${f.from} -> ${f.table}(${f.to}) on delete ${f.on_delete.toLowerCase()}`)
      .sort();
    const indexes = await db
      .query<{ name: string; unique: number; origin: string; partial: number }, []>(`PRAGMA index_list(${t.name})`)
      .all();
    for (const ix of indexes) {
      if (ix.origin === "pk") continue;
      const columns = (await db.query<{ name: string }, []>(`PRAGMA index_info(${ix.name})`).all()).map((c) => c.name);
      if (ix.origin === "u") {
        shape.unique.push(columns.join(", "));
        continue;
      }
      const sql =
        (await db.query<{ sql: string }, [string]>("SELECT sql FROM sqlite_master WHERE name = ?").get(ix.name))?.sql ??
        "";
      const where = /\bWHERE\b([\s\S]*)$/i.exec(sql)?.[1] ?? null;
      shape.indexes[ix.name] = { columns, unique: ix.unique === 1, where: predicate(where) };
    }
    shape.unique.sort();
    out[t.name] = shape;
  }
  return out;
}

async function postgresShape(db: Database): Promise<SchemaShape> {
  const out: SchemaShape = {};
  const cols = await db
    .query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }, []>(
      `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    )
    .all();
  for (const c of cols) {
    out[c.table_name] ??= { columns: {}, primaryKey: [], unique: [], foreignKeys: [], indexes: {} };
    out[c.table_name]!.columns[c.column_name] = { type: typeClass(c.udt_name), nullable: c.is_nullable === "YES" };
  }
  const constraints = await db
    .query<{ tbl: string; contype: string; cols: string; ref: string | null; refcols: string | null; del: string }, []>(
      `SELECT cl.relname AS tbl, co.contype,
              (SELECT string_agg(a.attname, ', ' ORDER BY k.i) FROM unnest(co.conkey) WITH ORDINALITY k(n, i)
                 JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = k.n) AS cols,
              rf.relname AS ref,
              (SELECT string_agg(a.attname, ', ' ORDER BY k.i) FROM unnest(co.confkey) WITH ORDINALITY k(n, i)
                 JOIN pg_attribute a ON a.attrelid = co.confrelid AND a.attnum = k.n) AS refcols,
              co.confdeltype AS del
         FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid
         JOIN pg_namespace ns ON ns.oid = cl.relnamespace LEFT JOIN pg_class rf ON rf.oid = co.confrelid
        WHERE ns.nspname = 'public' AND co.contype IN ('p', 'u', 'f')`,
    )
    .all();
  for (const c of constraints) {
    const t = out[c.tbl]!;
    if (c.contype === "p") t.primaryKey = c.cols.split(", ");
    else if (c.contype === "u") t.unique.push(c.cols);
    else t.foreignKeys.push(`${c.cols} -> ${c.ref}(${c.refcols}) on delete ${ACTIONS[c.del] ?? c.del}`);
  }
  const indexes = await db
    .query<{ tbl: string; name: string; unique: boolean; cols: string; pred: string | null }, []>(
      `SELECT t.relname AS tbl, i.relname AS name, x.indisunique AS unique,
              (SELECT string_agg(a.attname, ', ' ORDER BY k.i) FROM unnest(x.indkey) WITH ORDINALITY k(n, i)
                 JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n) AS cols,
              pg_get_expr(x.indpred, x.indrelid) AS pred
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace ns ON ns.oid = t.relnamespace
        WHERE ns.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint co WHERE co.conindid = x.indexrelid)`,
    )
    .all();
  for (const ix of indexes)
    out[ix.tbl]!.indexes[ix.name] = { columns: ix.cols.split(", "), unique: ix.unique, where: predicate(ix.pred) };
  for (const t of Object.values(out)) {
    t.unique.sort();
    t.foreignKeys.sort();
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
