import type { ClaimedProject, ResumeLink } from "../resume/index.ts";
import { GITHUB_HOST, hostRepoKey, isGitHub } from "./repo-hosts.ts";

/** A repository a resume points at, keyed case-insensitively (repo-hosts.ts: "owner/name" on GitHub, "host/owner/name" elsewhere). */
export interface RepoRef {
  /** "github.com", "gitlab.com" ... */
  host: string;
  owner: string;
  name: string;
  key: string;
  link: ResumeLink | null;
}

/** The hosts a verification reads when it is told nothing else: GitHub alone. */
export const GITHUB_ONLY: ReadonlySet<string> = new Set([GITHUB_HOST]);

const REPO_URL = /^(?:https?:\/\/)?(?:www\.)?github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?(?:[/?#].*)?$/i;

/** "owner/name" lowercased: GitHub treats owner and repository names case-insensitively (repo-hosts.ts for other hosts). */
export function repoKey(owner: string, name: string): string {
  return `${owner}/${name}`.toLowerCase();
}

/** Parses "github.com/owner/repo[...]" (with or without scheme) into owner and name; null otherwise. */
export function parseRepoUrl(url: string): { owner: string; name: string } | null {
  const m = REPO_URL.exec(url.trim());
  if (!m?.[1] || !m[2]) return null;
  return { owner: m[1], name: m[2] };
}

/**
 * "host/owner/repository" (the extractor's repoUrl form, with or without scheme) into its parts: GitHub's
 * as parseRepoUrl reads them, another host's with every segment before the last as the owner (GitLab's
 * nested groups: "gitlab.com/group/sub/project" is owner "group/sub", name "project"). Null otherwise.
 */
export function parseHostRepoUrl(url: string): { host: string; owner: string; name: string } | null {
  const github = parseRepoUrl(url);
  if (github) return { host: GITHUB_HOST, ...github };
  const seg = url
    .trim()
    .replace(/^[a-z]+:\/\//i, "")
    .replace(/[?#].*$/, "")
    .split("/")
    .filter(Boolean);
  if (seg.length < 3) return null;
  const host = seg[0]!.toLowerCase().replace(/^www\./, "");
  if (isGitHub(host)) return null;
  return { host, owner: seg.slice(1, -1).join("/"), name: seg[seg.length - 1]!.replace(/\.git$/i, "") };
}

/** The repository a resume link points at, on its own host; null when it names none. */
export function linkRepo(link: ResumeLink): { host: string; owner: string; name: string } | null {
  const host = (link.host ?? GITHUB_HOST).toLowerCase();
  if (link.owner && link.repo) return { host, owner: link.owner, name: link.repo };
  return isGitHub(host) ? parseHostRepoUrl(link.repoUrl ?? link.url) : null;
}

/**
 * Every repository a claim links on the hosts the verification reads (`hosts`: GitHub alone unless told),
 * in the resume's order, without duplicates. Uses the extractor's owner/repo when present, else parses
 * the URL; the bare `repoUrl` counts when no link object carries it. Links to other hosts are not theirs
 * to answer for and are left out.
 */
export function claimRepoRefs(claim: ClaimedProject, hosts: ReadonlySet<string> = GITHUB_ONLY): RepoRef[] {
  const out: RepoRef[] = [];
  const seen = new Set<string>();
  const push = (p: { host: string; owner: string; name: string } | null, link: ResumeLink | null) => {
    if (!p || !hosts.has(p.host)) return;
    const key = hostRepoKey(p.host, p.owner, p.name);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...p, key, link });
  };
  for (const link of claim.repoLinks) push(linkRepo(link), link);
  if (claim.repoUrl) push(parseHostRepoUrl(claim.repoUrl), null);
  return out;
}

/** The repository a link's visible text names, when that text is itself a GitHub repository URL. */
export function visibleRepo(link: ResumeLink): { owner: string; name: string } | null {
  if (!link.visibleText) return null;
  const m = /(?:https?:\/\/)?(?:www\.)?github\.com\/[^\s)]+/i.exec(link.visibleText);
  return m ? parseRepoUrl(m[0]) : null;
}

/** Host + path of a URL without scheme, "www.", query or trailing slash: for homepage comparison. */
export function canonicalUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "");
}
