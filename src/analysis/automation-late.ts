import type { GhCommit } from "../github/index.ts";

/**
 * A job's late runs. A scheduled workflow is queued, not run, at its time: GitHub starts it minutes, at
 * busy hours one to three hours, after the schedule, and its time can be moved by editing the workflow. A
 * clock window holds only the runs that started on time; the others carry the same message template and
 * are committed by the same identity, on other minutes of the day. So once a template's commits are mostly
 * on the job's clock (half or more, and on CLOCK_WINDOW_MIN-many commits), every commit of that template
 * by that committer is one of its runs. A person who commits at a regular hour writes messages about the
 * work ("day 5: two pointers"), whose templates do not repeat on a clock. Pure; thresholds are named.
 */

/** A template is the job's when at least this share of its commits (by one committer) are on the job's clock. */
export const LATE_TEMPLATE_CLOCK_SHARE = 0.5;
/** ... and at least this many of them. */
export const LATE_TEMPLATE_MIN_ON_CLOCK = 10;

/** GitHub starts a scheduled run up to hours late at busy times (measured: up to six hours after the schedule). */
export const LATE_MAX_DELAY_SECONDS = 6 * 3600;

/** ... and its runs jitter a few minutes around the earliest one seen (one clock window). */
export const LATE_EARLY_SECONDS = 300;

const committerKey = (c: GhCommit) => `${c.committerName}\u0000${c.committerEmail}`.toLowerCase();

const DAY_S = 86_400;
const ofDay = (t: number) => Math.floor(t / 1000) % DAY_S;

/** The job's schedules: the starts of its clusters of on-time runs (seconds of the day, gaps of a window or less). */
function schedulesOf(timed: readonly number[]): number[] {
  const s = [...new Set(timed.map(ofDay))].sort((a, b) => a - b);
  const starts: number[] = [];
  for (let i = 0; i < s.length; i++) if (i === 0 || s[i]! - s[i - 1]! > LATE_EARLY_SECONDS) starts.push(s[i]!);
  // a cluster that wraps midnight is one schedule
  if (starts.length > 1 && s[0]! + DAY_S - s.at(-1)! <= LATE_EARLY_SECONDS) starts.shift();
  return starts;
}

/** "schedule@day" of the run a commit at `t` would be (its schedule the latest one started before it), or null. */
function runKey(schedules: readonly number[], t: number): string | null {
  const s = ofDay(t);
  let best: { start: number; delay: number } | null = null;
  for (const start of schedules) {
    const delay = ((((s - start + LATE_EARLY_SECONDS) % DAY_S) + DAY_S) % DAY_S) - LATE_EARLY_SECONDS;
    if (delay <= LATE_MAX_DELAY_SECONDS && (best === null || delay < best.delay)) best = { start, delay };
  }
  if (best === null) return null;
  return `${best.start}@${Math.floor((Math.floor(t / 1000) - best.delay) / DAY_S)}`;
}

/**
 * The commits of `commits` outside `onClock` that are runs of the same job: their template's commits by
 * one committer are mostly on the clock. `life` (epoch ms) bounds when the workflow could run.
 */
export function lateRuns(
  commits: readonly GhCommit[],
  onClock: ReadonlySet<string>,
  template: (message: string) => string,
  life: { from: number; to: number },
): Set<string> {
  const groups = new Map<string, GhCommit[]>();
  for (const c of commits) {
    const t = Date.parse(c.committerDate);
    if (!Number.isFinite(t) || t < life.from || t > life.to) continue;
    const key = `${template(c.message)}\u0000${committerKey(c)}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const late = new Set<string>();
  for (const group of groups.values()) {
    const timed = group.filter((c) => onClock.has(c.sha)).map((c) => Date.parse(c.committerDate));
    if (timed.length < LATE_TEMPLATE_MIN_ON_CLOCK || timed.length < LATE_TEMPLATE_CLOCK_SHARE * group.length) continue;
    const schedules = schedulesOf(timed);
    // which schedule ran on which day: each runs once a day, so a day it ran on time has no late run of it
    const ran = new Set(timed.map((t) => runKey(schedules, t)));
    const first = Math.min(...timed);
    const rest = group
      .filter((c) => !onClock.has(c.sha))
      .map((c) => ({ sha: c.sha, t: Date.parse(c.committerDate) }))
      .sort((a, b) => a.t - b.t);
    for (const { sha, t } of rest) {
      // a run starts at or after its schedule (within its jitter), never before the job's first run
      if (t < first) continue;
      const key = runKey(schedules, t);
      if (key === null || ran.has(key)) continue;
      ran.add(key);
      late.add(sha);
    }
  }
  return late;
}

/**
 * A message that states its own commit time to the minute ("Periodical update posts 2021-01-18T11:14:43"
 * committed at 11:14:44): a script writing `date` into its message. A person does not type the current time
 * to the minute; a log dated by hand carries the day. Any whole half-hour offset (the script's zone).
 */
const STAMP = /(\d{4})-(\d{2})-(\d{2})[ T_](\d{2}):(\d{2})(?::(\d{2}))?/;
export const STAMP_TOLERANCE_MS = 120_000;

export function stampsItsOwnTime(c: GhCommit): boolean {
  const m = STAMP.exec(c.message.split("\n")[0] ?? "");
  if (!m) return false;
  const stated = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  const at = Date.parse(c.committerDate);
  if (!Number.isFinite(stated) || !Number.isFinite(at)) return false;
  const zone = 1_800_000;
  const off = stated - at;
  if (Math.abs(off) > 14 * 3_600_000 + STAMP_TOLERANCE_MS) return false;
  const rest = Math.abs(off - Math.round(off / zone) * zone);
  // without seconds the message is rounded down to its minute
  return rest <= STAMP_TOLERANCE_MS + (m[6] === undefined ? 60_000 : 0);
}

/** A template whose messages state their own commit time: this share of its commits do (chance matches a few). */
export const STAMPED_TEMPLATE_SHARE = 0.8;
export const STAMPED_MIN_COMMITS = 3;

/** The commits of templates whose messages state their own commit time (`uses`: each template's commits). */
export function stampedTemplates(
  commits: readonly GhCommit[],
  template: (message: string) => string,
  uses: ReadonlyMap<string, number>,
): string[] {
  const stamps = new Map<string, number>();
  for (const c of commits)
    if (stampsItsOwnTime(c)) stamps.set(template(c.message), (stamps.get(template(c.message)) ?? 0) + 1);
  return commits
    .filter((c) => {
      const n = stamps.get(template(c.message)) ?? 0;
      return n >= STAMPED_MIN_COMMITS && n >= STAMPED_TEMPLATE_SHARE * (uses.get(template(c.message)) ?? 0);
    })
    .map((c) => c.sha);
}
