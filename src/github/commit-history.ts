import type { GitHubClient } from "./github-client.ts";
import { sameLogin, toGhCommit } from "./github-mappers.ts";
import { pageOf } from "./link-header.ts";
import { mapLimit } from "./map-limit.ts";
import { gainedAbove, type HistoryStore, nextKnown, oldestFromKnown, ownFromKnown } from "./stable-history.ts";
import { type GhCommit, type GhRepo, GitHubUnavailableError, type RepoEvidence } from "./types.ts";

/** What the commit listings say about one repository's default branch and one candidate. */
export interface CommitHistory {
  empty: boolean;
  totalCommitCount: number;
  rootCommit?: GhCommit;
  candidateCommits: GhCommit[];
  candidateCommitCount: number;
  truncated: boolean;
  otherAuthors: RepoEvidence["otherAuthors"];
  /** false when the candidate's count comes from a paged author= listing (GitHub's rel="last" is not exact there) */
  candidateCountExact?: boolean;
  /** true when otherAuthors was counted over the whole branch, false when over its newest and oldest pages */
  otherAuthorsComplete?: boolean;
  /** root tree SHA of the default branch's head commit */
  headTreeSha?: string;
}

export const PER_PAGE = 100;

/** Pages 2..last-1 to fetch when only `budget` pages in total may be: an even spread. */
export function middlePages(lastPage: number, budget: number): number[] {
  const inner = lastPage - 2;
  const take = Math.min(inner, Math.max(0, budget - 2));
  if (take <= 0) return [];
  if (take === inner) return Array.from({ length: inner }, (_, i) => i + 2);
  const pages = new Set<number>();
  for (let i = 0; i < take; i++) pages.add(2 + Math.round((i * (inner - 1)) / Math.max(1, take - 1)));
  return [...pages].sort((a, b) => a - b);
}

/** Other identities among the fetched commits, most frequent first. */
export function tallyOtherAuthors(commits: readonly GhCommit[], login: string): RepoEvidence["otherAuthors"] {
  const byKey = new Map<string, RepoEvidence["otherAuthors"][number]>();
  for (const c of commits) {
    if (sameLogin(c.authorLogin, login)) continue;
    const key = c.authorLogin ? `login:${c.authorLogin.toLowerCase()}` : `email:${c.authorEmail.toLowerCase()}`;
    const entry = byKey.get(key);
    if (!entry)
      byKey.set(key, {
        login: c.authorLogin,
        email: c.authorEmail,
        count: 1,
        earliestAuthorDate: c.authorDate,
        earliestSha: c.sha,
      });
    else {
      entry.count++;
      if (Date.parse(c.authorDate) < Date.parse(entry.earliestAuthorDate)) {
        entry.earliestAuthorDate = c.authorDate;
        entry.earliestSha = c.sha;
      }
    }
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || a.email.localeCompare(b.email));
}

const dedupe = (commits: GhCommit[]): GhCommit[] => {
  const seen = new Set<string>();
  return commits.filter((c) => !seen.has(c.sha) && seen.add(c.sha));
};

/**
 * Reads the default branch cheaply. One page of 100 answers a small repository completely. A larger one
 * costs its last page too (exact total from rel="last", the root commit, the oldest authors), then the
 * candidate's own listing (author=login): first page, last page (exact count, oldest work) and at most
 * `maxPages - 2` pages spread in between, never the whole history of a huge repository. Every page after
 * the first is anchored at the head commit the first one showed (`sha=`), so a push meanwhile shifts none.
 * With a `store`, a re-read whose newest page holds the last read's head beneath a plain chain of new
 * commits reuses that read (stable-history.ts): usually that one page is the whole cost.
 */
