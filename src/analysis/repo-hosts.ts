import type { GhRepo } from "../github/index.ts";

/**
 * Repositories on several hosts. A repository is named by its host and its path on that host: GitHub's
 * keep the names they always had ("owner/name", the host implied), every other host's carry it
 * ("gitlab.com/group/sub/project"), so a GitHub-only verification reads exactly as before and two hosts'
 * "alice/app" never meet.
 */

export const GITHUB_HOST = "github.com";

export const hostOfRepo = (repo: { host?: string }): string => repo.host ?? GITHUB_HOST;

export const isGitHub = (host: string): boolean => host.toLowerCase() === GITHUB_HOST;

/** The host as messages name it: "GitHub", or the host name ("gitlab.com", "codeberg.org"). */
export const hostName = (host: string): string => (isGitHub(host) ? "GitHub" : host);

/** A repository's key, lowercased: "owner/name" on GitHub, "host/owner/name" elsewhere. */
export function hostRepoKey(host: string, owner: string, name: string): string {
  return (isGitHub(host) ? `${owner}/${name}` : `${host}/${owner}/${name}`).toLowerCase();
}

export const repoKeyOf = (repo: GhRepo): string => hostRepoKey(hostOfRepo(repo), repo.owner, repo.name);

/** How flags and timelines name a repository: "owner/name" on GitHub, "host/owner/name" elsewhere. */
export const repoLabel = (repo: GhRepo): string =>
  isGitHub(hostOfRepo(repo)) ? repo.fullName : `${hostOfRepo(repo)}/${repo.fullName}`;

/** The published repoUrl: host/owner/repository with the real host, no scheme. */
export const repoUrlOf = (repo: GhRepo): string => `${hostOfRepo(repo)}/${repo.fullName}`;

/** Repositories in a stable order by this key: host and path ("github.com/..." sorts GitHub's as their full names do). */
export const repoOrderKey = (repo: GhRepo): string => repoUrlOf(repo).toLowerCase();

/** A profile's address as a resume writes it, e.g. "github.com/alice", "gitlab.com/alice". */
export const profileUrl = (host: string, login: string): string => `${host}/${login}`;

/** The host's pages site for a repository ("alice.github.io/app"), for homepage matching; null when none. */
export function pagesSiteOf(repo: GhRepo): string | null {
  const host = hostOfRepo(repo);
  const site = isGitHub(host)
    ? "github.io"
    : host === "gitlab.com"
      ? "gitlab.io"
      : host === "codeberg.org"
        ? "codeberg.page"
        : null;
  return site && !repo.owner.includes("/") ? `${repo.owner}.${site}/${repo.name}`.toLowerCase() : null;
}
