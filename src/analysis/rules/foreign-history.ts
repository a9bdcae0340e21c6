import { about, type RepoRule } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms, pct } from "./time-stats.ts";

export const FOREIGN_MIN_SHARE = 0.5;
export const FOREIGN_PREDATES_MS = 30 * DAY_MS;

/**
 * Rule 11: someone else's history re-pushed as the candidate's own repository (not a fork): the root
 * commit and most commits come from other identities, long before the candidate's first commit.
 * Applies only to repositories the candidate owns (contributing to others' projects is normal). WARNING;
 * the candidate's own commits are still counted, the others' never are.
 */
export const foreignHistory: RepoRule = (ctx) => {
  const { repo, evidence } = ctx;
  if (repo.fork || repo.owner.toLowerCase() !== ctx.login.toLowerCase()) return null;
  const root = evidence.rootCommit;
  if (!root || (root.authorLogin ?? "").toLowerCase() === ctx.login.toLowerCase()) return null;
  const total = evidence.totalCommitCount;
  if (total === 0) return null;
  const others = total - evidence.candidateCommitCount;
  const share = others / total;
  if (share < FOREIGN_MIN_SHARE) return null;
  const mine = ctx.commits.map((c) => ms(c.authorDate)).filter((t) => Number.isFinite(t));
  const firstMine = mine.length > 0 ? Math.min(...mine) : Infinity;
  const firstOther = Math.min(ms(root.authorDate), ...evidence.otherAuthors.map((o) => ms(o.earliestAuthorDate)).filter((t) => Number.isFinite(t)));
  if (!(firstMine - firstOther > FOREIGN_PREDATES_MS)) return null;
  const rootWho = root.authorLogin ?? root.authorEmail;
  const lead = Number.isFinite(firstMine) ? `, ${humanSpan(firstMine - firstOther)} before the candidate's first commit` : "";
  return {
    rule: "FOREIGN_HISTORY",
    severity: "WARNING",
    message: `${about(ctx)}${others} of ${total} commits (${pct(share)}) including the root commit are by other identities (root by ${rootWho} on ${dayText(root.authorDate)})${lead}; only ${ctx.commitCount} are the candidate's`,
    evidence: { otherCommits: others, total, share: Math.round(share * 100) / 100, rootAuthor: rootWho },
  };
};
