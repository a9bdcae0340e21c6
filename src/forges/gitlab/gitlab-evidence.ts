import type { GhCommit, GhRepo, HistoryOrigin } from "../../github/index.ts";
import { isCopySuspect, mapLimit } from "../../github/index.ts";
import { anchorCommits } from "../evidence/arrivals.ts";
import { aheadBySha, planFileSample, summarizeHistory } from "../evidence/history.ts";
import { bareForgeEvidence } from "../evidence/isolation.ts";
import type { ForgeHttp } from "../http/forge-http.ts";
import { countHeader, fetchPages } from "../http/paging.ts";
import type { ForgeCapabilities, ForgeEvidence, ForgeRepoEvidence, PushEvent } from "../types.ts";
import { gitlabIdentity } from "./gitlab-identity.ts";
import { filesOfDiff, parentIdsOf, projectIdOf, toGhCommit, toGhRepo, toPushEvent } from "./gitlab-mappers.ts";

/** GitLab deletes events after three years: older pushes are unknown, not absent. */
export const GITLAB_EVENT_RETENTION_MS = 3 * 365 * 86_400_000;

export interface GitLabEvidenceContext {
  http: ForgeHttp;
  host: string;
  now: () => number;
  capabilities: ForgeCapabilities;
  /** the candidate's account (cached by the source) */
  account(login: string): Promise<{ id: number; name: string | null; publicEmail: string | null } | null>;
  /** the numeric id of a project by path (cached by the source) */
  projectId(fullName: string): Promise<number | null>;
  limits: { maxCommitPages: number; maxEventPages: number; sampleSize: number };
}

const enc = encodeURIComponent;

/**
 * Everything the rules need about one GitLab project and one candidate: the default branch's commits with
 * line counts (pages of 100), the project's push events (server time and pushed range: the anchor of
 * commit dates), languages, the files of a bounded sample, signatures of the sample, and for a fork the
 * parent's commits (what the fork adds), for a copy suspect an older project with the same first commit.
 */
export async function fetchGitLabEvidence(
  ctx: GitLabEvidenceContext,
  repo: GhRepo,
  login: string,
): Promise<ForgeRepoEvidence> {
  const id = await ctx.projectId(repo.fullName);
  const account = await ctx.account(login);
  const forge: ForgeEvidence = {
    host: ctx.host,
    kind: "gitlab",
    capabilities: ctx.capabilities,
    identity: { emails: [], basis: [] },
    languageUnit: "percent",
  };
  if (id === null)
    return bareForgeEvidence(repo, forge, { status: 404, reason: `${ctx.host} no longer serves it (404)` });
  if (repo.empty) return bareForgeEvidence(repo, forge);
  const base = `/projects/${id}`;
  const [listing, events, languages] = await Promise.all([
    fetchPages<unknown>(
      ctx.http,
      `${base}/repository/commits`,
      { ref_name: repo.defaultBranch, with_stats: true, per_page: 100 },
      ctx.limits.maxCommitPages,
      [404],
    ),
    fetchPages<unknown>(
      ctx.http,
      `${base}/events`,
      { action: "pushed", per_page: 100 },
      ctx.limits.maxEventPages,
      [404],
    ),
    ctx.http.get<Record<string, number>>(`${base}/languages`, {}, [404]),
  ]);
  if (listing.status === 404 || listing.items.length === 0) return bareForgeEvidence({ ...repo, empty: true }, forge);
  const raw = new Map(listing.items.map((c) => [String((c as { id?: string }).id ?? ""), c]));
  const parents = new Map([...raw].map(([sha, c]) => [sha, parentIdsOf(c)]));
  const pushes = events.items
    .map(toPushEvent)
    .filter((p): p is PushEvent => p !== null && p.ref === repo.defaultBranch)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const fields = new Map(
    [...raw].map(([sha, c]) => {
      const j = c as Record<string, string>;
      return [
        sha,
        { authorEmail: j.author_email ?? "", committerEmail: j.committer_email ?? "", authorName: j.author_name ?? "" },
      ];
    }),
  );
  const identity = gitlabIdentity({
    login,
    name: account?.name ?? null,
    publicEmail: account?.publicEmail ?? null,
    host: ctx.host,
    pushes,
    commits: fields,
  });
  forge.identity = { emails: identity.emails, basis: identity.basis };
  const listed = [...raw.values()].map((c) => toGhCommit(c, identity.accountOf));
  const history = summarizeHistory(listed, {
    login,
    complete: !listing.truncated,
    total: countHeader(listing.first, "x-total"),
  });
  // a push that created the branch is its first; without one, older pushes were deleted or not read
  const oldest =
    events.truncated && pushes[0] ? pushes[0].at : new Date(ctx.now() - GITLAB_EVENT_RETENTION_MS).toISOString();
  forge.anchoredTimes = anchorCommits("gitlab-push-events", pushes, parents, history.candidateCommits, oldest);
  const langs = languages.status === 200 && languages.data ? languages.data : {};
  const evidence: ForgeRepoEvidence = {
    repo: { ...repo, language: Object.entries(langs).sort((a, b) => b[1] - a[1])[0]?.[0] ?? null },
    ...history,
    sampledWithStats: [],
    languages: langs,
    manifestDependencies: [],
    agentFiles: [],
    forge,
  };
  evidence.sampledWithStats = await sampleFiles(ctx, base, history.candidateCommits, history.candidateCommitCount);
  const root = history.rootCommit && evidence.sampledWithStats.find((c) => c.sha === history.rootCommit!.sha);
  if (root) evidence.rootCommit = root;
  if (repo.fork && repo.parent) {
    const parentId = await ctx.projectId(repo.parent);
    if (parentId !== null) {
      const p = await fetchPages<{ id?: string }>(
        ctx.http,
        `/projects/${parentId}/repository/commits`,
        { ref_name: repo.parentDefaultBranch ?? repo.defaultBranch, per_page: 100 },
        ctx.limits.maxCommitPages,
        [404],
      );
      evidence.aheadOfParent = aheadBySha(listed, new Set(p.items.map((c) => String(c.id))), login, !p.truncated);
    }
  }
  if (
    history.rootCommit &&
    isCopySuspect(repo, history.candidateCommits, history.totalCommitCount, evidence.sampledWithStats)
  ) {
    const shared = await sharedHistory(ctx, repo, history.rootCommit.sha);
    if (shared) {
      forge.sharedHistoryWith = { original: shared.original, rootSha: shared.rootSha, createdAt: shared.createdAt };
      // the same finding GitHub's root-commit search makes: another identity's history, pushed again
      if ((history.rootCommit.authorLogin ?? "").toLowerCase() !== login.toLowerCase()) evidence.historyOrigin = shared;
    }
  }
  return evidence;
}

