import type { GhUser } from "../../github/types.ts";
import type { RuleHit } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms } from "./time-stats.ts";

export const CLAIM_BEFORE_ACCOUNT_MS = 90 * DAY_MS;
export const YOUNG_ACCOUNT_MS = 90 * DAY_MS;
export const YOUNG_ACCOUNT_MAX_COMMITS = 1000;

export interface DatedClaim {
  name: string;
  /** the claim's start as the resume gives it ("YYYY-MM" or "YYYY-MM-DD"), if parsed */
  start?: string;
  /** true when the matched repository holds at least one counted commit of the candidate */
  backedByCommits: boolean;
}

/** "2021-03" -> epoch ms of 2021-03-01; NaN when not a date. */
export function claimStartMs(start: string): number {
  return /^\d{4}-\d{2}$/.test(start)
    ? ms(`${start}-01T00:00:00Z`)
    : ms(start.length === 10 ? `${start}T00:00:00Z` : start);
}

/**
 * Rule 14: the resume's dates against the account's age. A project claimed to start more than 90 days
 * before the GitHub account existed with no commit behind it, or a brand-new account (< 90 days at
 * `asOf`, the newest server time in the evidence) with 1,000+ commits. WARNING: people do code before
 * they sign up, but a recruiter should see the gap.
 */
export function claimBeforeAccount(input: {
  user: GhUser;
  asOf: string;
  claims: DatedClaim[];
  totalCommits: number;
}): Array<RuleHit & { project?: string }> {
  const created = ms(input.user.createdAt);
  const hits: Array<RuleHit & { project?: string }> = [];
  for (const claim of input.claims) {
    if (!claim.start || claim.backedByCommits) continue;
    const start = claimStartMs(claim.start);
    if (!Number.isFinite(start) || created - start <= CLAIM_BEFORE_ACCOUNT_MS) continue;
    hits.push({
      rule: "CLAIM_BEFORE_ACCOUNT",
      severity: "WARNING",
      project: claim.name,
      message: `"${claim.name}" is dated from ${claim.start}, ${humanSpan(created - start)} before the GitHub account ${input.user.login} was created (${dayText(input.user.createdAt)}), and no commit backs it`,
      evidence: {
        claimStart: claim.start,
        accountCreated: dayText(input.user.createdAt),
        gapDays: Math.round((created - start) / DAY_MS),
      },
    });
  }
  const age = ms(input.asOf) - created;
  if (Number.isFinite(age) && age < YOUNG_ACCOUNT_MS && input.totalCommits >= YOUNG_ACCOUNT_MAX_COMMITS) {
    hits.push({
      rule: "CLAIM_BEFORE_ACCOUNT",
      severity: "WARNING",
      message: `the GitHub account ${input.user.login} is ${humanSpan(Math.max(age, 0))} old but the matched repositories hold ${input.totalCommits.toLocaleString("en-US")} of its commits`,
      evidence: { accountAgeDays: Math.round(age / DAY_MS), totalCommits: input.totalCommits },
    });
  }
  return hits;
}
