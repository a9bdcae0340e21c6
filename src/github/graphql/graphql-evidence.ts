import { tallyOtherAuthors } from "../commit-history.ts";
import { planStatsSample } from "../commit-sample.ts";
import { findOriginalOnce, isCopySuspect } from "../copy-search.ts";
import type { GitHubClient } from "../github-client.ts";
import { sameLogin } from "../github-mappers.ts";
import { findHistoryOriginOnce, isClonedHistorySuspect } from "../history-origin.ts";
import { EVERY_COMMIT_MAX } from "../line-counts.ts";
import { MANIFEST_FILES, manifestDependencies } from "../manifest-dependencies.ts";
import { addProvenance } from "../provenance.ts";
import { AGENT_FILES, aheadOfParent, type EvidenceLimits, sampleWithStats } from "../repo-evidence.ts";
import type { GhCommit, GhRepo, RepoEvidence } from "../types.ts";
import { gqlCommit } from "./graphql-mappers.ts";
import { type GqlCommit, manifestAlias } from "./graphql-queries.ts";
import type { GqlRead } from "./history-read.ts";

/** A commit that could be a bulk dump by itself (the BULK_DUMP rule's own necessary conditions). */
const BULK_SHARE = 0.6;
const BULK_MIN_LINES = 2000;
const BULK_MIN_FILES = 100;

/**
 * The evidence of one repository from a complete GraphQL read: every commit of the default branch with its
 * exact line counts, so the candidate's totals are exact and the commits worth reading with their files
 * (REST GET /commits/{sha}, immutable, so paid once ever) are only those that could be a bulk dump, plus
 * the machine-made spread the churn check wants. A short history (<= EVERY_COMMIT_MAX own commits) is read
 * commit by commit exactly as the REST path reads it when a rule would look at its files (shortDetail),
 * and not at all otherwise. Forks' ahead-of-parent and copy search stay REST.
 */
export async function evidenceFromRead(
  rest: GitHubClient,
  read: GqlRead,
  login: string,
  limits: EvidenceLimits,
): Promise<RepoEvidence> {
  // a push between the listing and this read: the repository was pushed when its newest commits say
  const pushedAt = read.evidence.pushedAt;
  const repo =
    pushedAt && !(Date.parse(read.repo.pushedAt ?? "") >= Date.parse(pushedAt))
      ? { ...read.repo, pushedAt }
      : read.repo;
  const all = read.nodes.map(gqlCommit);
  const lines = new Map(read.nodes.map((n) => [n.oid, n]));
  const candidate = all.filter((c) => sameLogin(c.authorLogin, login));
  const evidence: RepoEvidence = {
    repo: read.empty ? { ...repo, empty: true } : repo,
    candidateCommits: candidate,
    candidateCommitCount: candidate.length,
    truncated: false,
    candidateCountExact: true,
    otherAuthorsComplete: true,
    totalCommitCount: read.empty ? 0 : read.totalCount,
    rootCommit: [...all].reverse().find((c) => c.parents === 0),
    otherAuthors: tallyOtherAuthors(all, login),
    sampledWithStats: [],
    languages: {},
    manifestDependencies: [],
    manifestFiles: [],
    agentFiles: [],
  };
  if (read.empty) return evidence;

  const ev = read.evidence;
  const edges = [...(ev.languages?.edges ?? [])].sort((a, b) => b.size - a.size);
  evidence.languages = Object.fromEntries(edges.map((e) => [e.node.name, e.size]));
  const entries = ev.root?.entries ?? [];
  const names = new Set(entries.map((e) => e.name));
  evidence.agentFiles = AGENT_FILES.filter((f) => names.has(f));
  const manifests = MANIFEST_FILES.filter((f) => entries.some((e) => e.name === f && e.type === "blob")).slice(
    0,
    limits.maxManifests,
  );
  const deps = manifests.flatMap((f) => {
    const blob = ev[manifestAlias(f)] as { text?: string | null } | null | undefined;
    return typeof blob?.text === "string" ? manifestDependencies(f, blob.text) : [];
  });
  evidence.manifestFiles = [...manifests];
  evidence.manifestDependencies = [...new Set(deps)].sort();

  const own = candidate.filter((c) => c.parents <= 1);
  const short = candidate.length <= EVERY_COMMIT_MAX;
  const detail = short
    ? shortDetail(repo, candidate, evidence.totalCommitCount, own, lines)
    : detailWorthy(own, lines, limits.sampleSize, candidate.length);
  const readEvery = short && detail.length > 0;
  const [ahead, sample] = await Promise.all([
    aheadOfParent(rest, repo, login, limits.maxCommitPages),
    sampleWithStats(rest, repo, detail),
  ]);
  if (ahead) evidence.aheadOfParent = ahead;
  evidence.sampledWithStats = sample.commits;
  if (sample.unrendered.length > 0) evidence.diffUnavailable = sample.unrendered;
  const sampledRoot = evidence.rootCommit && sample.commits.find((c) => c.sha === evidence.rootCommit!.sha);
  if (sampledRoot) evidence.rootCommit = sampledRoot;
  const exact = own.map((c) => lines.get(c.sha)!);
  evidence.lineCounts = short
    ? { path: "every-commit" }
    : {
        path: "every-commit",
        commits: own.length,
        additions: exact.reduce((s, n) => s + (n.additions ?? 0), 0),
        deletions: exact.reduce((s, n) => s + (n.deletions ?? 0), 0),
      };
  // the copy pre-screen weighs the candidate's lines: exact here, the sample's on the REST path
  const sized = readEvery ? evidence.sampledWithStats : linesOnly(own, lines);
  const headTree = read.nodes[0]?.tree?.oid;
  const root = evidence.rootCommit;
  const copySuspect = Boolean(headTree) && isCopySuspect(repo, candidate, evidence.totalCommitCount, sized);
  const [copy, origin] = await Promise.all([
    headTree && copySuspect ? findOriginalOnce(limits.scope ?? "", rest, repo, login, headTree) : undefined,
    isClonedHistorySuspect(repo, root, login)
      ? findHistoryOriginOnce(limits.scope ?? "", rest, repo, login, root!.sha)
      : undefined,
  ]);
  if (copy) evidence.copyOf = copy;
  if (origin) evidence.historyOrigin = origin;
  await addProvenance({
    client: rest,
    scope: limits.scope ?? "",
    repo,
    login,
    evidence,
    headTree,
    rootNames: [...names],
    copySearched: copySuspect,
    registry: limits.registry,
  });
  return evidence;
}

