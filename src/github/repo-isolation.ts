import { type GhRepo, GitHubUnavailableError, type RepoEvidence, type RepoUnavailable } from "./types.ts";

/**
 * Failures that belong to one repository, not to GitHub or the account: a blocked repository (451, e.g.
 * a DMCA takedown: still listed, every call refused), access refused (403 without a rate limit), gone
 * since it was listed (404, 410), a conflict (409), or a server error that survived the retries (5xx,
 * timeouts). The verification reports that claim as unavailable and goes on with the others.
 */
export function repoFailure(err: unknown): RepoUnavailable | null {
  if (!(err instanceof GitHubUnavailableError) || err.status === undefined) return null;
  const s = err.status;
  if (s === 451)
    return {
      status: s,
      reason: "GitHub blocks access to it (451 Unavailable For Legal Reasons, e.g. a DMCA takedown)",
    };
  if (s === 403) return { status: s, reason: "GitHub refuses access to it (403)" };
  if (s === 404 || s === 410)
    return {
      status: s,
      reason: `it was listed but GitHub no longer serves it (${s}: deleted, renamed away or made private)`,
    };
  if (s === 409) return { status: s, reason: "GitHub answered 409 Conflict for its history" };
  if (s >= 500) return { status: s, reason: `GitHub kept failing on it (${s}) after several retries` };
  return null;
}

/** Evidence for a repository with nothing to read (GitHub reports it empty): no call is spent on it. */
export function emptyEvidence(repo: GhRepo): RepoEvidence {
  return {
    repo,
    candidateCommits: [],
    candidateCommitCount: 0,
    truncated: false,
    totalCommitCount: 0,
    otherAuthors: [],
    sampledWithStats: [],
    languages: {},
    manifestDependencies: [],
    agentFiles: [],
  };
}

/** Evidence of a repository that could not be read: nothing in it, `unavailable` says why. */
export function unavailableEvidence(repo: GhRepo, unavailable: RepoUnavailable): RepoEvidence {
  return { ...emptyEvidence(repo), unavailable };
}
