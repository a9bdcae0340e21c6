/**
 * Statement text for PostgreSQL from the stores' portable SQL: `?` placeholders become `$1, $2, ...`
 * (outside quoted strings and identifiers). Everything else is written portably in the stores.
 */
export function toPostgresPlaceholders(sql: string): string {
  let out = "";
  let n = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    if (ch === "?") {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

/** A stable 32-bit key for pg_advisory_lock from a name (FNV-1a). */
export function advisoryKey(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
