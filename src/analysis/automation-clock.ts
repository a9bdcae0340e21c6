import type { GhCommit } from "../github/index.ts";

/**
 * A machine's clock in a history: commits made by a schedule (most of them inside one five-minute window of
 * the day, or of the hour, over weeks) or by a loop on a fixed interval (one message template, regular
 * gaps). A person committing daily drifts by hours, a machine by seconds or minutes. Read by committer date:
 * when the job ran. Pure; thresholds are named. automation.ts combines these with a job's other marks.
 */

/** A machine's clock: the densest five-minute window of the day holds this share of 30+ commits over 20+ days. */
export const CLOCK_WINDOW_SECONDS = 300;
export const CLOCK_DAY_SHARE = 0.3;
export const CLOCK_MIN_COMMITS = 30;
export const CLOCK_MIN_DAYS = 20;
/** ... every five-minute window holding at least this share (and CLOCK_WINDOW_MIN commits) is one of its runs. */
export const CLOCK_WINDOW_SHARE = 0.1;
export const CLOCK_WINDOW_MIN = 10;
/** An hourly job: one five-minute window of the hour holds this share of 50+ commits spread over 12+ hours of the day. */
export const CLOCK_HOUR_SHARE = 0.5;
export const CLOCK_HOUR_MIN_COMMITS = 50;
export const CLOCK_HOUR_MIN_HOURS = 12;
/**
 * A job on a fixed interval (a loop on a server every ten minutes): one message template used by as many
 * commits as a job needs (the caller's minimum) whose consecutive gaps are, this often, within
 * INTERVAL_TOLERANCE of their median gap (or of a small multiple of it, a run skipped), the median between
 * a minute and a day.
 */
export const INTERVAL_REGULAR_SHARE = 0.6;
export const INTERVAL_TOLERANCE = 0.1;
export const INTERVAL_MIN_TOLERANCE_MS = 60_000;
/** ... but never looser than five minutes: a person committing daily drifts by hours, a machine by seconds. */
export const INTERVAL_MAX_TOLERANCE_MS = 300_000;
const INTERVAL_MIN_MS = 60_000;
const INTERVAL_MAX_MS = 86_400_000;

const secondOfDay = (t: number) => Math.floor(t / 1000) % 86_400;
const hhmm = (s: number) =>
  `${String(Math.floor(s / 3600) % 24).padStart(2, "0")}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}`;

/** The densest window of `width` over cyclic positions in [0, period): its count and start. */
function densest(positions: number[], width: number, period: number): { count: number; start: number } {
  const v = [...positions, ...positions.map((p) => p + period)].sort((a, b) => a - b);
  let best = { count: 0, start: 0 };
  let lo = 0;
  for (let hi = 0; hi < v.length; hi++) {
    while (v[hi]! - v[lo]! >= width) lo++;
    if (hi - lo + 1 > best.count) best = { count: hi - lo + 1, start: v[lo]! % period };
  }
  return { count: Math.min(best.count, positions.length), start: best.start };
}

const inWindow = (p: number, start: number, width: number, period: number) => (p - start + period) % period < width;

/** Distinct UTC days among times. */
const dayCount = (ts: readonly number[]) => new Set(ts.map((t) => Math.floor(t / 86_400_000))).size;

/**
 * Commits made on a machine's clock, by committer date (when the job ran; a rewrite gives many commits one
 * committer time on ONE day, a schedule gives one time on MANY days): their shas and how the clock reads,
 * or null when none is.
 */
