import { type CommitHistory, fetchCommitHistory } from "./commit-history.ts";
import { planStatsSample } from "./commit-sample.ts";
import { findOriginalOnce, isCopySuspect } from "./copy-search.ts";
import type { GitHubClient } from "./github-client.ts";
import { sameLogin, toGhCommit } from "./github-mappers.ts";
import { findHistoryOriginOnce, isClonedHistorySuspect } from "./history-origin.ts";
import {
  authoredInWeek,
  COMMITS_PER_HEAVY_WEEK,
  candidateWeeks,
  commitsInWeek,
  contributorStats,
  EVERY_COMMIT_FALLBACK_MAX,
  EVERY_COMMIT_MAX,
  heavyWeeks,
} from "./line-counts.ts";
import { MANIFEST_FILES, type ManifestFile, manifestDependencies } from "./manifest-dependencies.ts";
import { mapLimit } from "./map-limit.ts";
import type { PackageRegistry } from "./package-registry.ts";
import { addProvenance } from "./provenance.ts";
import type { HistoryStore } from "./stable-history.ts";
import {
  type GhCommit,
  type GhRepo,
  GitHubUnavailableError,
  type LineCountEvidence,
  type RepoEvidence,
} from "./types.ts";

/** AI-agent instruction files looked for at the repository root (INFO evidence, not fraud). */
export const AGENT_FILES = [
  "CLAUDE.md",
  "AGENTS.md",
  "GEMINI.md",
  ".cursorrules",
  ".cursor",
  ".windsurfrules",
  ".clinerules",
] as const;

export interface EvidenceLimits {
  /** pages of 100 of the candidate's commits to read at most (first and last included) */
  maxCommitPages: number;
  /** commits fetched one by one when the churn sample is wanted (see commit-sample.ts) */
  sampleSize: number;
  /** manifests read at most (one call each) */
  maxManifests: number;
  /** the API origin: copy verdicts are remembered per origin (copy-search.ts) */
  scope?: string;
  /** the last read of each history (stable-history.ts): a re-read after a push asks only for what is new */
  history?: HistoryStore | null;
  /** one backoff unit (the client's): waits between /stats/contributors retries (line-counts.ts) */
  backoffUnitMs?: number;
  /** publish times of pinned versions (provenance suspects only); absent: not checked */
  registry?: PackageRegistry | null;
}

interface ContentEntry {
  name?: string;
  type?: string;
  content?: string;
  encoding?: string;
}

const decodeContent = (e: ContentEntry): string | null =>
  e.encoding === "base64" && typeof e.content === "string"
    ? Buffer.from(e.content.replace(/\s+/g, ""), "base64").toString("utf8")
    : null;

/**
 * Everything the anomaly rules need about one repository and one candidate, in about four calls for an
 * ordinary repository: the commit listing, languages, the root listing (manifests and agent files), the
 * oldest commit's stats; plus a manifest, and for a fork the parent lookup and one compare.
 */
