import { about, historyRule, sampleNote } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms, pct } from "./time-stats.ts";

export const PREDATES_REPO_MS = 7 * DAY_MS;
export const PREDATES_ACCOUNT_MS = 30 * DAY_MS;
/**
 * The rule needs a real share of the history before the repository existed: developers often push
 * some earlier local work with a new repository, which is not a finding.
 */
export const PREDATES_MIN_SHARE = 0.2;
export const PREDATES_MIN_COMMITS = 3;
/**
 * Earlier local work sits beneath the commits made after the repository existed. A commit committed
 * before the repository existed ON TOP of work committed after it ran git's clock backwards: a committer
 * date set by hand (GIT_COMMITTER_DATE) or a machine without a set clock (a board without a real-time
 * clock writes 1970). Honest rewrites never do this (a rebase writes the time of the rebase), so one
 * such commit is enough for the WARNING, whatever the share; it never discredits the rest on its own.
 */
export function committedOutOfOrder(commitsNewestFirst: readonly { committerDate: string }[], repoCreated: number) {
  let travelled = 0;
  let latest = -Infinity;
  for (let i = commitsNewestFirst.length - 1; i >= 0; i--) {
    const t = ms(commitsNewestFirst[i]!.committerDate);
    if (t < repoCreated - PREDATES_REPO_MS && latest >= repoCreated) travelled++;
    if (t > latest) latest = t;
  }
  return travelled;
}

/** Above this share the rule can turn CRITICAL when CLOCK_TIME_MONOCULTURE or IDENTICAL_AUTHOR_TIMESTAMPS holds. */
export const PREDATES_CRITICAL_SHARE = 0.5;

/**
 * PREDATES_REPO_OR_ACCOUNT: commits authored before the repository (server time) or the account existed. Honest people
 * push old local work, so WARNING, and only for a real share of the history unless a commit was
 * committed out of order (committedOutOfOrder); corroborate.ts raises it to CRITICAL only with a
 * painter's signature.
 */
export const predatesRepoOrAccount = historyRule((ctx) => {
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
  const travelled = committedOutOfOrder(ctx.commits, repoCreated);
  if ((early < PREDATES_MIN_COMMITS || share < PREDATES_MIN_SHARE) && travelled === 0) return null;
  const against =
    beforeAccount > 0
      ? `before the account was created (${dayText(ctx.user.createdAt)})`
      : `before the repository was created (${dayText(ctx.repo.createdAt)})`;
  const ref = beforeAccount > 0 ? accountCreated : repoCreated;
  return {
    rule: "PREDATES_REPO_OR_ACCOUNT",
    severity: "WARNING",
    message: `${about(ctx)}${early} of ${n} commits${sampleNote(ctx)} (${pct(share)}) are dated ${against}, the earliest ${humanSpan(ref - earliest)} earlier on ${dayText(earliestIso)}${
      travelled > 0
        ? `; ${travelled} of them sit on top of work committed after the repository existed, so their dates were set by hand or by a clock that was wrong (a board without a real-time clock writes 1970)`
        : "; work kept locally before the repository was created is often pushed with it"
    }`,
    evidence: {
      early,
      examined: n,
      share: Math.round(share * 100) / 100,
      beforeRepo,
      beforeAccount,
      committedOutOfOrder: travelled,
      extent: Math.round(share * 100) / 100,
    },
  };
});
