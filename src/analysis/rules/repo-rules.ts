import { aiAssisted } from "./ai-assisted.ts";
import { automatedCommits, inflatedActivity } from "./automated-commits.ts";
import { backdatedSplit } from "./backdated-split.ts";
import { botAuthor } from "./bot-author.ts";
import { bulkDump } from "./bulk-dump.ts";
import { claimContradicted, originContradicted } from "./claim-contradicted.ts";
import { clockTimeMonoculture } from "./clock-time-monoculture.ts";
import { commitBurst } from "./commit-burst.ts";
import { copiedRepository } from "./copied-repository.ts";
import { corroborate } from "./corroborate.ts";
import { foreignHistory } from "./foreign-history.ts";
import { forkAsOwn } from "./fork-as-own.ts";
import { futureAuthorDate } from "./future-author-date.ts";
import { identicalAuthorTimestamps } from "./identical-author-timestamps.ts";
import { paddedActivity } from "./padded-activity.ts";
import { predatesRepoOrAccount } from "./predates-repo-or-account.ts";
import { pushedLongAfterDates } from "./pushed-long-after-dates.ts";
import { randomOrderHistory } from "./random-order-history.ts";
import { repeatedOrTimestampMessages } from "./repeated-messages.ts";
import { lacking, type RepoRule, type RepoRuleContext, type RuleHit } from "./rule-context.ts";
import { trivialChurn } from "./trivial-churn.ts";
import { unanchoredHistory } from "./unanchored-history.ts";
import { unlinkedEmailCommits } from "./unlinked-email.ts";

/** Every per-repository rule, in the forensics note's order (rule 14 is per claim: claim-before-account.ts). */
export const REPO_RULES: readonly RepoRule[] = [
  futureAuthorDate,
  clockTimeMonoculture,
  identicalAuthorTimestamps,
  backdatedSplit,
  randomOrderHistory,
  predatesRepoOrAccount,
  commitBurst,
  trivialChurn,
  repeatedOrTimestampMessages,
  bulkDump,
  foreignHistory,
  forkAsOwn,
  botAuthor,
  unlinkedEmailCommits,
  aiAssisted,
  unanchoredHistory,
  copiedRepository,
  automatedCommits,
  inflatedActivity,
  pushedLongAfterDates,
  paddedActivity,
  claimContradicted,
  originContradicted,
];

/**
 * Runs every repository rule on one repository's evidence and settles cross-rule severities. Each rule is
 * told which of the evidence it declares (`needs`) the host does not give, with the host's reason.
 */
export function judgeRepository(ctx: RepoRuleContext): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const rule of REPO_RULES) {
    const missing = (rule.needs ?? []).flatMap((evidence) => {
      const reason = lacking(ctx, evidence);
      return reason === null ? [] : [{ evidence, reason }];
    });
    const hit = rule(missing.length > 0 ? { ...ctx, missing } : ctx);
    if (hit) hits.push(hit);
  }
  return corroborate(hits);
}
