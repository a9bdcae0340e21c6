import type { RateLimitSnapshot } from "../github/index.ts";
import {
  type GhRepo,
  GitHubRateLimitedError,
  type GitHubSource,
  GitHubUnavailableError,
  type RepoEvidence,
} from "../github/index.ts";

/**
 * The forge seam: what a host other than GitHub adds to the GitHub evidence model (src/github/types.ts),
 * and what it lacks. A GitLab or Gitea/Forgejo source produces the same GhUser / GhRepo / GhCommit /
 * RepoEvidence the analysis reads today, plus a `forge` record saying which host answered, the evidence
 * only that host has (push times the server recorded), and the evidence it cannot give, so a rule can say
 * "this host does not provide X" instead of reading an absence as a finding.
 */

export type ForgeKind = "github" | "gitlab" | "gitea";

/** Evidence a rule may need; each host provides some of it. */
export type EvidenceKind =
  /** commits linked to accounts by the host (GitHub, Gitea: author.login) */
  | "commit-accounts"
  /** server-recorded push times with the commits each push brought (GitLab events, Gitea feeds) */
  | "push-times"
  /** the repository's last push time (GitHub pushed_at) */
  | "pushed-at"
  | "topics"
  /** lines added and deleted per commit */
  | "commit-stats"
  /** the files each sampled commit changed, with the lines added to each */
  | "commit-files"
  | "per-file-additions"
  /** root tree SHAs (identical content is identical trees) */
  | "tree-identity"
  /** signatures the host verified */
  | "signatures"
  /** repository languages in bytes (GitHub, Gitea) rather than percentages (GitLab) */
  | "language-bytes"
  /** search for older copies by name */
  | "copy-search"
  /** the repository's root listing: manifests (dependencies) and AI-agent files */
  | "root-files";

/** Something a host does not give, and why: a rule that needs it reports it instead of guessing. */
export interface MissingEvidence {
  evidence: EvidenceKind;
  reason: string;
}

export interface ForgeCapabilities {
  provides: EvidenceKind[];
  lacks: MissingEvidence[];
}

/** A push the host recorded: its server time, who pushed, and the range of commits it brought. */
export interface PushEvent {
  /** ISO 8601, written by the server when the push arrived: not forgeable by the pusher */
  at: string;
  /** login of the account that pushed, when the host says */
  by: string | null;
  ref: string;
  /** the branch head before the push (null: the push created the branch) */
  before: string | null;
  after: string;
  /** how many commits the push brought (the host's own count) */
  commitCount: number;
}

/** Server-recorded arrival times of commits: the anchor client-written commit dates lack. */
export interface AnchoredTimes {
  source: "gitlab-push-events" | "gitea-activity-feed";
  /** the host's pushes to this repository's default branch, oldest first */
  pushes: PushEvent[];
  /**
   * pushes older than this were not available (GitLab deletes events after three years; a feed read only
   * so far): an earlier commit without an arrival is unknown, not suspicious. Absent: the repository's
   * whole life is covered (its creation event was seen).
   */
  coversSince?: string;
  /** candidate commit sha -> ISO time of the push that brought it (only commits a push could be traced to) */
  arrivals: Record<string, string>;
}

/** How candidate commits were tied to the account on a host that does not link emails to accounts. */
export interface CommitIdentity {
  emails: string[];
  /** strongest first: the profile's public email, the host's noreply address, commits the account pushed, the name */
  basis: Array<"host-linked" | "public-email" | "noreply" | "pushed" | "name">;
}

/** What only a forge source adds to a repository's evidence. */
export interface ForgeEvidence {
  /** host name, e.g. "gitlab.com", "codeberg.org" */
  host: string;
  kind: ForgeKind;
  capabilities: ForgeCapabilities;
  /** absent when the host gave no push times for this repository (see capabilities) */
  anchoredTimes?: AnchoredTimes;
  identity: CommitIdentity;
  /** languages in percent (GitLab) or bytes (GitHub, Gitea) */
  languageUnit: "bytes" | "percent";
  /** another owner's project whose first commit is this one's: the same history pushed again */
  sharedHistoryWith?: { original: string; rootSha: string; createdAt: string };
}

export interface ForgeRepoEvidence extends RepoEvidence {
  forge: ForgeEvidence;
}

/**
 * The forge seam: what the analysis reads from any host (GitHub, GitLab, Gitea/Forgejo). GitHubSource's
 * contract (the user, their repositories, a repository by path, one repository's evidence, which runs the
 * host's copy search for a suspect, and the calls spent), with the forge record on every repository, the
 * host's capabilities and its rate state. Every GhRepo a source returns carries its `host`.
 */
export interface ForgeSource extends GitHubSource {
  /** the host as resumes and accounts name it: "github.com", "gitlab.com", "codeberg.org", "git.example.com" */
  readonly host: string;
  readonly kind: ForgeKind;
  capabilities(): ForgeCapabilities;
  repoEvidence(repo: GhRepo, login: string): Promise<ForgeRepoEvidence>;
  /** the budget window the host last reported on this source's token, or null when it reports none */
  rateLimit(): RateLimitSnapshot | null;
}

/**
 * A host's budget is spent until `resetAt`: the job defers, as for GitHub (a subclass, so every place
 * that defers on GitHubRateLimitedError defers on it too).
 */
export class ForgeRateLimitedError extends GitHubRateLimitedError {
  constructor(
    resetAt: number,
    readonly host: string,
  ) {
    super(resetAt);
    this.name = "ForgeRateLimitedError";
    this.message = `${host} rate limit exhausted until ${new Date(resetAt).toISOString()}`;
  }
}

/** A host kept failing or refused a request (a subclass of GitHubUnavailableError, handled the same). */
export class ForgeUnavailableError extends GitHubUnavailableError {
  constructor(
    message: string,
    readonly host: string,
    status?: number,
  ) {
    super(message, status);
    this.name = "ForgeUnavailableError";
  }
}
