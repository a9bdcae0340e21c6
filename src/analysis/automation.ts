import type { GhCommit } from "../github/index.ts";
import { lateRuns, stampedTemplates } from "./automation-late.ts";
import { batchRuns } from "./automation-runs.ts";

/**
 * Automation is not work. A scheduled workflow that commits under the owner's identity (a price, a
 * counter, a badge kept fresh; a "streak" kept green) makes commits GitHub credits to the owner. They are
 * told apart by what a person's commits never show together: committed by a CI identity, marked
 * `[skip ci]` on a message template, made on a machine's clock (most commits inside one five-minute
 * window of the day, or of the hour, over weeks), or made in runs (several template commits in one second,
 * on many days: automation-runs.ts). Pure; thresholds are named.
 */

export interface Automation {
  /** the examined commits a scheduled job made */
  shas: ReadonlySet<string>;
  count: number;
  /** how many of them carry each mark (a commit may carry several) */
  ciCommitter: number;
  skipCi: number;
  onClock: number;
  /** runs of the clock's job that started late (its template, its committer, another minute: automation-late.ts) */
  late: number;
  /** messages that state their own commit time, a script's `date` (counted once a job is found by other marks) */
  stamped: number;
  /** made in runs of several template commits in one second, and on how many days */
  inRuns: number;
  runDays: number;
  /** the CI identity that committed them, when one did */
  committer: string | null;
  /** when they ran: "20:15-20:20 UTC daily" or "at :05-:10 past the hour" */
  clock: string | null;
  /** distinct message templates among them (numbers and dates replaced), and the most frequent */
  templates: number;
  topTemplate: string;
}

/** Fewer automated commits than this are not worth a finding (a few CI fix-ups). */
export const AUTOMATION_MIN_COMMITS = 20;
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
 * A job on a fixed interval (a loop on a server every ten minutes): one message template used by
 * AUTOMATION_MIN_COMMITS commits whose consecutive gaps are, this often, within INTERVAL_TOLERANCE of their
 * median gap (or of a small multiple of it, a run skipped), the median between a minute and a day.
 */
export const INTERVAL_REGULAR_SHARE = 0.6;
export const INTERVAL_TOLERANCE = 0.1;
export const INTERVAL_MIN_TOLERANCE_MS = 60_000;
/** ... but never looser than five minutes: a person committing daily drifts by hours, a machine by seconds. */
export const INTERVAL_MAX_TOLERANCE_MS = 300_000;
const INTERVAL_MIN_MS = 60_000;
const INTERVAL_MAX_MS = 86_400_000;

/** When this share of the commits on a clock carry a CI committer or [skip ci], only commits that do are the job's. */
export const JOB_NAMES_ITSELF_SHARE = 0.8;
/** Clock runs are looked for among commits committed while the repository existed (and this grace either side). */
export const ANCHOR_GRACE_MS = 86_400_000;
/** A `[skip ci]` message counts only when its template repeats this often (people skip CI by hand too). */
export const SKIP_CI_MIN_TEMPLATE = 3;

const CI_LOGIN = /^(github-actions(\[bot\])?|actions-user|gitlab-ci|jenkins|travis-ci|circleci)$/i;
const CI_NAME =
  /^(github-actions(\[bot\])?|github actions?|actions-user|gitlab ci|gitlab-ci|jenkins|travis ci|circleci|cron bot)$/i;
const CI_EMAIL =
  /^(actions?@github\.com|github-actions@github\.com|41898282\+github-actions\[bot\]@users\.noreply\.github\.com|github-actions\[bot\]@users\.noreply\.github\.com)$/i;
const SKIP_CI = /\[(skip ci|ci skip|no ci|skip actions|actions skip)\]|\bskip-checks:\s*true/i;

/** A commit committed by a CI identity (not GitHub's web editor, whose committer is "GitHub <noreply@github.com>"). */
export function ciCommitted(c: GhCommit): boolean {
  return CI_LOGIN.test(c.committerLogin ?? "") || CI_NAME.test(c.committerName) || CI_EMAIL.test(c.committerEmail);
}

/** Pictographs (emoji, with their modifiers and joiners): a job that picks one at random writes one template. */
const PICTOGRAPH =
  /(?:\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}])(?:\u{FE0F}|\u{200D}|[\u{1F3FB}-\u{1F3FF}]|\p{Extended_Pictographic})*/gu;

