/** Parse "500ms", "10s", "5m", "2h", "1d" or a bare number of milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2] ?? "ms";
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit]!;
  return Math.round(n * factor);
}

/** "1m,5m,30m,2h,8h" -> [60000, 300000, ...]; null when any element is malformed or the list is empty. */
export function parseDurationList(text: string): number[] | null {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === "")) return null;
  const out = parts.map(parseDuration);
  return out.some((d) => d === null) ? null : (out as number[]);
}
