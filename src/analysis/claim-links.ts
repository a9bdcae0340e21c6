import type { ClaimedProject, ResumeLink } from "../resume/types.ts";

/** A repository a resume points at, keyed case-insensitively ("owner/name" lowercased). */
export interface RepoRef {
  owner: string;
  name: string;
  key: string;
  link: ResumeLink | null;
}

const REPO_URL = /^(?:https?:\/\/)?(?:www\.)?github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?(?:[/?#].*)?$/i;

/** "owner/name" lowercased: GitHub treats owner and repository names case-insensitively. */
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
 * Every repository a claim links, in the resume's order, without duplicates. Uses the extractor's
 * owner/repo when present, else parses the URL; the bare `repoUrl` counts when no link object carries it.
 */
export function claimRepoRefs(claim: ClaimedProject): RepoRef[] {
  const out: RepoRef[] = [];
  const seen = new Set<string>();
  const push = (owner: string, name: string, link: ResumeLink | null) => {
    const key = repoKey(owner, name);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ owner, name, key, link });
  };
  for (const link of claim.repoLinks) {
    // repositories on other forges (gitlab.com, codeberg.org ...) are not GitHub's to answer for
    if (link.host !== undefined && link.host !== "github.com") continue;
    const parsed =
      link.owner && link.repo ? { owner: link.owner, name: link.repo } : parseRepoUrl(link.repoUrl ?? link.url);
    if (parsed) push(parsed.owner, parsed.name, link);
  }
  if (claim.repoUrl) {
    const parsed = parseRepoUrl(claim.repoUrl);
    if (parsed) push(parsed.owner, parsed.name, null);
  }
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
