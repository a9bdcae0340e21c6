import type { GhCommit } from "../github/index.ts";
import { clockRuns, intervalRuns } from "./automation-clock.ts";
import { lateRuns, stampedTemplates } from "./automation-late.ts";
import { batchRuns } from "./automation-runs.ts";

/**
 * Automation is not work. A scheduled workflow that commits under the owner's identity (a price, a
 * counter, a badge kept fresh; a "streak" kept green) makes commits GitHub credits to the owner. They are
 * told apart by what a person's commits never show together: committed by a CI identity, marked
 * `[skip ci]` on a message template, made on a machine's clock (most commits inside one five-minute
 * window of the day, or of the hour, over weeks: automation-clock.ts), or made in runs (several template
 * commits in one second, on many days: automation-runs.ts). Pure; thresholds are named.
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
  // one template per message, however many readers ask for it
  const templateCache = new Map<string, string>();
  const templateOf = (message: string) => {
    const cached = templateCache.get(message);
    if (cached !== undefined) return cached;
    const t = messageTemplate(message);
    templateCache.set(message, t);
    return t;
  };
  const templates = new Map<string, number>();
  for (const c of commits) templates.set(templateOf(c.message), (templates.get(templateOf(c.message)) ?? 0) + 1);
  const window = { from: life.created - ANCHOR_GRACE_MS, to: life.pushed + ANCHOR_GRACE_MS };
  const daily = clockRuns(commits, window);
  const looped = intervalRuns(commits, templateOf, AUTOMATION_MIN_COMMITS, window);
  const runs = batchRuns(commits, templateOf, templates, window);
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
    skipped: SKIP_CI.test(c.message) && (templates.get(templateOf(c.message)) ?? 0) >= SKIP_CI_MIN_TEMPLATE,
    timed: clock?.shas.has(c.sha) ?? false,
    batched: runs?.shas.has(c.sha) ?? false,
  }));
  // a job that names itself (CI committer, [skip ci]) on most of its runs: a commit on its clock without
  // that name is a person who happened to commit at that minute
  const timed = marks.filter((m) => m.timed);
  const named = timed.filter((m) => m.byCi || m.skipped).length;
  const clockAlone = timed.length > 0 && named / timed.length < JOB_NAMES_ITSELF_SHARE;
  // the clock's job's runs that started late: its template, its committer, another minute of the day
  const late = clockAlone ? lateRuns(commits, clock!.shas, templateOf, window) : new Set<string>();
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
  for (const sha of stampedTemplates(commits, templateOf, templates))
    if (!shas.has(sha)) {
      shas.add(sha);
      stamped++;
    }
  const used = new Map<string, number>();
  for (const c of commits)
    if (shas.has(c.sha)) used.set(templateOf(c.message), (used.get(templateOf(c.message)) ?? 0) + 1);
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
