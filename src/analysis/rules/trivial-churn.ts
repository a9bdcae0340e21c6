import { about, historyRule } from "./rule-context.ts";
import { sampledCommits } from "./sampled-stats.ts";
import { median, mode, pct } from "./time-stats.ts";

export const CHURN_MIN_COMMITS = 50;
export const CHURN_MIN_SAMPLED = 10;
/** Honest projects measured a median of 3-41 changed lines per commit; fakes 1-2. */
export const CHURN_MAX_MEDIAN_LINES = 2;
export const CHURN_SAME_FILE_SHARE = 0.5;
export const CHURN_EMPTY_SHARE = 0.3;

/**
 * TRIVIAL_CHURN: commits that change nothing real (one line of one file again and again, or nothing at all),
 * the trace of a commit farm. WARNING. Judged on the sampled commits' stats.
 */
export const trivialChurn = historyRule((ctx) => {
  if (ctx.commitCount < CHURN_MIN_COMMITS) return null;
  const sample = sampledCommits(ctx);
  const s = sample.length;
  if (s < CHURN_MIN_SAMPLED) return null;
  const med = median(sample.map((x) => x.changed));
  const singleFile = mode(
    sample.filter((x) => x.commit.stats?.files.length === 1).map((x) => x.commit.stats?.files[0] ?? ""),
  );
  const sameFileShare = singleFile.count / s;
  const empty = sample.filter((x) => x.changed === 0 && x.allFiles === 0).length;
  const emptyShare = empty / s;
  const tiny = med <= CHURN_MAX_MEDIAN_LINES && sameFileShare >= CHURN_SAME_FILE_SHARE;
  if (!tiny && emptyShare < CHURN_EMPTY_SHARE) return null;
  const detail = tiny
    ? `${pct(sameFileShare)} of ${s} sampled commits change only ${singleFile.value}, with a median of ${med} changed lines`
    : `${empty} of ${s} sampled commits are empty`;
  return {
    rule: "TRIVIAL_CHURN",
    severity: "WARNING",
    message: `${about(ctx)}${detail}; such activity is usually padding rather than work, though notes and dotfiles repositories are made of small edits too`,
    evidence: {
      sampled: s,
      medianChangedLines: med,
      sameFileShare: Math.round(sameFileShare * 100) / 100,
      emptyShare: Math.round(emptyShare * 100) / 100,
    },
  };
});
