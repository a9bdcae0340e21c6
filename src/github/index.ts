/** The github module's public surface: what other modules of src/ import from it (never the files behind it). */

export { MAX_PER_KIND as ANACHRONISMS_KEPT_PER_KIND } from "./anachronisms.ts";
export { tallyOtherAuthors } from "./commit-history.ts";
export { planStatsSample } from "./commit-sample.ts";
export type { GitHubAnswer } from "./conditional-fetch.ts";
export { isCopySuspect } from "./copy-search.ts";
export { budgetKey } from "./github-client.ts";
export { toGhCommit } from "./github-mappers.ts";
export { createEvidenceSource, type EvidenceSource } from "./graphql/graphql-source.ts";
export { GITHUB_CACHE_RETENTION_MS, pruneGitHubHttpCache, tokenPartition } from "./http-cache-store.ts";
export { EVERY_COMMIT_MAX } from "./line-counts.ts";
export { parseLinkHeader } from "./link-header.ts";
export { mapLimit } from "./map-limit.ts";
export { refusedRepoName } from "./path-params.ts";
export { processRateGate, RateGate } from "./rate-gate.ts";
export type { RateLimitSnapshot } from "./rate-limit-policy.ts";
export { readRateLimit } from "./rate-limit-policy.ts";
export { githubUnreachable } from "./reachability.ts";
export { emptyEvidence } from "./repo-isolation.ts";
export { createRateGate } from "./shared-rate-gate.ts";
export type {
  Anachronism,
  CopyEvidence,
  GhCommit,
  GhRepo,
  GhUser,
  GitHubSource,
  HistoryOrigin,
  LineCountEvidence,
  RepoEvidence,
  RepoUnavailable,
} from "./types.ts";
export { GitHubRateLimitedError, GitHubUnavailableError } from "./types.ts";
