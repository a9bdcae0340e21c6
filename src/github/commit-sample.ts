import type { GhCommit } from "./types.ts";

/**
 * Which of the candidate's commits to fetch one by one (GET /commits/{sha}, one call each) for line
 * counts. Pure. The oldest commit is always sampled: that is where a bulk dump lives. An even spread
 * of `sampleSize` more is added only for a history of >= CHURN_SAMPLE_MIN_COMMITS commits that already
 * looks machine-made from its metadata, because churn statistics only corroborate such histories and
 * sampling every honest repository would cost ten calls each (a candidate without a token has 60/h).
 */

/** TRIVIAL_CHURN needs n >= 50 commits; below that the sample would not be used. */
export const CHURN_SAMPLE_MIN_COMMITS = 50;

/** Pre-screen thresholds: deliberately looser than the anomaly rules they feed. */
export const PRESCREEN = {
  identicalAuthorTimestamps: 5,
  timeOfDayWindowShare: 0.4,
  topMessageShare: 0.2,
  /**
   * Few distinct message templates (numbers replaced) over many commits: a job rotating "Routine entry #615",
   * "Cycle commit #614", ... (real histories measured at least 0.48 distinct subjects per commit)
   */
  templateVocabularyRatio: 0.15,
  /**
   * Subjects stating a time to the minute ("system maintenance update | 2026-03-16 17:37:45"): a script's
   * `date`; author dates at a whole minute (seconds 0; git's own clock gives 1 in 60): dates a script wrote
   */
  stampedSubjectShare: 0.3,
  wholeMinuteShare: 0.3,
  dateSplitShare: 0.3,
  dateSplitMs: 86_400_000,
  commitsPerCommitterHour: 100,
} as const;

const ms = (iso: string) => Date.parse(iso);
/** A date and a time to the minute inside a subject. */
const STAMPED_SUBJECT = /\d{4}-\d{2}-\d{2}[ T_]\d{2}:\d{2}/;

/** Largest share of commits whose author time of day (UTC) falls in one 60-minute window. */
export function timeOfDayWindowShare(commits: readonly GhCommit[]): number {
  if (commits.length === 0) return 0;
  const minutes = commits
    .map((c) => new Date(ms(c.authorDate)).getUTCHours() * 60 + new Date(ms(c.authorDate)).getUTCMinutes())
    .sort((a, b) => a - b);
  const circular = [...minutes, ...minutes.map((m) => m + 1440)];
  let best = 0;
  let j = 0;
  for (let i = 0; i < minutes.length; i++) {
    while (j < circular.length && circular[j]! < minutes[i]! + 60) j++;
    best = Math.max(best, j - i);
  }
  return best / commits.length;
}

const maxGroup = <T>(xs: readonly T[]): number => {
  const counts = new Map<T, number>();
  let best = 0;
  for (const x of xs) {
    const n = (counts.get(x) ?? 0) + 1;
    counts.set(x, n);
    if (n > best) best = n;
  }
  return best;
};

/** True when a history's metadata shows a pattern the churn sample should corroborate. */
export function looksMachineMade(commits: readonly GhCommit[]): boolean {
  const n = commits.length;
  if (n === 0) return false;
  if (maxGroup(commits.map((c) => c.authorDate)) >= PRESCREEN.identicalAuthorTimestamps) return true;
  if (timeOfDayWindowShare(commits) >= PRESCREEN.timeOfDayWindowShare) return true;
  const subjects = commits.map((c) => c.message.trim().split("\n")[0]!.toLowerCase());
  if (maxGroup(subjects) / n >= PRESCREEN.topMessageShare) return true;
  const templates = new Set(subjects.map((s) => s.replace(/\d+/g, "#")));
  if (n >= CHURN_SAMPLE_MIN_COMMITS && templates.size / n <= PRESCREEN.templateVocabularyRatio) return true;
  const stamped = subjects.filter((s) => STAMPED_SUBJECT.test(s)).length;
  if (n >= CHURN_SAMPLE_MIN_COMMITS && stamped / n >= PRESCREEN.stampedSubjectShare) return true;
  const whole = commits.filter((c) => ms(c.authorDate) % 60_000 === 0).length;
  if (n >= CHURN_SAMPLE_MIN_COMMITS && whole / n >= PRESCREEN.wholeMinuteShare) return true;
  const split = commits.filter((c) => Math.abs(ms(c.committerDate) - ms(c.authorDate)) > PRESCREEN.dateSplitMs).length;
  if (split / n >= PRESCREEN.dateSplitShare) return true;
  return maxGroup(commits.map((c) => Math.floor(ms(c.committerDate) / 3_600_000))) >= PRESCREEN.commitsPerCommitterHour;
}

/**
 * SHAs to sample, newest first: the oldest non-merge commit, plus (when the history looks machine-made
 * and is long enough) `sampleSize` more spread evenly across the fetched commits.
 */
export function planStatsSample(
  commits: readonly GhCommit[],
  candidateCommitCount: number,
  sampleSize: number,
): string[] {
  const own = commits.filter((c) => c.parents <= 1);
  if (own.length === 0) return [];
  const chosen = new Set<number>([own.length - 1]);
  if (sampleSize > 0 && candidateCommitCount >= CHURN_SAMPLE_MIN_COMMITS && looksMachineMade(own)) {
    const k = Math.min(sampleSize, own.length);
    for (let i = 0; i < k; i++) chosen.add(Math.round((i * (own.length - 1)) / Math.max(1, k - 1)));
  }
  return [...chosen].sort((a, b) => a - b).map((i) => own[i]!.sha);
}
