import type { GitHubSource, RateLimitSnapshot } from "../github/index.ts";
import type { ForgeCapabilities, ForgeEvidence, ForgeSource } from "./types.ts";

export const GITHUB_HOST = "github.com";

/** What GitHub gives and lacks, for rules that need it (the baseline the rules were written against). */
export const GITHUB_CAPABILITIES: ForgeCapabilities = {
  provides: [
    "commit-accounts",
    "pushed-at",
    "topics",
    "commit-stats",
    "commit-files",
    "per-file-additions",
    "tree-identity",
    "signatures",
    "language-bytes",
    "copy-search",
    "root-files",
  ],
  lacks: [
    {
      evidence: "push-times",
      reason:
        "GitHub keeps push events for 30 days only: the repository's created_at and pushed_at are the times it records",
    },
  ],
};

const GITHUB_FORGE: ForgeEvidence = {
  host: GITHUB_HOST,
  kind: "github",
  capabilities: GITHUB_CAPABILITIES,
  identity: { emails: [], basis: ["host-linked"] },
  languageUnit: "bytes",
};

/**
 * GitHub's evidence source seen through the forge seam: the same calls and the same evidence (repositories
 * keep no `host`: GitHub is the default), each repository's evidence with GitHub's forge record.
 */
export function githubForge(source: GitHubSource & { budget?(): RateLimitSnapshot | null }): ForgeSource {
  return {
    host: GITHUB_HOST,
    kind: "github",
    capabilities: () => GITHUB_CAPABILITIES,
    getUser: (login) => source.getUser(login),
    listUserRepos: (login) => source.listUserRepos(login),
    getRepo: (owner, name) => source.getRepo(owner, name),
    repoEvidence: async (repo, login) => ({ ...(await source.repoEvidence(repo, login)), forge: GITHUB_FORGE }),
    stats: () => source.stats(),
    rateLimit: () => source.budget?.() ?? null,
  };
}
