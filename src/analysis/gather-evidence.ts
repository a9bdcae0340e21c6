import { ForgeUnavailableError } from "../forges/index.ts";
import {
  emptyEvidence,
  type GhRepo,
  GitHubUnavailableError,
  mapLimit,
  type RepoEvidence,
  type RepoUnavailable,
} from "../github/index.ts";
import type { HostAccount } from "./host-accounts.ts";
import type { ClaimMatch } from "./match-claims.ts";
import { hostOfRepo, isGitHub, repoKeyOf } from "./repo-hosts.ts";
import { judgeRepo, type RepoVerdict } from "./repo-verdict.ts";

/** What the hosts said about the matched repositories: a verdict for each readable one, the reason for the rest. */
export interface GatheredEvidence {
  /** by repository key */
  verdicts: Map<string, RepoVerdict>;
  /** by repository key: the repositories a host would not serve */
  unavailable: Map<string, RepoUnavailable>;
  /** by repository key: the first claim matched to it (its claim's dates and words judge it) */
  firstMatch: Map<string, ClaimMatch>;
}

/**
 * Evidence for every matched repository at once (`concurrency` at a time), each from its host, judged
 * afterwards in resume order against the first claim matched to it.
 */
export async function gatherEvidence(
  matches: readonly ClaimMatch[],
  accountOf: (repo: GhRepo) => HostAccount,
  concurrency: number,
): Promise<GatheredEvidence> {
  const verdicts = new Map<string, RepoVerdict>();
  const unavailable = new Map<string, RepoUnavailable>();
  const firstMatch = new Map<string, ClaimMatch>();
  for (const m of matches) if (m.repo && !firstMatch.has(repoKeyOf(m.repo))) firstMatch.set(repoKeyOf(m.repo), m);
  const gathered = await mapLimit(
    [...firstMatch.values()],
    concurrency,
    (m): Promise<RepoEvidence> =>
      m.repo!.empty
        ? Promise.resolve(emptyEvidence(m.repo!))
        : accountOf(m.repo!).source.repoEvidence(m.repo!, accountOf(m.repo!).user.login),
  );
  for (const [i, m] of [...firstMatch.values()].entries()) {
    const key = repoKeyOf(m.repo!);
    const evidence = gathered[i]!;
    if (evidence.unavailable) unavailable.set(key, evidence.unavailable);
    else
      verdicts.set(
        key,
        judgeRepo(accountOf(m.repo!).user, evidence, {
          name: m.claim.name,
          dates: m.claim.dates,
          description: m.claim.description,
          ...(m.claim.claimedCommits !== undefined ? { claimedCommits: m.claim.claimedCommits } : {}),
        }),
      );
  }
  return { verdicts, unavailable, firstMatch };
}

/**
 * Several repositories on a host and every one failing with a server error is that host down, not one bad
 * repository: throws the host's unavailability (GitHubUnavailableError or ForgeUnavailableError, 503).
 */
export function failWhenHostDown(hosts: ReadonlySet<string>, { verdicts, unavailable, firstMatch }: GatheredEvidence) {
  for (const host of hosts) {
    const onHost = (key: string) => hostOfRepo(firstMatch.get(key)!.repo!) === host;
    const failing = [...unavailable].filter(([k]) => onHost(k)).map(([, u]) => u);
    if (![...verdicts.keys()].some(onHost) && failing.length >= 2 && failing.every((u) => u.status >= 500)) {
      if (isGitHub(host))
        throw new GitHubUnavailableError(`GitHub failed on every matched repository: ${failing[0]!.reason}`, 503);
      throw new ForgeUnavailableError(`${host} failed on every matched repository: ${failing[0]!.reason}`, host, 503);
    }
  }
}
