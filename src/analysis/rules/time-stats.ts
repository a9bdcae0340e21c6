/** Time arithmetic shared by the forensic rules. Pure: no clock, dates come from the evidence. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Epoch ms of an ISO date; NaN when unparseable (callers skip those). */
export function ms(iso: string): number {
  return Date.parse(iso);
}

const CLOCK = /T(\d{2}):(\d{2}):(\d{2})/;

/**
 * Seconds since midnight on the clock the date was written in: the literal HH:MM:SS of the ISO string
 * (local time when it carries an offset, UTC when GitHub normalized it to Z). One shift for a whole
 * history does not change how concentrated its times of day are.
 */
export function clockSeconds(iso: string): number | null {
  const m = CLOCK.exec(iso);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** The literal HH:MM:SS of an ISO date, or null. */
export function clockText(iso: string): string | null {
  const m = CLOCK.exec(iso);
  return m ? `${m[1]}:${m[2]}:${m[3]}` : null;
}

/** The literal calendar day (YYYY-MM-DD) an ISO date was written for. */
export function dayText(iso: string): string {
  return iso.slice(0, 10);
}

/** UTC calendar day of an epoch ms value. */
export function utcDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** The most values of a list that fit in one window of `width`, and where that window starts. */
export function densestWindow(values: number[], width: number): { count: number; start: number; end: number } {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  let best = { count: 0, start: NaN, end: NaN };
  let lo = 0;
  for (let hi = 0; hi < v.length; hi++) {
    while ((v[hi] as number) - (v[lo] as number) >= width) lo++;
    const count = hi - lo + 1;
    if (count > best.count) best = { count, start: v[lo] as number, end: v[hi] as number };
  }
  return best;
}

/** Like densestWindow over seconds-of-day, wrapping around midnight: how many, and where the window starts. */
export function densestClockWindowAt(seconds: number[], widthSeconds: number): { count: number; start: number } {
  const wrapped = [...seconds, ...seconds.map((s) => s + 86_400)];
  const v = wrapped.sort((a, b) => a - b);
  let best = { count: 0, start: 0 };
  let lo = 0;
  for (let hi = 0; hi < v.length; hi++) {
    while ((v[hi] as number) - (v[lo] as number) >= widthSeconds) lo++;
    if (hi - lo + 1 > best.count) best = { count: hi - lo + 1, start: (v[lo] as number) % 86_400 };
  }
  return { count: Math.min(best.count, seconds.length), start: best.start };
}

/** The most frequent value and its count; ties go to the smallest value so results are stable. */
export function mode<T extends string | number>(values: T[]): { value: T | null; count: number } {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: { value: T | null; count: number } = { value: null, count: 0 };
  for (const [value, count] of counts) {
    if (count > best.count || (count === best.count && best.value !== null && value < best.value))
      best = { value, count };
  }
  return best;
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
}

/** A duration in the largest unit that keeps it readable: "9 minutes", "3 days", "14 months". */
export function humanSpan(durationMs: number): string {
  const d = Math.abs(durationMs);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (d < HOUR_MS) return plural(Math.max(1, Math.round(d / MINUTE_MS)), "minute");
  if (d < 2 * DAY_MS) return plural(Math.round(d / HOUR_MS), "hour");
  if (d < 60 * DAY_MS) return plural(Math.round(d / DAY_MS), "day");
  if (d < 730 * DAY_MS) return plural(Math.round(d / (30.44 * DAY_MS)), "month");
  return plural(Math.round((d / (365.25 * DAY_MS)) * 10) / 10, "year");
}

/** "in the same second" or "within 9 minutes": how tightly a set of times is packed. */
export function withinText(spanMs: number): string {
  return spanMs < 1000 ? "in the same second" : `within ${humanSpan(spanMs)}`;
}

/** Percentage for messages: 0.5739 -> "57%". */
export function pct(share: number): string {
  return `${Math.round(share * 100)}%`;
}
