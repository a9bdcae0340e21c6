import type { GhCommit, RepoEvidence } from "../github/index.ts";
import { type Automation, detectAutomation } from "./automation.ts";

/** The candidate's own work in one repository, and what was left out of it. */
export interface OwnCommits {
  /**
   * the contract's `commits`: the candidate's non-merge, non-bot commits, beyond a fork's parent, less those a
   * scheduled job made under their identity (automation is not work)
   */
  count: number;
  /** false when `count` is an estimate (automation scaled from the commits read to the whole history) */
  exact: boolean;
  /** the fetched commits under the candidate's identity (newest first): what the anomaly rules examine */
  examined: GhCommit[];
  /** a scheduled job's commits among them, when there are enough to matter (automation.ts) */
  automation: Automation | null;
  /** the automated commits left out of `count` (over the whole history: scaled when it was read in part) */
  automatedExcluded: number;
  mergesExcluded: number;
  botsExcluded: number;
  /** commits on the default branch by the candidate but inherited from a fork's parent */
  inheritedExcluded: number;
}

/** A `*[bot]` account or a GitHub Actions / dependabot style identity. */
export function isBotIdentity(login: string | null, email: string): boolean {
  if (login && /\[bot\]$/i.test(login)) return true;
  return /\[bot\]@/i.test(email) || /^(?:\d+\+)?[a-z0-9-]+\[bot\]@users\.noreply\.github\.com$/i.test(email);
}

/** Same GitHub login: logins are case-insensitive. */
export function sameLogin(a: string | null | undefined, b: string): boolean {
  return typeof a === "string" && a.toLowerCase() === b.toLowerCase();
}

/** Pages of the listing (100 commits) and the fewest commits a page needs to say how merge-heavy it is. */
const PAGE = 100;
const MIN_PAGE_COMMITS = 20;

/** The lowest share of commits meeting `test` on any page (100 commits, at least 20) of a listing read. */
function lowestShare<T>(listed: readonly T[], test: (x: T) => boolean): number {
  let lowest = 1;
  for (let i = 0; i < listed.length; i += PAGE) {
    const page = listed.slice(i, i + PAGE);
    if (page.length < MIN_PAGE_COMMITS && i > 0) continue;
    lowest = Math.min(lowest, page.filter(test).length / page.length);
  }
  return lowest;
}

/**
 * The largest share of merges on any page read of the candidate's listing: scaled to the unread pages, it
 * errs towards more merges, so the estimate of their own commits errs low, never high.
 */
function densestMergeShare(listed: readonly GhCommit[], login: string): number {
  const mine = listed.filter((c) => sameLogin(c.authorLogin, login));
  let best = 0;
  for (let i = 0; i < mine.length; i += PAGE) {
    const page = mine.slice(i, i + PAGE);
    if (page.length < MIN_PAGE_COMMITS && i > 0) continue;
    best = Math.max(best, page.filter((c) => c.parents > 1).length / page.length);
  }
  return best;
}

/**
 * Counts a commit for the candidate only when GitHub links its author to the candidate's account
 * (author.login), and it is neither a merge nor a bot's. In a fork only the candidate's commits ahead
 * of the parent count; the rest of the branch is the parent's history. When the evidence is truncated,
 * merges beyond the fetched pages cannot be seen, so the count is exact only when /stats/contributors gave
 * it (merges excluded there); otherwise the listing's count less its merges at the share the pages read
 * show (rounded down), marked estimated. Subtracting only the merges seen overstated a merge-heavy
 * history (914 shown for 813).
 */
export function ownCommits(evidence: RepoEvidence, login: string): OwnCommits {
  let merges = 0;
  let bots = 0;
  const kept: GhCommit[] = [];
  for (const c of evidence.candidateCommits) {
    if (!sameLogin(c.authorLogin, login)) continue;
    if (c.parents > 1) merges++;
    else if (isBotIdentity(c.authorLogin, c.authorEmail)) bots++;
    else kept.push(c);
  }
  // /stats/contributors counts exclude merges already: subtracting the merges seen again would undercount
  const read = merges + bots + kept.length;
  const partial = !evidence.candidateCountExcludesMerges && read > 0 && read < evidence.candidateCommitCount;
  const mergesOverall = evidence.candidateCountExcludesMerges
    ? 0
    : partial
      ? Math.ceil(densestMergeShare(evidence.candidateCommits, login) * evidence.candidateCommitCount)
      : merges;
  let count = Math.max(0, evidence.candidateCommitCount - mergesOverall - bots);
  let examined = kept;
  let inherited = 0;
  if (evidence.repo.fork) {
    const ahead = evidence.aheadOfParent?.byCandidate;
    const created = Date.parse(evidence.repo.createdAt);
    // without a compare answer, only work committed after the fork was made can be the candidate's own
    examined = ahead !== undefined ? kept.slice(0, ahead) : kept.filter((c) => Date.parse(c.committerDate) >= created);
    const ownCount = ahead !== undefined ? Math.min(ahead, count) : examined.length;
    inherited = count - ownCount;
    count = ownCount;
  }
  // a scheduled job's commits are not the candidate's work: counted over what was read, scaled to the rest
  const created = Date.parse(evidence.repo.createdAt);
  const pushed = Date.parse(evidence.repo.pushedAt ?? "");
  const automation = detectAutomation(examined, {
    created: Number.isFinite(created) ? created : Number.NEGATIVE_INFINITY,
    pushed: Number.isFinite(pushed) ? pushed : Number.POSITIVE_INFINITY,
  });
  let automated = 0;
  let exact = true;
  if (automation) {
    exact = examined.length >= count;
    // read in part: the unread commits count as the person's only at the lowest share any page read shows,
    // so the estimate errs low, never high
    const human = exact
      ? examined.length - automation.count
      : examined.length -
        automation.count +
        Math.floor((count - examined.length) * lowestShare(examined, (c) => !automation.shas.has(c.sha)));
    automated = Math.max(0, count - human);
    count = Math.max(0, Math.min(count, human));
  }
  return {
    count,
    exact,
    examined,
    automation,
    automatedExcluded: automated,
    mergesExcluded: merges,
    botsExcluded: bots,
    inheritedExcluded: inherited,
  };
}
