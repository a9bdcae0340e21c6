import { mapLimit } from "../github/map-limit.ts";
import type { GhRepo, GitHubSource } from "../github/types.ts";
import type { ClaimedProject, ResumeLink } from "../resume/types.ts";
import { claimRepoRefs, parseRepoUrl, type RepoRef, repoKey } from "./claim-links.ts";

/**
 * Resolves every repository the resume links to what GitHub says it is, spending a call only when the
 * candidate's repository list cannot answer: a link to one of their listed repositories is free; others'
 * repositories, renamed ones (GitHub redirects the old name) and missing ones cost one getRepo each.
 * The lookups run `concurrency` at a time; the map is filled in resume order either way.
 */
export async function resolveLinks(
  login: string,
  claims: ClaimedProject[],
  outside: ResumeLink[],
  listed: GhRepo[],
  github: GitHubSource,
  concurrency = 1,
): Promise<Map<string, GhRepo | null>> {
  const byKey = new Map(listed.map((r) => [repoKey(r.owner, r.name), r]));
  const refs: RepoRef[] = claims.flatMap((c) => claimRepoRefs(c));
  for (const link of outside) {
    const parsed =
      link.owner && link.repo ? { owner: link.owner, name: link.repo } : parseRepoUrl(link.repoUrl ?? link.url);
    if (parsed) refs.push({ ...parsed, key: repoKey(parsed.owner, parsed.name), link });
  }
  const unique = [...new Map(refs.map((r) => [r.key, r])).values()];
  const found = await mapLimit(unique, concurrency, async (ref) => {
    const own = ref.owner.toLowerCase() === login.toLowerCase() ? byKey.get(ref.key) : undefined;
    return own ?? (await github.getRepo(ref.owner, ref.name));
  });
  return new Map(unique.map((ref, i) => [ref.key, found[i] ?? null]));
}
