import type { CopyEvidence, GhRepo } from "../../github/index.ts";
import { isCopySuspect } from "../../github/index.ts";
import { anchorCommits } from "../evidence/arrivals.ts";
import { aheadBySha, planFileSample, summarizeHistory } from "../evidence/history.ts";
import { bareForgeEvidence } from "../evidence/isolation.ts";
import type { ForgeHttp } from "../http/forge-http.ts";
import { countHeader, fetchPages } from "../http/paging.ts";
import { ownerNamePath } from "../http/path-segments.ts";
import type { ForgeCapabilities, ForgeEvidence, ForgeRepoEvidence, PushEvent } from "../types.ts";
import { parentShasOf, toFeedPush, toGhCommit, toGhRepo } from "./gitea-mappers.ts";

/** Gitea answers at most 50 items a page. */
export const GITEA_PAGE = 50;

export interface GiteaEvidenceContext {
  http: ForgeHttp;
  host: string;
  capabilities: ForgeCapabilities;
  /** the candidate's activity feed (cached by the source): null when the host serves none */
  feed(login: string): Promise<{ items: unknown[]; truncated: boolean } | null>;
  limits: { maxCommitPages: number; sampleSize: number };
}

/** A repository's path: owner and name each one whole segment (a "/" inside the name stays encoded). */
const repoPath = (fullName: string) => ownerNamePath("/repos", fullName);

/**
 * Everything the rules need about one Gitea/Forgejo repository and one candidate: the default branch's
 * commits with their accounts, stats, files and verification (pages of 50; no call per commit), the pushes
 * of the candidate's activity feed (server time of each), languages in bytes, for a fork the parent's
 * commits, for a copy suspect an older repository of another owner with the same head tree.
 */
export async function fetchGiteaEvidence(
  ctx: GiteaEvidenceContext,
  repo: GhRepo,
  login: string,
): Promise<ForgeRepoEvidence> {
  const forge: ForgeEvidence = {
    host: ctx.host,
    kind: "gitea",
    capabilities: ctx.capabilities,
    identity: { emails: [], basis: ["host-linked"] },
    languageUnit: "bytes",
  };
  if (repo.empty) return bareForgeEvidence(repo, forge);
  const path = repoPath(repo.fullName);
  const [listing, feed, languages] = await Promise.all([
    fetchPages<unknown>(
      ctx.http,
      `${path}/commits`,
      { sha: repo.defaultBranch, limit: GITEA_PAGE },
      ctx.limits.maxCommitPages,
      [409],
    ),
    ctx.feed(login),
    ctx.http.get<Record<string, number>>(`${path}/languages`, {}, [404]),
  ]);
  if (listing.status === 409 || listing.items.length === 0) return bareForgeEvidence({ ...repo, empty: true }, forge);
  const listed = listing.items.map(toGhCommit);
  const history = summarizeHistory(listed, {
    login,
    complete: !listing.truncated,
    total: countHeader(listing.first, "x-total-count"),
  });
  forge.identity.emails = [...new Set(history.candidateCommits.map((c) => c.authorEmail.toLowerCase()))].sort();
  if (feed) {
    const pushes = feed.items
      .map((a) => toFeedPush(a, repo.fullName))
      .filter((p): p is PushEvent => p !== null && p.ref === repo.defaultBranch)
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const parents = new Map(listing.items.map((c) => [toGhCommit(c).sha, parentShasOf(c)]));
    const oldestRead = (feed.items[feed.items.length - 1] as { created?: string } | undefined)?.created;
    forge.anchoredTimes = anchorCommits(
      "gitea-activity-feed",
      pushes,
      parents,
      history.candidateCommits,
      oldestRead ?? repo.createdAt,
    );
  }
  const sample = new Set(planFileSample(history.candidateCommits, history.candidateCommitCount, ctx.limits.sampleSize));
  const evidence: ForgeRepoEvidence = {
    repo,
    ...history,
    sampledWithStats: history.candidateCommits.filter((c) => sample.has(c.sha)),
    languages: languages.status === 200 && languages.data ? languages.data : {},
    manifestDependencies: [],
    agentFiles: [],
    forge,
  };
  if (repo.fork && repo.parent) {
    const p = await fetchPages<{ sha?: string }>(
      ctx.http,
      `${repoPath(repo.parent)}/commits`,
      {
        sha: repo.parentDefaultBranch ?? repo.defaultBranch,
        limit: GITEA_PAGE,
        stat: false,
        files: false,
        verification: false,
      },
      ctx.limits.maxCommitPages,
      [404, 409],
    );
    evidence.aheadOfParent = aheadBySha(listed, new Set(p.items.map((c) => String(c.sha))), login, !p.truncated);
  }
  const headTree = listed[0]?.treeSha;
  if (headTree && isCopySuspect(repo, history.candidateCommits, history.totalCommitCount, evidence.sampledWithStats)) {
    const copy = await identicalOriginal(ctx, repo, headTree);
    if (copy) evidence.copyOf = copy;
  }
  return evidence;
}

/** An older repository of another owner (searched by name, at most 3 compared) whose head tree is this one's. */
async function identicalOriginal(
  ctx: GiteaEvidenceContext,
  repo: GhRepo,
  tree: string,
): Promise<CopyEvidence | undefined> {
  const found = await ctx.http.get<{ data?: unknown[] }>("/repos/search", { q: repo.name, limit: 10 }, [422]);
  const older = (Array.isArray(found.data?.data) ? found.data.data : [])
    .map(toGhRepo)
    .filter((r) => r.owner.toLowerCase() !== repo.owner.toLowerCase() && r.createdAt < repo.createdAt && !r.empty)
    .slice(0, 3);
  for (const r of older) {
    const head = await ctx.http.get<unknown[]>(
      `${repoPath(r.fullName)}/commits`,
      { limit: 1, stat: false, files: false, verification: false },
      [404, 409],
    );
    const commit = Array.isArray(head.data) && head.data[0] ? toGhCommit(head.data[0]) : null;
    if (commit?.treeSha === tree)
      return {
        original: r.fullName,
        createdAt: r.createdAt,
        pushedAt: null,
        stargazers: r.stargazers,
        identicalTree: true,
        sharedFiles: 0,
        files: 0,
      };
  }
  return undefined;
}

export { repoPath };