/** A subject with its numbers, dates, hashes and emoji replaced: "Update price: 43,210.55" -> "update price: #". */
export function messageTemplate(message: string): string {
  return (message.split("\n")[0] ?? "")
    .toLowerCase()
    .replace(PICTOGRAPH, "#")
    .replace(/\b[0-9a-f]{7,40}\b/g, "#")
    .replace(/[+-]?\d+(?:[,._:/t+-]\d+)*z?\b/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}

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
function clockRuns(
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
function intervalRuns(
  commits: readonly GhCommit[],
  life: { from: number; to: number },
): { shas: Set<string>; text: string } | null {
  const byTemplate = new Map<string, Array<{ sha: string; t: number }>>();
  for (const c of commits) {
    const t = Date.parse(c.committerDate);
    if (!Number.isFinite(t) || t < life.from || t > life.to) continue;
    const key = messageTemplate(c.message);
    byTemplate.set(key, [...(byTemplate.get(key) ?? []), { sha: c.sha, t }]);
  }
  const shas = new Set<string>();
  const periods: number[] = [];
  for (const runs of byTemplate.values()) {
    if (runs.length < AUTOMATION_MIN_COMMITS) continue;
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

/**
 * The commits of `commits` (the candidate's own, non-merge, non-bot) that a scheduled job made, or null
 * when fewer than AUTOMATION_MIN_COMMITS carry a scheduler's mark. `life` (epoch ms, GitHub's own times):
 * only commits committed while the repository existed, up to its last push, can be its workflow's runs.
 */
export function detectAutomation(
  commits: readonly GhCommit[],
  life: { created: number; pushed: number } = { created: -Infinity, pushed: Infinity },
): Automation | null {
  if (commits.length < AUTOMATION_MIN_COMMITS) return null;
  const templates = new Map<string, number>();
  for (const c of commits)
    templates.set(messageTemplate(c.message), (templates.get(messageTemplate(c.message)) ?? 0) + 1);
  const window = { from: life.created - ANCHOR_GRACE_MS, to: life.pushed + ANCHOR_GRACE_MS };
  const daily = clockRuns(commits, window);
  const looped = intervalRuns(commits, window);
  const runs = batchRuns(commits, messageTemplate, window);
  const clock =
    daily || looped
      ? {
          shas: new Set([...(daily?.shas ?? []), ...(looped?.shas ?? [])]),
          text: [daily?.text, looped?.text].filter(Boolean).join("; "),
        }
      : null;
  const marks = commits.map((c) => ({
    c,
    byCi: ciCommitted(c),
    skipped: SKIP_CI.test(c.message) && (templates.get(messageTemplate(c.message)) ?? 0) >= SKIP_CI_MIN_TEMPLATE,
    timed: clock?.shas.has(c.sha) ?? false,
    batched: runs?.shas.has(c.sha) ?? false,
  }));
  // a job that names itself (CI committer, [skip ci]) on most of its runs: a commit on its clock without
  // that name is a person who happened to commit at that minute
  const timed = marks.filter((m) => m.timed);
  const named = timed.filter((m) => m.byCi || m.skipped).length;
  const clockAlone = timed.length > 0 && named / timed.length < JOB_NAMES_ITSELF_SHARE;
  // the clock's job's runs that started late: its template, its committer, another minute of the day
  const late = clockAlone ? lateRuns(commits, clock!.shas, messageTemplate, window) : new Set<string>();
  const shas = new Set<string>();
  let ci = 0;
  let skip = 0;
  let onClock = 0;
  let inRuns = 0;
  let lateCount = 0;
  const committers = new Map<string, number>();
  for (const { c, byCi, skipped, timed: t, batched } of marks) {
    const isLate = late.has(c.sha);
    if (!byCi && !skipped && !batched && !(t && clockAlone) && !isLate) continue;
    shas.add(c.sha);
    if (isLate) lateCount++;
    if (batched) inRuns++;
    if (byCi) {
      ci++;
      const who = c.committerLogin ?? c.committerName;
      committers.set(who, (committers.get(who) ?? 0) + 1);
    }
    if (skipped) skip++;
    if (t) onClock++;
  }
  if (shas.size < AUTOMATION_MIN_COMMITS) return null;
  // a job is found: a template whose messages state their own commit time is its scripts' too
  let stamped = 0;
  for (const sha of stampedTemplates(commits, messageTemplate, templates))
    if (!shas.has(sha)) {
      shas.add(sha);
      stamped++;
    }
  const used = new Map<string, number>();
  for (const c of commits)
    if (shas.has(c.sha)) used.set(messageTemplate(c.message), (used.get(messageTemplate(c.message)) ?? 0) + 1);
  const top = [...used.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  const committer = [...committers.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  return {
    shas,
    count: shas.size,
    ciCommitter: ci,
    skipCi: skip,
    onClock,
    late: lateCount,
    stamped,
    inRuns,
    runDays: inRuns > 0 ? (runs?.days ?? 0) : 0,
    committer: committer?.[0] ?? null,
    clock: onClock > 0 ? (clock?.text ?? null) : null,
    templates: used.size,
    topTemplate: top?.[0] ?? "",
  };
}