export function clockRuns(
  commits: readonly GhCommit[],
  life: { from: number; to: number },
): { shas: Set<string>; text: string } | null {
  // a workflow runs in the repository: a commit dated before it existed, or after its last push, is no run
  const timed = commits
    .map((c) => ({ sha: c.sha, t: Date.parse(c.committerDate) }))
    .filter((x) => Number.isFinite(x.t) && x.t >= life.from && x.t <= life.to);
  const n = timed.length;
  if (n < CLOCK_MIN_COMMITS || dayCount(timed.map((x) => x.t)) < CLOCK_MIN_DAYS) return null;
  const take = (period: number, pos: (t: number) => number) => {
    let left = timed.map((x) => ({ ...x, p: pos(x.t) }));
    const shas = new Set<string>();
    const starts: number[] = [];
    for (;;) {
      const w = densest(
        left.map((x) => x.p),
        CLOCK_WINDOW_SECONDS,
        period,
      );
      const inside = left.filter((x) => inWindow(x.p, w.start, CLOCK_WINDOW_SECONDS, period));
      if (
        inside.length < Math.max(CLOCK_WINDOW_MIN, CLOCK_WINDOW_SHARE * n) ||
        dayCount(inside.map((x) => x.t)) < CLOCK_WINDOW_MIN
      )
        break;
      for (const x of inside) shas.add(x.sha);
      left = left.filter((x) => !inWindow(x.p, w.start, CLOCK_WINDOW_SECONDS, period));
      starts.push(w.start);
    }
    return { shas, starts: starts.sort((a, b) => a - b) };
  };
  const ofDay = (t: number) => secondOfDay(t);
  const daily = densest(
    timed.map((x) => ofDay(x.t)),
    CLOCK_WINDOW_SECONDS,
    86_400,
  );
  if (daily.count / n >= CLOCK_DAY_SHARE) {
    const runs = take(86_400, ofDay);
    if (runs.shas.size > 0)
      return {
        shas: runs.shas,
        text: `${runs.starts.map((s) => `${hhmm(s)}-${hhmm(s + CLOCK_WINDOW_SECONDS)}`).join(" and ")} UTC daily`,
      };
  }
  const hours = new Set(timed.map((x) => Math.floor(ofDay(x.t) / 3600))).size;
  if (n >= CLOCK_HOUR_MIN_COMMITS && hours >= CLOCK_HOUR_MIN_HOURS) {
    const ofHour = (t: number) => ofDay(t) % 3600;
    const w = densest(
      timed.map((x) => ofHour(x.t)),
      CLOCK_WINDOW_SECONDS,
      3600,
    );
    if (w.count / n >= CLOCK_HOUR_SHARE) {
      const runs = take(3600, ofHour);
      const m = (s: number) => `:${String(Math.floor(s / 60) % 60).padStart(2, "0")}`;
      if (runs.shas.size > 0)
        return { shas: runs.shas, text: `at ${m(w.start)}-${m(w.start + CLOCK_WINDOW_SECONDS)} past the hour` };
    }
  }
  return null;
}

/** " every 10 minutes", " every 2 hours": a period in words. */
function everyText(ms: number): string {
  const m = Math.round(ms / 60_000);
  if (m < 90) return `every ${m} minute${m === 1 ? "" : "s"}`;
  const h = Math.round(ms / 3_600_000);
  return `every ${h} hour${h === 1 ? "" : "s"}`;
}

/** Commits of one message template made on a fixed interval: their shas and the interval, or null. */
export function intervalRuns(
  commits: readonly GhCommit[],
  templateOf: (message: string) => string,
  minRuns: number,
  life: { from: number; to: number },
): { shas: Set<string>; text: string } | null {
  const byTemplate = new Map<string, Array<{ sha: string; t: number }>>();
  for (const c of commits) {
    const t = Date.parse(c.committerDate);
    if (!Number.isFinite(t) || t < life.from || t > life.to) continue;
    const key = templateOf(c.message);
    byTemplate.set(key, [...(byTemplate.get(key) ?? []), { sha: c.sha, t }]);
  }
  const shas = new Set<string>();
  const periods: number[] = [];
  for (const runs of byTemplate.values()) {
    if (runs.length < minRuns) continue;
    const ts = runs.map((r) => r.t).sort((a, b) => a - b);
    const gaps = ts.slice(1).map((t, i) => t - ts[i]!);
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    if (!(median >= INTERVAL_MIN_MS && median <= INTERVAL_MAX_MS)) continue;
    const tol = Math.min(INTERVAL_MAX_TOLERANCE_MS, Math.max(INTERVAL_MIN_TOLERANCE_MS, INTERVAL_TOLERANCE * median));
    const regular = gaps.filter((g) => {
      const k = Math.max(1, Math.round(g / median));
      return k <= 3 && Math.abs(g - k * median) <= tol;
    }).length;
    if (regular / gaps.length < INTERVAL_REGULAR_SHARE) continue;
    for (const r of runs) shas.add(r.sha);
    periods.push(median);
  }
  return shas.size > 0 ? { shas, text: periods.map(everyText).join(" and ") } : null;
}
