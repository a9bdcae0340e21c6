import type { GitHubClient } from "./github-client.ts";
import { sameLogin, toGhCommit, toGhRepo } from "./github-mappers.ts";
import { searchMemo } from "./search-memo.ts";
import type { CopyEvidence, GhCommit, GhRepo } from "./types.ts";

/**
 * Copies that are not forks. A fork records its parent; a copy (fresh `git init`, the files committed
 * again) does not, so it is looked for: only for suspects, so honest histories cost nothing extra.
 *   suspect: a short history for the repository's size (<= SUSPECT_MAX_COMMITS commits, all committed
 *            within SUSPECT_SPAN_MS) holding real code (its read commits add SUSPECT_MIN_LINES lines or
 *            touch SUSPECT_MIN_FILES files, or the repository holds SUSPECT_MIN_KB).
 *   search:  GET /search/repositories by name (in:name, fork:false) and by description (in:description,
 *            when it has DESCRIPTION_MIN_CHARS): every suspect, both ways, because a renamed copy keeps its
 *            description (2 calls of the 30-a-minute search budget; GitHub's clients space search calls
 *            2 s apart, so each costs time too); keep other owners' repositories created before this one
 *            whose name or description is the same, most stars first, at most COMPARE_MAX.
 *   compare: each one's head commit (1 call): the same root tree SHA means identical content. Otherwise
 *            both recursive trees (1 call each, ours once) and the share of our files whose blob SHA the
 *            original also has.
 * At most 2 + 1 + 2 x COMPARE_MAX = 9 calls, for suspects only; a verdict is remembered per head tree.
 */

export const SUSPECT_MAX_COMMITS = 20;
export const SUSPECT_SPAN_MS = 7 * 86_400_000;
export const SUSPECT_MIN_LINES = 500;
export const SUSPECT_MIN_FILES = 50;
export const SUSPECT_MIN_KB = 200;
export const COMPARE_MAX = 3;
/** A description shorter than this ("My app") finds too many unrelated repositories to be worth a search. */
export const DESCRIPTION_MIN_CHARS = 12;
/** A README title shorter than this ("Notes") is no phrase to search READMEs for. */
export const README_TITLE_MIN_CHARS = 8;

const norm = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");

/** A short history for its size: worth a look for an older original. */
export function isCopySuspect(
  repo: GhRepo,
  commits: readonly GhCommit[],
  totalCommits: number,
  sampled: readonly GhCommit[],
): boolean {
  if (repo.fork || totalCommits === 0 || totalCommits > SUSPECT_MAX_COMMITS || commits.length === 0) return false;
  const times = commits.map((c) => Date.parse(c.committerDate)).filter((t) => Number.isFinite(t));
  if (times.length === 0 || Math.max(...times) - Math.min(...times) > SUSPECT_SPAN_MS) return false;
  const lines = sampled.reduce((s, c) => s + (c.stats?.additions ?? 0), 0);
  const files = new Set(sampled.flatMap((c) => c.stats?.files ?? [])).size;
  return lines >= SUSPECT_MIN_LINES || files >= SUSPECT_MIN_FILES || repo.size >= SUSPECT_MIN_KB;
}

interface TreeJson {
  tree?: Array<{ path?: string; type?: string; sha?: string }>;
  truncated?: boolean;
}

async function blobs(client: GitHubClient, repo: GhRepo, tree: string): Promise<Set<string> | null> {
  const res = await client.get<TreeJson>(
    "/repos/{owner}/{repo}/git/trees/{tree_sha}",
    { owner: repo.owner, repo: repo.name, tree_sha: tree, recursive: 1 },
    [404, 409, 422],
  );
  if (res.status !== 200 || !Array.isArray(res.data?.tree)) return null;
  return new Set(res.data.tree.filter((e) => e.type === "blob" && e.sha).map((e) => e.sha!));
}

async function headTree(client: GitHubClient, repo: GhRepo): Promise<string | null> {
  const res = await client.get<unknown[]>(
    "/repos/{owner}/{repo}/commits",
    { owner: repo.owner, repo: repo.name, per_page: 1 },
    [404, 409, 451],
  );
  const first = Array.isArray(res.data) && res.status === 200 ? toGhCommit(res.data[0]) : null;
  return first?.treeSha ?? null;
}

async function search(client: GitHubClient, q: string): Promise<GhRepo[]> {
  const res = await client.get<{ items?: unknown[] }>(
    "/search/repositories",
    { q, sort: "stars", per_page: 10 },
    [403, 422, 503],
  );
  return res.status === 200 && Array.isArray(res.data?.items) ? res.data.items.map((r) => toGhRepo(r)) : [];
}

/** Other owners' repositories created before this one that `keep` accepts, most stars first. */
function olderOthers(found: GhRepo[], repo: GhRepo, login: string, keep: (r: GhRepo) => boolean): GhRepo[] {
  const created = Date.parse(repo.createdAt);
  const seen = new Set<string>();
  return found
    .filter((r) => {
      const key = r.fullName.toLowerCase();
      if (seen.has(key) || key === repo.fullName.toLowerCase() || sameLogin(r.owner, login)) return false;
      seen.add(key);
      return Date.parse(r.createdAt) < created && keep(r);
    })
    .sort((a, b) => b.stargazers - a.stargazers || a.fullName.localeCompare(b.fullName));
}

