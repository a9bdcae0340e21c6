import { about, historyRule, sampleNote } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms, utcDay, withinText } from "./time-stats.ts";

/** A commit whose committer date is this much later than its author date was written long before it was committed. */
export const BACKDATE_GAP_MS = 7 * DAY_MS;
export const BACKDATE_MIN_SHARE = 0.5;
/** Distinct author days per distinct committer day among the backdated commits: months of "work" committed in a few sessions. */
export const BACKDATE_DAY_RATIO = 5;

/**
 * BACKDATED_SPLIT: history authored over a long time but committed in a few sessions. Honest rewrites (rebase,
 * filter-branch, a maintainer committing old pull requests) look the same, so this is a WARNING; it
 * becomes CRITICAL only when a strong rule corroborates it (see corroborate.ts).
 */
export const backdatedSplit = historyRule((ctx) => {
  const n = ctx.commits.length;
  if (n === 0) return null;
  const split = ctx.commits.filter((c) => ms(c.committerDate) - ms(c.authorDate) > BACKDATE_GAP_MS);
  const share = split.length / n;
  if (share < BACKDATE_MIN_SHARE) return null;
  // measured over the split commits: a rewrite of part of a history is judged on the part rewritten
  const authorDays = new Set(split.map((c) => dayText(c.authorDate))).size;
  const committerDays = new Set(split.map((c) => utcDay(ms(c.committerDate)))).size;
  const ratio = authorDays / Math.max(1, committerDays);
  if (ratio < BACKDATE_DAY_RATIO) return null;
  const a = split.map((c) => ms(c.authorDate));
  const k = split.map((c) => ms(c.committerDate));
  const authoredSpan = Math.max(...a) - Math.min(...a);
  const kMin = Math.min(...k);
  const kMax = Math.max(...k);
  const splitDays = new Set(k.map(utcDay)).size;
  const committed =
    splitDays === 1
      ? `committed ${withinText(kMax - kMin)} on ${utcDay(kMin)}`
      : `committed on ${splitDays} days between ${utcDay(kMin)} and ${utcDay(kMax)}`;
  return {
    rule: "BACKDATED_SPLIT",
    severity: "WARNING",
    message: `${about(ctx)}${split.length} of ${n} commits${sampleNote(ctx)} were authored across ${humanSpan(authoredSpan)} but ${committed}; a rebase, a history rewrite or a maintainer committing old pull requests does this too`,
    evidence: {
      backdated: split.length,
      examined: n,
      authorDays,
      committerDays,
      authoredSpanDays: Math.round(authoredSpan / DAY_MS),
      committedSpanMinutes: Math.round((kMax - kMin) / 60_000),
    },
  };
});