export async function fetchRepoEvidence(
  client: GitHubClient,
  input: GhRepo,
  login: string,
  limits: EvidenceLimits,
  lookupRepo: (owner: string, name: string) => Promise<GhRepo | null>,
): Promise<RepoEvidence> {
  let repo = input;
  if (repo.fork && (!repo.parent || !repo.parentDefaultBranch)) {
    // listings omit parent/source: one GET /repos/{owner}/{repo} names them
    const full = await lookupRepo(repo.owner, repo.name);
    if (full) repo = { ...full, renamedFrom: input.renamedFrom ?? full.renamedFrom };
  }
  const params = { owner: repo.owner, repo: repo.name };
  const history = await fetchCommitHistory(client, repo, login, limits.maxCommitPages, limits.history);
  const evidence: RepoEvidence = {
    repo: history.empty ? { ...repo, empty: true } : repo,
    candidateCommits: history.candidateCommits,
    candidateCommitCount: history.candidateCommitCount,
    truncated: history.truncated,
    candidateCountExact: history.candidateCountExact,
    otherAuthorsComplete: history.otherAuthorsComplete,
    totalCommitCount: history.totalCommitCount,
    rootCommit: history.rootCommit,
    otherAuthors: history.otherAuthors,
    sampledWithStats: [],
    languages: {},
    manifestDependencies: [],
    manifestFiles: [],
    agentFiles: [],
  };
  if (history.empty) return evidence;

  const basics = Promise.all([
    client.get<Record<string, number>>("/repos/{owner}/{repo}/languages", params, [404]),
    client.get<ContentEntry[]>("/repos/{owner}/{repo}/contents/{path}", { ...params, path: "" }, [404]),
    aheadOfParent(client, repo, login, limits.maxCommitPages),
  ]);
  const plan = await planLineCounts(client, repo, login, history, limits.sampleSize, basics, limits.backoffUnitMs);
  const [[languages, root, ahead], sample] = await Promise.all([basics, sampleWithStats(client, repo, plan.shas)]);
  evidence.lineCounts = plan.lineCounts;
  // /stats/contributors counts the candidate's non-merge commits exactly: it replaces the paged estimate.
  // Statistics computed before a recent push can lag, so the non-merge commits read are a floor; the merges
  // read are not, as the statistics leave merges out (a merge-heavy listing read nearly whole would overstate)
  const statsCommits = plan.lineCounts.commits;
  if (statsCommits !== undefined && history.truncated && !repo.fork) {
    const nonMergesRead = history.candidateCommits.filter((c) => c.parents <= 1).length;
    evidence.candidateCommitCount = Math.max(statsCommits, nonMergesRead);
    evidence.candidateCountExact = true;
    evidence.candidateCountExcludesMerges = true;
  }
  if (languages.status === 200 && languages.data && typeof languages.data === "object") {
    evidence.languages = Object.fromEntries(Object.entries(languages.data).filter(([, v]) => typeof v === "number"));
  }
  const entries = root.status === 200 && Array.isArray(root.data) ? root.data : [];
  const names = new Set(entries.map((e) => e.name ?? ""));
  evidence.agentFiles = AGENT_FILES.filter((f) => names.has(f));
  const manifests = MANIFEST_FILES.filter((f) => entries.some((e) => e.name === f && e.type === "file")).slice(
    0,
    limits.maxManifests,
  );
  const parsed = await mapLimit(manifests, 2, async (file: ManifestFile) => {
    const res = await client.get<ContentEntry>(
      "/repos/{owner}/{repo}/contents/{path}",
      { ...params, path: file },
      [404],
    );
    const text = res.status === 200 && res.data ? decodeContent(res.data) : null;
    return text === null ? [] : manifestDependencies(file, text);
  });
  evidence.manifestFiles = [...manifests];
  evidence.manifestDependencies = [...new Set(parsed.flat())].sort();
  if (ahead) evidence.aheadOfParent = ahead;
  evidence.sampledWithStats = sample.commits;
  if (sample.unrendered.length > 0) evidence.diffUnavailable = sample.unrendered;
  // the root commit is usually the oldest sampled one: give it its stats too
  const sampledRoot = history.rootCommit && sample.commits.find((c) => c.sha === history.rootCommit!.sha);
  if (sampledRoot) evidence.rootCommit = sampledRoot;
  const suspect = isCopySuspect(repo, history.candidateCommits, history.totalCommitCount, evidence.sampledWithStats);
  const [copy, origin] = await Promise.all([
    suspect && history.headTreeSha
      ? findOriginalOnce(limits.scope ?? "", client, repo, login, history.headTreeSha)
      : undefined,
    isClonedHistorySuspect(repo, history.rootCommit, login)
      ? findHistoryOriginOnce(limits.scope ?? "", client, repo, login, history.rootCommit!.sha)
      : undefined,
  ]);
  if (copy) evidence.copyOf = copy;
  if (origin) evidence.historyOrigin = origin;
  await addProvenance({
    client,
    scope: limits.scope ?? "",
    repo,
    login,
    evidence,
    headTree: history.headTreeSha,
    rootNames: [...names],
    copySearched: suspect,
    registry: limits.registry,
  });
  return evidence;
}

/** For a fork: commits on its default branch beyond the parent's, and how many are the candidate's. */
export async function aheadOfParent(
  client: GitHubClient,
  repo: GhRepo,
  login: string,
  maxPages: number,
): Promise<RepoEvidence["aheadOfParent"]> {
  if (!repo.fork || !repo.parent) return undefined;
  const parentOwner = repo.parent.split("/")[0]!;
  const basehead = `${parentOwner}:${repo.parentDefaultBranch ?? repo.defaultBranch}...${repo.defaultBranch}`;
  const route = "/repos/{owner}/{repo}/compare/{basehead}";
  let byCandidate = 0;
  let seen = 0;
  let total = 0;
  for (let page = 1; page <= Math.max(1, maxPages); page++) {
    const res = await client.get<{ ahead_by?: number; commits?: unknown[] }>(
      route,
      { owner: repo.owner, repo: repo.name, basehead, per_page: 100, page },
      [404, 422],
    );
    if (res.status !== 200 || !res.data) return page === 1 ? undefined : { total, byCandidate, truncated: true };
    total = typeof res.data.ahead_by === "number" ? res.data.ahead_by : 0;
    const commits = (Array.isArray(res.data.commits) ? res.data.commits : []).map(toGhCommit);
    seen += commits.length;
    byCandidate += commits.filter((c) => sameLogin(c.authorLogin, login)).length;
    if (commits.length < 100 || seen >= total) return { total, byCandidate };
  }
  return { total, byCandidate, truncated: true };
}

