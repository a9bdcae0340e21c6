import { ANACHRONISM_GRACE_MS } from "./anachronisms.ts";
import type { GitHubClient } from "./github-client.ts";
import { toGhCommit } from "./github-mappers.ts";
import { pageOf } from "./link-header.ts";
import { PIN_FILES, type PinFile, pinnedVersions } from "./lockfile-pins.ts";
import type { PackageRegistry } from "./package-registry.ts";
import type { Anachronism, GhCommit, GhRepo } from "./types.ts";

/**
 * Versions published after the commit that pins them. A lockfile (or a manifest of exact pins) records
 * versions that existed when it was written; one published later than the commit's committer date means
 * the commit was made later than it says (a rebase moves committer dates forward, never back). The oldest
 * commit that wrote the root's first pin file is read: GET /commits?path= (one or two calls), its content
 * at that commit (one), then at most `registry.maxLookups` publish times from the registries.
 */

interface ContentJson {
  content?: string;
  encoding?: string;
}

/** The oldest commit of the default branch that changed `file`. */
async function oldestTouching(client: GitHubClient, repo: GhRepo, file: string): Promise<GhCommit | null> {
  const params = { owner: repo.owner, repo: repo.name, path: file, per_page: 100 };
  const res = await client.get<unknown[]>("/repos/{owner}/{repo}/commits", params, [404, 409]);
  if (res.status !== 200 || !Array.isArray(res.data) || res.data.length === 0) return null;
  let page = res.data;
  const last = pageOf(res.headers.link, "last");
  if (last !== null && last > 1) {
    const tail = await client.get<unknown[]>("/repos/{owner}/{repo}/commits", { ...params, page: last }, [404]);
    if (tail.status === 200 && Array.isArray(tail.data) && tail.data.length > 0) page = tail.data;
  }
  return toGhCommit(page[page.length - 1]);
}

export async function pinnedAfterCommit(
  client: GitHubClient,
  repo: GhRepo,
  rootNames: readonly string[],
  registry: PackageRegistry,
): Promise<Anachronism[]> {
  if (registry.maxLookups <= 0) return [];
  const file = PIN_FILES.find((f) => rootNames.includes(f)) as PinFile | undefined;
  if (!file) return [];
  const commit = await oldestTouching(client, repo, file);
  if (!commit) return [];
  const res = await client.get<ContentJson>(
    "/repos/{owner}/{repo}/contents/{path}",
    { owner: repo.owner, repo: repo.name, path: file, ref: commit.sha },
    [404],
  );
  if (res.status !== 200 || res.data?.encoding !== "base64" || typeof res.data.content !== "string") return [];
  const text = Buffer.from(res.data.content.replace(/\s+/g, ""), "base64").toString("utf8");
  const pins = pinnedVersions(file, text).slice(0, registry.maxLookups);
  const times = await registry.publishedAll(pins);
  const dated = Date.parse(commit.committerDate);
  if (!Number.isFinite(dated)) return [];
  return pins.flatMap((p, i) => {
    const at = times[i];
    if (!at || !(Date.parse(at) > dated + ANACHRONISM_GRACE_MS)) return [];
    return [
      {
        kind: "dependency-after-commit" as const,
        sha: commit.sha,
        date: commit.committerDate,
        anchor: at,
        fact: `${file} at this commit, committed ${commit.committerDate.slice(0, 10)}, pins ${p.name} ${p.version}, which ${p.ecosystem === "npm" ? "npm" : "PyPI"} records as published ${at.slice(0, 10)}`,
      },
    ];
  });
}
