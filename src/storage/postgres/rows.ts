import type { StatementKind } from "../transaction-scope.ts";

/**
 * Values between Bun.SQL and the stores, as bun:sqlite gives and takes them: 64-bit integers as numbers
 * (the stores' integers are epoch milliseconds and counts, far below 2^53), bytea as a Uint8Array,
 * booleans bound as 1 and 0.
 */
function plain(value: unknown): unknown {
  if (typeof value === "bigint") {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  if (value instanceof Buffer) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

export function rowOf(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in row) out[k] = plain(row[k]);
  return out;
}

export function toParam(v: unknown): unknown {
  if (typeof v === "boolean") return v ? 1 : 0; // as bun:sqlite binds them
  // PostgreSQL text cannot hold U+0000 (the statement fails: "invalid byte sequence"); SQLite's can. A
  // NUL only ever arrives in hostile input (a path, a form field), and in its place U+FFFD keeps a
  // lookup finding nothing and an insert storing the rest, as on SQLite, instead of a 500
  if (typeof v === "string" && v.includes("\u0000")) return v.replaceAll("\u0000", "\uFFFD");
  return v;
}

/** A Bun.SQL result as get / all / run see it (rows as bun:sqlite gives them). */
export function shape(kind: StatementKind, result: unknown): unknown {
  const rows = result as Array<Record<string, unknown>> & { count?: number | null };
  if (kind === "get") return rows.length > 0 ? rowOf(rows[0]!) : null;
  if (kind === "all") return rows.map(rowOf);
  const id = rows.length > 0 ? rows[0]!.id : undefined;
  return {
    changes: rows.count ?? 0,
    lastInsertRowid: typeof id === "bigint" ? Number(id) : typeof id === "number" ? id : 0,
  };
}
