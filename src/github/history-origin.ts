import type { GitHubClient } from "./github-client.ts";
import { sameLogin, toGhRepo } from "./github-mappers.ts";
import { searchMemo } from "./search-memo.ts";
import type { GhCommit, GhRepo, HistoryOrigin } from "./types.ts";

/**
 * Histories cloned from someone else's. A repository re-pushed from a clone keeps the original's commit
 * SHAs, so when the root commit of a repository the candidate owns is another identity's, one commit search
 * by that SHA (GET /search/commits?q=hash:...) names the older public repository it came from, its owner
 * and its dates. One call of the search budget, for such repositories only, remembered per root.
 */

/** A root commit by another identity (not a bot) in a repository the candidate owns and did not fork. */
export function isClonedHistorySuspect(repo: GhRepo, root: GhCommit | undefined, login: string): boolean {
  if (!root || repo.fork || !sameLogin(repo.owner, login)) return false;
  if (sameLogin(root.authorLogin, login)) return false;
  return !/\[bot\]/i.test(`${root.authorLogin ?? ""} ${root.authorEmail}`);
}

interface CommitSearchJson {
  items?: Array<{ sha?: string; repository?: unknown }>;
}

/**
 * The older public repository of another owner that holds `rootSha`: created before this one, a non-fork
 * before a fork, the oldest first. Undefined when the search finds none (or is refused).
 */
export async function findHistoryOrigin(
  client: GitHubClient,
  repo: GhRepo,
  login: string,
  rootSha: string,
): Promise<HistoryOrigin | undefined> {
  const res = await client.get<CommitSearchJson>(
    "/search/commits",
    { q: `hash:${rootSha}`, per_page: 20 },
    [403, 422, 503],
  );
  if (res.status !== 200 || !Array.isArray(res.data?.items)) return undefined;
  const created = Date.parse(repo.createdAt);
  const holders = res.data.items
    .filter((i) => (i.sha ?? "").toLowerCase() === rootSha.toLowerCase() && i.repository)
    .map((i) => toGhRepo(i.repository))
    .filter(
      (r) =>
        r.fullName.toLowerCase() !== repo.fullName.toLowerCase() &&
        !sameLogin(r.owner, login) &&
        Date.parse(r.createdAt) < created,
    )
    .sort((a, b) => Number(a.fork) - Number(b.fork) || a.createdAt.localeCompare(b.createdAt));
  const original = holders[0];
  if (!original) return undefined;
  return {
    original: original.fullName,
    owner: original.owner,
    createdAt: original.createdAt,
    pushedAt: original.pushedAt,
    stargazers: original.stargazers,
    rootSha,
  };
}

const origins = searchMemo<HistoryOrigin>();

/** findHistoryOrigin remembered per (API origin, repository, root SHA): an original older than the copy stays so. */
export function findHistoryOriginOnce(
  scope: string,
  client: GitHubClient,
  repo: GhRepo,
  login: string,
  rootSha: string,
): Promise<HistoryOrigin | undefined> {
  return origins(`${scope}|${repo.fullName.toLowerCase()}|${rootSha}`, () =>
    findHistoryOrigin(client, repo, login, rootSha),
  );
}