export async function fetchCommitHistory(
  client: GitHubClient,
  repo: GhRepo,
  login: string,
  maxPages: number,
  store?: HistoryStore | null,
): Promise<CommitHistory> {
  const route = "/repos/{owner}/{repo}/commits";
  const base = { owner: repo.owner, repo: repo.name, per_page: PER_PAGE };
  const first = await client.get<unknown[]>(route, base, [404, 409]);
  if (first.status === 404) {
    throw new GitHubUnavailableError(`GitHub answered 404 to the history of ${repo.fullName}, listed moments ago`, 404);
  }
  if (first.status !== 200 || !Array.isArray(first.data)) {
    return {
      empty: true,
      totalCommitCount: 0,
      candidateCommits: [],
      candidateCommitCount: 0,
      truncated: false,
      otherAuthors: [],
    };
  }
  const newest = first.data.map(toGhCommit);
  const lastPage = pageOf(first.headers.link, "last");
  const head = newest[0]?.sha ?? "";
  const known = (await store?.load(repo)) ?? null;
  const gained = known && head ? gainedAbove(known, first.data, newest) : null;
  let before = known && gained !== null ? { known, gained } : null;

  if (lastPage === null) {
    const candidate = newest.filter((c) => sameLogin(c.authorLogin, login));
    if (head) store?.save(repo, nextKnown(head, newest.length, [{ start: 0, commits: newest }], null, undefined));
    return {
      headTreeSha: newest[0]?.treeSha,
      empty: newest.length === 0,
      totalCommitCount: newest.length,
      rootCommit: [...newest].reverse().find((c) => c.parents === 0),
      candidateCommits: candidate,
      candidateCommitCount: candidate.length,
      truncated: false,
      candidateCountExact: true,
      otherAuthors: tallyOtherAuthors(newest, login),
      otherAuthorsComplete: true,
    };
  }

  const anchored = { ...base, sha: head };
  let oldest = before ? await oldestFromKnown(client, repo, before.known, before.gained, lastPage) : null;
  if (!oldest) {
    before = null; // the known read does not fit this listing: nothing of it is reused
    const last = await client.get<unknown[]>(route, { ...anchored, page: lastPage });
    oldest = (Array.isArray(last.data) ? last.data : []).map(toGhCommit);
  }
  const total = PER_PAGE * (lastPage - 1) + oldest.length;

  const reused = before ? ownFromKnown(before.known, newest.slice(0, before.gained), login, maxPages) : null;
  const own = reused ? { listed: reused, count: reused.length, exact: reused.length <= PER_PAGE } : null;
  const read = own ?? (await readOwnListing(client, route, { ...anchored, author: login }, maxPages));
  const listed = dedupe(read.listed);
  // author= also matches a literal email; only commits linked to the account count
  const candidate = listed.filter((c) => sameLogin(c.authorLogin, login));
  const candidateCount = Math.max(candidate.length, read.count - (listed.length - candidate.length));
  const whole = listed.length === read.count ? { login, commits: listed } : undefined;
  const pages = [
    { start: 0, commits: newest },
    { start: PER_PAGE * (lastPage - 1), commits: oldest },
  ];
  if (head) store?.save(repo, nextKnown(head, total, pages, before, whole));
  return {
    headTreeSha: newest[0]?.treeSha,
    empty: false,
    totalCommitCount: total,
    rootCommit: [...oldest].reverse().find((c) => c.parents === 0),
    candidateCommits: candidate,
    candidateCommitCount: candidateCount,
    truncated: candidate.length < candidateCount,
    candidateCountExact: read.exact && candidate.length === candidateCount,
    otherAuthors: tallyOtherAuthors(dedupe([...newest, ...oldest]), login),
    // two pages are the whole branch
    otherAuthorsComplete: lastPage <= 2,
  };
}

/** The candidate's author= listing: its pages as read, the count they imply, and whether that count is exact. */
async function readOwnListing(
  client: GitHubClient,
  route: string,
  own: Record<string, string | number>,
  maxPages: number,
): Promise<{ listed: GhCommit[]; count: number; exact: boolean }> {
  const ownFirst = await client.get<unknown[]>(route, own, [404]);
  const ownFirstPage = (Array.isArray(ownFirst.data) ? ownFirst.data : []).map(toGhCommit);
  const ownLast = pageOf(ownFirst.headers.link, "last");
  if (ownLast === null) return { listed: ownFirstPage, count: ownFirstPage.length, exact: true };
  const wanted = [...middlePages(ownLast, maxPages), ownLast];
  const fetched = await mapLimit(wanted, 3, async (page) => {
    const res = await client.get<unknown[]>(route, { ...own, page });
    return (Array.isArray(res.data) ? res.data : []).map(toGhCommit);
  });
  // rel="last" on an author= listing is not exact on GitHub: the last page can come back empty; then
  // the page before it holds the oldest work, and the count is read from it (and called estimated)
  let lastFull = ownLast;
  let tail = fetched[fetched.length - 1] ?? [];
  while (tail.length === 0 && lastFull > 2 && ownLast - lastFull < 3) {
    lastFull--;
    const res = await client.get<unknown[]>(route, { ...own, page: lastFull });
    tail = (Array.isArray(res.data) ? res.data : []).map(toGhCommit);
    fetched.push(tail);
  }
  return { listed: [ownFirstPage, ...fetched].flat(), count: PER_PAGE * (lastFull - 1) + tail.length, exact: false };
}
