import type { GhUser } from "../../github/index.ts";
import type { DateRange } from "../../resume/index.ts";
import { claimPeriod } from "../claim-period.ts";
import { GITHUB_HOST, hostName } from "../repo-hosts.ts";
import type { RuleHit } from "./rule-context.ts";
import { DAY_MS, dayText, humanSpan, ms } from "./time-stats.ts";

export const CLAIM_BEFORE_ACCOUNT_MS = 90 * DAY_MS;
export const YOUNG_ACCOUNT_MS = 90 * DAY_MS;
export const YOUNG_ACCOUNT_MAX_COMMITS = 1000;

export interface DatedClaim {
  name: string;
  /** the claim's dates as the resume gives them, read at the precision written */
  dates?: DateRange | null;
  /** true when the matched repository holds at least one counted commit of the candidate */
  backedByCommits: boolean;
}

/**
 * CLAIM_BEFORE_ACCOUNT: the resume's dates against the account's age. A project whose claimed period starts more than
 * 90 days before the GitHub account existed, at the latest reading of the date as written ("2019" may be
 * December 2019), with no commit behind it; or a brand-new account (< 90 days at `asOf`, the newest
 * server time in the evidence) with 1,000+ commits. WARNING: people do code before they sign up, but a
 * recruiter should see the gap.
 */
export function claimBeforeAccount(input: {
  user: GhUser;
  asOf: string;
  claims: DatedClaim[];
  totalCommits: number;
  /** the account's host (default github.com) */
  host?: string;
}): Array<RuleHit & { project?: string }> {
  const created = ms(input.user.createdAt);
  const account = `the ${hostName(input.host ?? GITHUB_HOST)} account ${input.user.login}`;
  const hits: Array<RuleHit & { project?: string }> = [];
  for (const claim of input.claims) {
    if (claim.backedByCommits) continue;
    const period = claimPeriod(claim.dates, ms(input.asOf));
    if (!period || created - period.startLatest <= CLAIM_BEFORE_ACCOUNT_MS) continue;
    const gap = created - period.startLatest;
    hits.push({
      rule: "CLAIM_BEFORE_ACCOUNT",
      severity: "WARNING",
      project: claim.name,
      message: `"${claim.name}" is dated ${period.text}, at least ${humanSpan(gap)} before ${account} was created (${dayText(input.user.createdAt)}), and no commit backs it; work done before an account existed (at school, on an employer's servers) is common, so ask where it lives`,
      evidence: {
        claimStart: claim.dates?.start ?? "",
        accountCreated: dayText(input.user.createdAt),
        gapDays: Math.round(gap / DAY_MS),
      },
    });
  }
  const age = ms(input.asOf) - created;
  if (Number.isFinite(age) && age < YOUNG_ACCOUNT_MS && input.totalCommits >= YOUNG_ACCOUNT_MAX_COMMITS) {
    hits.push({
      rule: "CLAIM_BEFORE_ACCOUNT",
      severity: "WARNING",
      message: `${account} is ${humanSpan(Math.max(age, 0))} old but the matched repositories hold ${input.totalCommits.toLocaleString("en-US")} of its commits; an older history imported into a new account looks the same, so ask where the work was kept before`,
      evidence: { accountAgeDays: Math.round(age / DAY_MS), totalCommits: input.totalCommits },
    });
  }
  return hits;
}
