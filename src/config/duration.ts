/**
 * Durations are written with a unit: "500ms", "10s", "5m", "2h", "1d". A bare number is refused, never
 * guessed: "10" could mean 10 ms or 10 s, and reading it as milliseconds silently made a
 * WEBHOOK_TIMEOUT=10 a 10 ms timeout.
 */
const UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Milliseconds of "500ms", "10s", "5m", "2h", "1d" (decimals allowed: "1.5s"); null when malformed or without a unit. */
export function parseDuration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!m) return null;
  return Math.round(Number(m[1]) * UNITS[m[2] as keyof typeof UNITS]);
}

/** Why `text` is not a duration, in words a person can act on; null when it is one. */
export function durationProblem(text: string): string | null {
  if (parseDuration(text) !== null) return null;
  const bare = /^\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (bare) return `a duration needs a unit: write ${bare[1]}s for seconds (or ${bare[1]}ms, ${bare[1]}m, ${bare[1]}h)`;
  return "a duration is a number and a unit: 500ms, 10s, 5m, 2h or 1d";
}

/** "1m,5m,30m,2h,8h" -> [60000, 300000, ...]; null when any element is malformed or the list is empty. */
export function parseDurationList(text: string): number[] | null {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === "")) return null;
  const out = parts.map(parseDuration);
  return out.some((d) => d === null) ? null : (out as number[]);
}

/** Why `text` is not a list of durations, naming the first element that is not one; null when it is a list. */
export function durationListProblem(text: string): string | null {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.some((p) => p === "")) return "an element is empty";
  for (const p of parts) {
    const problem = durationProblem(p);
    if (problem) return `${JSON.stringify(p)}: ${problem}`;
  }
  return null;
}