/** What a provenance search adds for a history dated before its repository (provenance.ts). */
export interface ProvenanceHints {
  /**
   * the README's title, searched as a phrase of READMEs (in:readme) when it says more than the name and
   * the name and description found nothing (read only then, and only once per verdict)
   */
  readmeTitle?: () => Promise<string | undefined>;
  /** the candidate's newest commit: the original's commit at the same moment is compared with it */
  newest?: GhCommit;
}

/** The original's commit at (or just before) `at`: a copy made then has that commit's tree. */
async function commitAt(client: GitHubClient, repo: GhRepo, at: string): Promise<GhCommit | null> {
  const res = await client.get<unknown[]>(
    "/repos/{owner}/{repo}/commits",
    { owner: repo.owner, repo: repo.name, until: at, per_page: 1 },
    [404, 409, 451],
  );
  return Array.isArray(res.data) && res.status === 200 && res.data[0] ? toGhCommit(res.data[0]) : null;
}

const who = (c: GhCommit) => (c.authorLogin ?? c.authorEmail).toLowerCase();

/**
 * The same content at the same moment: the original's commit at the candidate's newest commit's time has
 * its tree. Its author says which reading holds: another identity under the same date is the same commit
 * with its identity rewritten; the candidate's own identity is a mirror or an earlier home of their work.
 */
async function sameMoment(
  client: GitHubClient,
  original: GhRepo,
  newest: GhCommit | undefined,
): Promise<CopyEvidence["sameMoment"] | undefined> {
  if (!newest?.treeSha) return undefined;
  const theirs = await commitAt(client, original, newest.committerDate);
  if (!theirs || theirs.treeSha !== newest.treeSha) return undefined;
  return {
    sha: newest.sha,
    originalSha: theirs.sha,
    date: newest.authorDate,
    author: newest.authorLogin ?? newest.authorEmail,
    originalAuthor: theirs.authorLogin ?? theirs.authorEmail,
    sameIdentity: who(theirs) === who(newest),
  };
}

/** The older original this repository copies, or undefined. `ownTree` is its head commit's root tree. */
export async function findOriginal(
  client: GitHubClient,
  repo: GhRepo,
  login: string,
  ownTree: string,
  hints: ProvenanceHints = {},
): Promise<CopyEvidence | undefined> {
  const desc = (repo.description ?? "").replace(/["\\]/g, " ").trim().slice(0, 80);
  const sameName = (r: GhRepo) =>
    norm(r.name) === norm(repo.name) || (desc !== "" && norm(r.description) === norm(repo.description));
  const byName = olderOthers(await search(client, `${repo.name} in:name fork:false`), repo, login, sameName);
  const byDesc =
    desc.length >= DESCRIPTION_MIN_CHARS
      ? olderOthers(await search(client, `"${desc}" in:description fork:false`), repo, login, sameName)
      : [];
  const title =
    byName.length + byDesc.length === 0 && hints.readmeTitle
      ? ((await hints.readmeTitle()) ?? "").replace(/["\\]/g, " ").trim().slice(0, 80)
      : "";
  // a README phrase found elsewhere is a lead whatever the name: the content comparison decides
  const byReadme =
    title.length >= README_TITLE_MIN_CHARS && norm(title) !== norm(repo.name)
      ? olderOthers(await search(client, `"${title}" in:readme fork:false`), repo, login, () => true)
      : [];
  const seen = new Set<string>();
  const candidates = [...byName, ...byDesc, ...byReadme]
    .filter((r) => !seen.has(r.fullName.toLowerCase()) && seen.add(r.fullName.toLowerCase()))
    .sort((a, b) => b.stargazers - a.stargazers || a.fullName.localeCompare(b.fullName))
    .slice(0, COMPARE_MAX);
  let ours: Set<string> | null | undefined;
  let best: CopyEvidence | undefined;
  for (const original of candidates) {
    const tree = await headTree(client, original);
    if (!tree) continue;
    const base = {
      original: original.fullName,
      createdAt: original.createdAt,
      pushedAt: original.pushedAt,
      stargazers: original.stargazers,
    };
    if (tree === ownTree) {
      const moment = await sameMoment(client, original, hints.newest);
      return { ...base, identicalTree: true, sharedFiles: 0, files: 0, ...(moment ? { sameMoment: moment } : {}) };
    }
    // the original moved on since the copy was taken: its commit at the copy's moment may be identical
    const moment = await sameMoment(client, original, hints.newest);
    if (moment) return { ...base, identicalTree: true, sharedFiles: 0, files: 0, sameMoment: moment };
    ours ??= await blobs(client, repo, ownTree);
    const theirs = ours && ours.size > 0 ? await blobs(client, original, tree) : null;
    if (!ours || !theirs) continue;
    const shared = [...ours].filter((b) => theirs.has(b)).length;
    if (!best || shared > best.sharedFiles)
      best = { ...base, identicalTree: false, sharedFiles: shared, files: ours.size };
  }
  return best && best.sharedFiles > 0 ? best : undefined;
}

/** Copy verdicts by (API origin, repository, head tree): a verdict cannot change while the tree does not. */
const verdicts = searchMemo<CopyEvidence>();

export function findOriginalOnce(
  scope: string,
  client: GitHubClient,
  repo: GhRepo,
  login: string,
  ownTree: string,
  hints: ProvenanceHints = {},
): Promise<CopyEvidence | undefined> {
  return verdicts(`${scope}|${repo.fullName.toLowerCase()}|${ownTree}|${hints.newest?.sha ?? ""}`, () =>
    findOriginal(client, repo, login, ownTree, hints),
  );
}