/** Own commits worth reading with their files: possible bulk dumps, and the churn spread of machine-made histories. */
function detailWorthy(
  own: readonly GhCommit[],
  lines: ReadonlyMap<string, GqlCommit>,
  sampleSize: number,
  candidateCount: number,
): string[] {
  const total = own.reduce((s, c) => s + (lines.get(c.sha)?.additions ?? 0), 0);
  const bulky = own
    .filter((c) => {
      const n = lines.get(c.sha);
      const add = n?.additions ?? 0;
      return (
        add >= BULK_SHARE * total && (add >= BULK_MIN_LINES || (n?.changedFilesIfAvailable ?? 0) >= BULK_MIN_FILES)
      );
    })
    .map((c) => c.sha);
  const spread = planStatsSample(own, candidateCount, sampleSize);
  // planStatsSample always names the oldest commit; alone it is only the REST path's bulk guess
  return [...new Set([...bulky, ...(spread.length > 1 ? spread : [])])];
}

/** Own commits with their exact line counts and no files: what the copy pre-screen weighs when none was read. */
function linesOnly(
  own: readonly GhCommit[],
  lines: ReadonlyMap<string, GqlCommit>,
  files: (c: GhCommit) => string[] = () => [],
): GhCommit[] {
  return own.map((c) => ({
    ...c,
    stats: {
      additions: lines.get(c.sha)?.additions ?? 0,
      deletions: lines.get(c.sha)?.deletions ?? 0,
      files: files(c),
    },
  }));
}

/**
 * A short history's commits to read with their files: every own commit (so BULK_DUMP weighs the share
 * of authored lines exactly, as the REST path does) when a rule would look at files, none otherwise.
 * Files matter when a commit could be a dump by BULK_DUMP's own necessary conditions (BULK_MIN_LINES
 * added or BULK_MIN_FILES files; GitHub gives null changed files for a diff it cannot compute, which REST
 * then answers 500, itself evidence), or when the copy pre-screen's answer hangs on how many distinct
 * files the commits touch (between none and the sum of their changed files). The padding, churn and
 * added-component rules need more commits than a short history has.
 */
function shortDetail(
  repo: GhRepo,
  candidate: readonly GhCommit[],
  totalCommits: number,
  own: readonly GhCommit[],
  lines: ReadonlyMap<string, GqlCommit>,
): string[] {
  const every = own.map((c) => c.sha);
  const dumpCapable = own.some((c) => {
    const n = lines.get(c.sha);
    const files = n?.changedFilesIfAvailable;
    return !n || files == null || (n.additions ?? 0) >= BULK_MIN_LINES || files >= BULK_MIN_FILES;
  });
  if (dumpCapable) return every;
  const fewest = isCopySuspect(repo, candidate, totalCommits, linesOnly(own, lines));
  const most = isCopySuspect(
    repo,
    candidate,
    totalCommits,
    linesOnly(own, lines, (c) =>
      Array.from({ length: lines.get(c.sha)?.changedFilesIfAvailable ?? 0 }, (_, i) => `${c.sha}:${i}`),
    ),
  );
  return fewest === most ? [] : every;
}