/** The files (and lines added per file) of the planned sample, from each commit's diff; signatures too. */
async function sampleFiles(
  ctx: GitLabEvidenceContext,
  base: string,
  candidate: GhCommit[],
  count: number,
): Promise<GhCommit[]> {
  const shas = new Set(planFileSample(candidate, count, ctx.limits.sampleSize));
  const chosen = candidate.filter((c) => shas.has(c.sha));
  return mapLimit(chosen, 3, async (c) => {
    const [diff, sig] = await Promise.all([
      ctx.http.get<unknown[]>(`${base}/repository/commits/${c.sha}/diff`, { per_page: 100 }, [404]),
      ctx.http.get<{ verification_status?: string }>(`${base}/repository/commits/${c.sha}/signature`, {}, [404]),
    ]);
    const files = diff.status === 200 ? filesOfDiff(diff.data) : { files: [], fileAdditions: [] };
    const additions = c.stats?.additions ?? files.fileAdditions.reduce((a, b) => a + b, 0);
    return {
      ...c,
      verified: sig.status === 200 && sig.data?.verification_status === "verified",
      stats: { additions, deletions: c.stats?.deletions ?? 0, ...files },
    };
  });
}

/** An older project of another owner whose first commit is this one's (searched by name; at most 3 compared). */
async function sharedHistory(
  ctx: GitLabEvidenceContext,
  repo: GhRepo,
  rootSha: string,
): Promise<HistoryOrigin | undefined> {
  const found = await ctx.http.get<unknown[]>(
    "/projects",
    { search: repo.name, per_page: 20, order_by: "created_at", sort: "asc" },
    [400],
  );
  const older = (Array.isArray(found.data) ? found.data : [])
    .map((p) => ({ repo: toGhRepo(p), id: projectIdOf(p) }))
    .filter((p) => p.repo.owner.toLowerCase() !== repo.owner.toLowerCase() && p.repo.createdAt < repo.createdAt)
    .slice(0, 3);
  for (const p of older) {
    const head = await ctx.http.get<unknown[]>(`/projects/${p.id}/repository/commits`, { per_page: 1 }, [404]);
    const total = countHeader(head, "x-total");
    if (head.status !== 200 || total === null || total === 0) continue;
    const last =
      total === 1
        ? head
        : await ctx.http.get<unknown[]>(`/projects/${p.id}/repository/commits`, { per_page: 1, page: total }, [404]);
    const first = Array.isArray(last.data) ? (last.data[0] as { id?: string } | undefined) : undefined;
    if (first?.id === rootSha)
      return {
        original: p.repo.fullName,
        owner: p.repo.owner,
        createdAt: p.repo.createdAt,
        pushedAt: null,
        stargazers: p.repo.stargazers,
        rootSha,
      };
  }
  return undefined;
}

export const projectPath = (fullName: string) => `/projects/${enc(fullName)}`;
