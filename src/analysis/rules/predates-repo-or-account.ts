import { about, type RepoRule, sampleNote } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms, pct } from "./time-stats.ts";

export const PREDATES_REPO_MS = 7 * DAY_MS;
export const PREDATES_ACCOUNT_MS = 30 * DAY_MS;
/**
 * The rule needs a real share of the history before the repository existed: developers often push
 * some earlier local work with a new repository, which is not a finding.
 */
export const PREDATES_MIN_SHARE = 0.2;
export const PREDATES_MIN_COMMITS = 3;
/** Above this share the rule can turn CRITICAL when CLOCK_TIME_MONOCULTURE or IDENTICAL_AUTHOR_TIMESTAMPS holds. */
export const PREDATES_CRITICAL_SHARE = 0.5;

/**
 * Rule 6: commits authored before the repository (server time) or the account existed. Honest people
 * push old local work, so WARNING; corroborate.ts raises it to CRITICAL only with a painter's signature.
 */
export const predatesRepoOrAccount: RepoRule = (ctx) => {
  const n = ctx.commits.length;
  if (n === 0) return null;
  const repoCreated = ms(ctx.repo.createdAt);
  const accountCreated = ms(ctx.user.createdAt);
  let beforeRepo = 0;
  let beforeAccount = 0;
  let early = 0;
  let earliest = Infinity;
  let earliestIso = "";
  for (const c of ctx.commits) {
    const a = ms(c.authorDate);
    const r = a < repoCreated - PREDATES_REPO_MS;
    const acc = a < accountCreated - PREDATES_ACCOUNT_MS;
    if (r) beforeRepo++;
    if (acc) beforeAccount++;
    if (r || acc) early++;
    if ((r || acc) && a < earliest) {
      earliest = a;
      earliestIso = c.authorDate;
    }
  }
  const share = early / n;
  if (early < PREDATES_MIN_COMMITS || share < PREDATES_MIN_SHARE) return null;
  const against =
    beforeAccount > 0
      ? `before the account was created (${dayText(ctx.user.createdAt)})`
      : `before the repository was created (${dayText(ctx.repo.createdAt)})`;
  const ref = beforeAccount > 0 ? accountCreated : repoCreated;
  return {
    rule: "PREDATES_REPO_OR_ACCOUNT",
    severity: "WARNING",
    message: `${about(ctx)}${early} of ${n} commits${sampleNote(ctx)} (${pct(share)}) are dated ${against}, the earliest ${humanSpan(ref - earliest)} earlier on ${dayText(earliestIso)}`,
    evidence: {
      early,
      examined: n,
      share: Math.round(share * 100) / 100,
      beforeRepo,
      beforeAccount,
      extent: Math.round(share * 100) / 100,
    },
  };
};
