import type { GhRepo } from "../github/index.ts";
import { mapLimit, refusedRepoName } from "../github/index.ts";
import type { ClaimedProject, ResumeLink } from "../resume/index.ts";
import { claimRepoRefs, linkRepo, type RepoRef } from "./claim-links.ts";
import type { HostAccount } from "./host-accounts.ts";
import { hostRepoKey, repoKeyOf } from "./repo-hosts.ts";

/**
 * Resolves every repository the resume links, on each host the verification reads, to what that host says
 * it is, spending a call only when the candidate's repository list there cannot answer: a link to one of
 * their listed repositories is free; others' repositories, renamed ones (GitHub redirects the old name)
 * and missing ones cost one getRepo each. The lookups run `concurrency` at a time; the map (keyed by
 * repo-hosts.ts keys) is filled in resume order either way. A name no host can serve (an encoded slash, a
 * dot segment: refusedRepoName) is never asked: it resolves to null, and linkFlags says why.
 */
export async function resolveLinks(
  accounts: ReadonlyMap<string, HostAccount>,
  claims: ClaimedProject[],
  outside: ResumeLink[],
  concurrency = 1,
): Promise<Map<string, GhRepo | null>> {
  const hosts = new Set(accounts.keys());
  const byKey = new Map([...accounts.values()].flatMap((a) => a.listed.map((r) => [repoKeyOf(r), r] as const)));
  const refs: RepoRef[] = claims.flatMap((c) => claimRepoRefs(c, hosts));
  for (const link of outside) {
    const parsed = linkRepo(link);
    if (parsed && hosts.has(parsed.host))
      refs.push({ ...parsed, key: hostRepoKey(parsed.host, parsed.owner, parsed.name), link });
  }
  const unique = [...new Map(refs.map((r) => [r.key, r])).values()];
  const found = await mapLimit(unique, concurrency, async (ref) => {
    if (refusedRepoName(ref.owner, ref.name) !== null) return null;
    const account = accounts.get(ref.host)!;
    const own = ref.owner.toLowerCase() === account.login.toLowerCase() ? byKey.get(ref.key) : undefined;
    return own ?? (await account.source.getRepo(ref.owner, ref.name));
  });
  return new Map(unique.map((ref, i) => [ref.key, found[i] ?? null]));
}
