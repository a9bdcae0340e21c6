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
  return v;
}
