import { about, historyRule } from "./rule-context.ts";

export const FORK_MIN_OWN_COMMITS = 5;
export const FORK_MIN_OWN_SHARE = 0.1;

/**
 * FORK_AS_OWN: a GitHub fork presented as the candidate's project with little or no work of theirs beyond
 * the parent. WARNING; match-strength.ts caps such a match at LOW.
 */
export const forkAsOwn = historyRule((ctx) => {
  if (!ctx.repo.fork) return null;
  const ahead = ctx.evidence.aheadOfParent;
  const own = ctx.commitCount;
  const aheadTotal = ahead?.total ?? own;
  if (own >= FORK_MIN_OWN_COMMITS && own >= FORK_MIN_OWN_SHARE * aheadTotal) return null;
  const parent = ctx.repo.parent ?? ctx.repo.source ?? "another repository";
  const detail =
    aheadTotal === 0
      ? `it has no commits beyond its parent`
      : `only ${own} of the ${aheadTotal} commits ahead of its parent are the candidate's`;
  return {
    rule: "FORK_AS_OWN",
    severity: "WARNING",
    message: `${about(ctx)}a fork of ${parent}; ${detail}, the rest of its ${ctx.evidence.totalCommitCount} commits are inherited. Keeping a fork to study or patch a project is common; its history is not the candidate's work`,
    evidence: { ownAhead: own, aheadTotal, totalCommits: ctx.evidence.totalCommitCount, parent },
  };
});