/**
 * Which of the candidate's commits to read one by one for line counts (see line-counts.ts for the paths
 * and what each costs): every own commit of a short history; for a longer one the oldest, the heaviest
 * weeks of /stats/contributors and, when the metadata looks machine-made, an even spread.
 */
async function planLineCounts(
  client: GitHubClient,
  repo: GhRepo,
  login: string,
  history: CommitHistory,
  sampleSize: number,
  meanwhile: Promise<unknown>,
  backoffUnitMs = 1000,
): Promise<{ shas: string[]; lineCounts: LineCountEvidence }> {
  const own = history.candidateCommits.filter((c) => c.parents <= 1);
  const every = { shas: own.map((c) => c.sha), lineCounts: { path: "every-commit" as const } };
  if (history.candidateCommitCount <= EVERY_COMMIT_MAX && !history.truncated) return every;
  const shas = new Set(planStatsSample(history.candidateCommits, history.candidateCommitCount, sampleSize));
  const weeks = candidateWeeks(await contributorStats(client, repo, meanwhile, { unitMs: backoffUnitMs }), login);
  if (!weeks?.lines) {
    if (history.candidateCommitCount <= EVERY_COMMIT_FALLBACK_MAX && !history.truncated) return every;
    return { shas: [...shas], lineCounts: { path: "sampled", ...(weeks ? { commits: weeks.commits } : {}) } };
  }
  const heavy = heavyWeeks(weeks.weeks, weeks.additions);
  // a complete listing already holds every commit of the week: a listing call only for truncated histories
  const inWeeks = await mapLimit(heavy, 2, (w) =>
    history.truncated ? commitsInWeek(client, repo, login, w) : Promise.resolve(authoredInWeek(own, w)),
  );
  for (const list of inWeeks) {
    const k = Math.min(COMMITS_PER_HEAVY_WEEK, list.length);
    for (let i = 0; i < k; i++) shas.add(list[Math.round((i * (list.length - 1)) / Math.max(1, k - 1))]!.sha);
  }
  return {
    shas: [...shas],
    lineCounts: {
      path: "heavy-weeks",
      commits: weeks.commits,
      additions: weeks.additions,
      deletions: weeks.deletions,
      heavyWeeks: heavy.map((w) => new Date(w * 1000).toISOString().slice(0, 10)),
    },
  };
}

/** A commit's diff that failed twice is one GitHub will not render: retrying longer only delays the job. */
export const DIFF_RETRIES = 1;
/**
 * Commits of one repository read at once (immutable reads, so each is paid once ever). All of a short
 * history's commits go in one round trip: reading them three at a time made a 4-commit history cost two.
 */
export const COMMIT_READS_AT_ONCE = 8;

/**
 * GET /repos/{o}/{r}/commits/{sha} for each planned SHA (immutable: served from cache once seen). A commit
 * whose diff GitHub cannot render (500 "this diff is taking too long to generate", after retries) is
 * listed in `unrendered` instead of failing the repository: it is exactly the huge commit a dump check wants.
 */
export async function sampleWithStats(
  client: GitHubClient,
  repo: GhRepo,
  shas: string[],
): Promise<{ commits: GhCommit[]; unrendered: string[] }> {
  const unrendered: string[] = [];
  const fetched = await mapLimit(shas, COMMIT_READS_AT_ONCE, async (sha) => {
    try {
      const res = await client.get(
        "/repos/{owner}/{repo}/commits/{ref}",
        { owner: repo.owner, repo: repo.name, ref: sha },
        [404, 422],
        { retries: DIFF_RETRIES },
      );
      return res.status === 200 ? toGhCommit(res.data) : null;
    } catch (err) {
      if (err instanceof GitHubUnavailableError && (err.status ?? 0) >= 500) {
        unrendered.push(sha);
        return null;
      }
      throw err;
    }
  });
  // every commit failing is GitHub failing, not one huge diff
  if (shas.length > 1 && unrendered.length === shas.length)
    throw new GitHubUnavailableError(`GitHub failed on every commit of ${repo.fullName}`, 500);
  return { commits: fetched.filter((c): c is GhCommit => c !== null), unrendered: unrendered.sort() };
}
