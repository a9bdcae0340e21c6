import { findAnachronisms } from "./anachronisms.ts";
import { findOriginalOnce } from "./copy-search.ts";
import type { GitHubClient } from "./github-client.ts";
import type { PackageRegistry } from "./package-registry.ts";
import { pinnedAfterCommit } from "./pinned-versions.ts";
import type { GhCommit, GhRepo, RepoEvidence } from "./types.ts";

/**
 * Where a history dated before its repository really comes from. GitHub saw the repository first on its
 * created_at; a history mostly dated long before that (or pushed whole at once, which is the same picture
 * on GitHub) is either an honest import or someone else's history re-dated or re-identified. Such a
 * repository (a provenance suspect) is searched as a person would look for an original: by its name, its
 * description and its README's title (copy-search.ts; a rewritten history changes every commit SHA but
 * keeps every tree and blob), and its traces are checked against GitHub's own times and the registries'
 * (anachronisms.ts, pinned-versions.ts). Ordinary repositories spend nothing on it; an honest import that
 * matches nothing stays what it was (no match is no evidence).
 */

/** Commits dated this long before the repository existed were not pushed as they were made. */
export const PROVENANCE_LEAD_MS = 30 * 86_400_000;
export const PROVENANCE_MIN_SHARE = 0.5;
export const PROVENANCE_MIN_COMMITS = 3;

/** Most of the candidate's commits read are dated long before the repository existed (not for forks). */
export function isProvenanceSuspect(repo: GhRepo, commits: readonly GhCommit[]): boolean {
  if (repo.fork || commits.length < PROVENANCE_MIN_COMMITS) return false;
  const created = Date.parse(repo.createdAt);
  if (!Number.isFinite(created)) return false;
  const early = commits.filter((c) => {
    const t = Date.parse(c.authorDate);
    return !Number.isFinite(t) || t < created - PROVENANCE_LEAD_MS;
  }).length;
  return early / commits.length >= PROVENANCE_MIN_SHARE;
}

/** The README's title: its first heading (ATX or setext), else its first line of text; markup stripped. */
export function readmeTitle(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const atx = lines.find((l) => /^#{1,2}\s+\S/.test(l));
  const setext = lines.findIndex((l, i) => i > 0 && /^=+$/.test(l) && lines[i - 1] !== "");
  const raw = atx?.replace(/^#+\s+/, "") ?? (setext > 0 ? lines[setext - 1] : lines.find((l) => l !== "")) ?? "";
  return raw
    .replace(/<[^>]*>/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

async function fetchReadmeTitle(client: GitHubClient, repo: GhRepo): Promise<string | undefined> {
  const res = await client.get<{ content?: string; encoding?: string }>(
    "/repos/{owner}/{repo}/readme",
    { owner: repo.owner, repo: repo.name },
    [404],
  );
  if (res.status !== 200 || res.data?.encoding !== "base64" || typeof res.data.content !== "string") return undefined;
  const title = readmeTitle(Buffer.from(res.data.content.replace(/\s+/g, ""), "base64").toString("utf8"));
  return title === "" ? undefined : title;
}

export interface ProvenanceInput {
  client: GitHubClient;
  scope: string;
  repo: GhRepo;
  login: string;
  evidence: RepoEvidence;
  /** the root commit's tree (the head's) */
  headTree: string | undefined;
  /** names at the repository's root (where a lockfile would be) */
  rootNames: readonly string[];
  /** the copy search already ran on this repository (a short, large history): not repeated */
  copySearched: boolean;
  registry?: PackageRegistry | null;
}

/**
 * Adds provenance to `evidence`: the original (copyOf) when found, and the anachronisms. The clock-free
 * traces are read on every repository (no calls); the searches and lookups only for a suspect.
 */
export async function addProvenance(p: ProvenanceInput): Promise<void> {
  const { client, scope, repo, login, evidence } = p;
  const own = evidence.candidateCommits;
  const suspect = isProvenanceSuspect(repo, own);
  const [copy, traces, pinned] = await Promise.all([
    suspect && !evidence.copyOf && !p.copySearched && p.headTree
      ? findOriginalOnce(scope, client, repo, login, p.headTree, {
          readmeTitle: () => fetchReadmeTitle(client, repo),
          newest: own[0],
        })
      : undefined,
    findAnachronisms(client, scope, repo, login, evidence, suspect),
    suspect && p.registry ? pinnedAfterCommit(client, repo, p.rootNames, p.registry) : [],
  ]);
  if (suspect) evidence.provenanceSearched = true;
  if (copy) evidence.copyOf = copy;
  const all = [...traces, ...pinned];
  if (all.length > 0) evidence.anachronisms = all;
}
