import type { GitHubClient } from "./github-client.ts";
import { sameLogin, toGhCommit } from "./github-mappers.ts";
import type { GhCommit, GhRepo, LineCountEvidence } from "./types.ts";

/**
 * Where the candidate's lines are, found wherever the bulk sits (not only in the root commit). Three paths,
 * by what each costs in calls:
 *   every-commit  (<= EVERY_COMMIT_MAX own commits, or <= EVERY_COMMIT_FALLBACK_MAX when the statistics
 *                 below are unavailable): GET /commits/{sha} for every own commit (1 call each, immutable,
 *                 so free when re-verified). Exact per-commit line counts.
 *   heavy-weeks   (longer histories): GET /stats/contributors (1 call, plus 1 more when GitHub first
 *                 answers 202 while it computes), which gives the candidate's exact additions per week; then
 *                 for the heaviest weeks (at most HEAVY_WEEKS) GET /commits/{sha} for at most
 *                 COMMITS_PER_HEAVY_WEEK of the candidate's commits authored in that week, found in the
 *                 listing already read, or (history truncated) by one more listing (author=, since=,
 *                 until=). Only a week that could hold a dump counts (HEAVY_WEEK_*), so an ordinary
 *                 history costs the 1-2 statistics calls alone; at most 2 + 1 + 4 = 7 calls.
 *   sampled       (statistics unavailable: still 202, 204, or zeros, which GitHub returns for every week of
 *                 a repository with 10,000+ commits): the oldest commit plus the machine-made spread of
 *                 commit-sample.ts; the candidate's total is then estimated, and said to be.
 */

/** Up to this many own commits, reading each costs no more than the statistics path would. */
export const EVERY_COMMIT_MAX = 8;
/** Without statistics, histories up to this size are still read commit by commit. */
export const EVERY_COMMIT_FALLBACK_MAX = 20;
/** Only one week can hold 60 % of the lines. */
export const HEAVY_WEEKS = 1;
export const COMMITS_PER_HEAVY_WEEK = 4;
/**
 * A week is heavy when one commit in it could be a dump by the BULK_DUMP rule's measure (at least 60 % of
 * the candidate's lines and 2,000 lines, src/analysis/rules/bulk-dump.ts): the week must hold at least
 * that much. Ordinary histories have no such week and cost only the statistics calls.
 */
export const HEAVY_WEEK_SHARE = 0.6;
export const HEAVY_WEEK_MIN_LINES = 2000;
const WEEK_S = 7 * 86_400;

interface ContributorWeek {
  w?: number;
  a?: number;
  d?: number;
  c?: number;
}
interface Contributor {
  author?: { login?: string } | null;
  weeks?: ContributorWeek[];
}

/**
 * GitHub computes the statistics after the first request (202). After the evidence's other calls, they are
 * asked for again, then up to STATS_RETRIES more times with doubling waits (backoff units 1, 2, 4): exact
 * counts are worth a few seconds, an estimate is the last resort.
 */
export const STATS_RETRIES = 3;

/** GET /stats/contributors; null when GitHub has nothing usable (still 202 after the retries, 204, an error). */
export async function contributorStats(
  client: GitHubClient,
  repo: GhRepo,
  meanwhile: Promise<unknown>,
  backoff: { unitMs: number; wait?: (ms: number) => Promise<void> } = { unitMs: 1000 },
): Promise<Contributor[] | null> {
  const ask = () =>
    client
      .get<Contributor[]>(
        "/repos/{owner}/{repo}/stats/contributors",
        { owner: repo.owner, repo: repo.name },
        [404, 422],
      )
      .catch(() => null);
  let res = await ask();
  if (res?.status === 202) {
    // GitHub computes the statistics after the first request: ask again after the other calls, then back off
    await meanwhile;
    res = await ask();
    const wait = backoff.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    for (let k = 0; k < STATS_RETRIES && res?.status === 202; k++) {
      await wait(backoff.unitMs * 2 ** k);
      res = await ask();
    }
  }
  return res?.status === 200 && Array.isArray(res.data) ? res.data : null;
}

/**
 * The candidate's weekly totals from /stats/contributors (commits exclude merges, as GitHub's contributor
 * graph does), or null when absent. `lines` is false when every week's additions and deletions are zero,
 * which GitHub answers for repositories with 10,000+ commits: the commit counts still hold.
 */
export function candidateWeeks(
  stats: Contributor[] | null,
  login: string,
): {
  weeks: Array<{ w: number; a: number; d: number; c: number }>;
  additions: number;
  deletions: number;
  commits: number;
  lines: boolean;
} | null {
  const me = stats?.find((s) => sameLogin(s.author?.login ?? null, login));
  if (!me || !Array.isArray(me.weeks)) return null;
  const weeks = me.weeks
    .map((x) => ({ w: Number(x.w) || 0, a: Number(x.a) || 0, d: Number(x.d) || 0, c: Number(x.c) || 0 }))
    .filter((x) => x.c > 0);
  const additions = weeks.reduce((s, x) => s + x.a, 0);
  const deletions = weeks.reduce((s, x) => s + x.d, 0);
  if (weeks.length === 0) return null;
  const commits = weeks.reduce((s, x) => s + x.c, 0);
  return { weeks, additions, deletions, commits, lines: additions + deletions > 0 };
}

/** The heaviest weeks (epoch seconds of their Sunday), most additions first. */
export function heavyWeeks(weeks: Array<{ w: number; a: number }>, total: number): number[] {
  return [...weeks]
    .filter((x) => x.a >= HEAVY_WEEK_SHARE * total && x.a >= HEAVY_WEEK_MIN_LINES)
    .sort((a, b) => b.a - a.a || a.w - b.w)
    .slice(0, HEAVY_WEEKS)
    .map((x) => x.w);
}

/** The candidate's non-merge commits authored in one week (one listing call; at most 100). */
export async function commitsInWeek(
  client: GitHubClient,
  repo: GhRepo,
  login: string,
  week: number,
): Promise<GhCommit[]> {
  const res = await client.get<unknown[]>("/repos/{owner}/{repo}/commits", {
    owner: repo.owner,
    repo: repo.name,
    author: login,
    // the listing filters by committer date; a day either side catches commits committed late
    since: new Date((week - 86_400) * 1000).toISOString(),
    until: new Date((week + WEEK_S + 86_400) * 1000).toISOString(),
    per_page: 100,
  });
  const listed = (Array.isArray(res.data) ? res.data : []).map(toGhCommit);
  return authoredInWeek(
    listed.filter((c) => c.parents <= 1 && sameLogin(c.authorLogin, login)),
    week,
  );
}

/** The commits authored in the week starting at `week` (epoch seconds), in list order. */
export function authoredInWeek(commits: readonly GhCommit[], week: number): GhCommit[] {
  return commits.filter((c) => {
    const t = Date.parse(c.authorDate) / 1000;
    return t >= week && t < week + WEEK_S;
  });
}

export type { LineCountEvidence };
