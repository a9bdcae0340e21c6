/**
 * The GitHub evidence model: what src/github fetches and src/analysis judges. Contract between the two
 * (fields may be added, never renamed or removed). Dates are ISO 8601 strings exactly as GitHub sends them.
 */

export interface GhUser {
  login: string;
  id: number;
  type: "User" | "Organization" | string;
  name: string | null;
  createdAt: string;
  publicRepos: number;
}

export interface GhRepo {
  /** canonical "owner/name" (after following a rename redirect) */
  fullName: string;
  owner: string;
  name: string;
  /** set when the requested owner/name redirected to fullName (a renamed or transferred repo) */
  renamedFrom?: string;
  fork: boolean;
  /** "owner/name" of the direct parent when fork */
  parent?: string;
  /** the parent's default branch when fork (what "ahead of the parent" is measured against) */
  parentDefaultBranch?: string;
  /** "owner/name" of the root of the fork network when fork */
  source?: string;
  description: string | null;
  homepage: string | null;
  topics: string[];
  language: string | null;
  defaultBranch: string;
  createdAt: string;
  pushedAt: string | null;
  updatedAt: string;
  size: number;
  stargazers: number;
  archived: boolean;
  /** true when the repository has no commits (GitHub answers 409 on /commits) */
  empty?: boolean;
  /** the host serving it when it is not GitHub ("gitlab.com", "codeberg.org"); absent: github.com */
  host?: string;
}

export interface GhCommit {
  sha: string;
  /** GitHub account linked to the author email, or null when the email is not linked to any account */
  authorLogin: string | null;
  authorName: string;
  authorEmail: string;
  /** client-written author date: forgeable */
  authorDate: string;
  committerLogin: string | null;
  committerName: string;
  committerEmail: string;
  /** client-written committer date (server-written only for web-flow commits) */
  committerDate: string;
  message: string;
  parents: number;
  /** commit signature verified by GitHub */
  verified: boolean;
  /** the commit's root tree SHA (identical trees = identical content) */
  treeSha?: string;
  /** present only for commits fetched one by one (a sample) */
  /** `fileAdditions[i]`: lines added to `files[i]` (GET /commits/{sha} gives them; absent when unknown) */
  stats?: { additions: number; deletions: number; files: string[]; fileAdditions?: number[] };
}

export interface RepoEvidence {
  repo: GhRepo;
  /** the candidate's commits on the default branch (author.login === candidate), newest first; may be a prefix when truncated */
  candidateCommits: GhCommit[];
  /** exact count of the candidate's commits on the default branch */
  candidateCommitCount: number;
  /** true when candidateCommits holds fewer than candidateCommitCount */
  truncated: boolean;
  /**
   * false when candidateCommitCount is an estimate: a paged author= listing (rel="last" is not exact there)
   * not corrected by /stats/contributors. Absent = exact.
   */
  candidateCountExact?: boolean;
  /** true when candidateCommitCount came from /stats/contributors, which already leaves merges out */
  candidateCountExcludesMerges?: boolean;
  /** false when otherAuthors was counted over the newest and oldest pages only (absent = complete) */
  otherAuthorsComplete?: boolean;
  /** all commits on the default branch, any author */
  totalCommitCount: number;
  /** the first (root) commit of the default branch, when it could be fetched cheaply */
  rootCommit?: GhCommit;
  /**
   * commits by other identities (login, or email when unlinked), with counts. Exact for a default branch
   * of <= 100 commits; otherwise counted over the newest and the oldest 100 (where a foreign root lives).
   */
  otherAuthors: Array<{
    login: string | null;
    email: string;
    count: number;
    earliestAuthorDate: string;
    /** the commit that carries earliestAuthorDate */
    earliestSha?: string;
  }>;
  /** for forks: what the default branch has beyond the parent's (truncated: byCandidate counted over the first pages only) */
  aheadOfParent?: { total: number; byCandidate: number; truncated?: boolean };
  /**
   * candidate commits fetched one by one with stats, newest first: always the oldest one (where a bulk
   * dump lives); plus an even spread of `sampleSize` (default 10) when the history has >= 50 candidate
   * commits and its metadata already looks machine-made (src/github/commit-sample.ts)
   */
  sampledWithStats: GhCommit[];
  languages: Record<string, number>;
  /** dependency names from package.json / requirements.txt / Cargo.toml / go.mod when fetched */
  manifestDependencies: string[];
  /** the root manifests that were read (e.g. ["package.json"]) */
  manifestFiles?: string[];
  /** AI-agent files found at the root (CLAUDE.md, AGENTS.md, .cursorrules) */
  agentFiles: string[];
  /** set when GitHub refused or kept failing on this repository: nothing else in the evidence is meaningful */
  unavailable?: RepoUnavailable;
  /** an older original of another owner this repository copies, when it is a suspect and one was found */
  copyOf?: CopyEvidence;
  /** the older public repository this history's root commit comes from, when another identity made the root */
  historyOrigin?: HistoryOrigin;
  /** true when most of the history is dated before the repository existed, so its provenance was searched */
  provenanceSearched?: boolean;
  /** traces that cannot exist at their commits' dates (web-flow merges, noreply IDs, pinned versions) */
  anachronisms?: Anachronism[];
  /** how the line counts were read, and the candidate's exact totals when known */
  lineCounts?: LineCountEvidence;
  /** candidate commits whose diff GitHub could not render (500 "diff taking too long"): huge commits, size unknown */
  diffUnavailable?: string[];
}

/** Thrown when the rate-limit budget is spent: the job should wait until `resetAt` (epoch ms), not fail. */
export class GitHubRateLimitedError extends Error {
  constructor(readonly resetAt: number) {
    super(`GitHub rate limit exhausted until ${new Date(resetAt).toISOString()}`);
    this.name = "GitHubRateLimitedError";
  }
}

/** Thrown after retries when GitHub keeps failing (5xx, timeouts, connection errors), or refuses a request. */
export class GitHubUnavailableError extends Error {
  constructor(
    message: string,
    /** the HTTP status GitHub last answered (500 for timeouts and connection errors), when there was one */
    readonly status?: number,
  ) {
    super(message);
    this.name = "GitHubUnavailableError";
  }
}

/** An older repository of another owner whose content this one repeats (src/github/copy-search.ts). */
export interface CopyEvidence {
  /** "owner/name" of the original */
  original: string;
  createdAt: string;
  pushedAt: string | null;
  stargazers: number;
  /** the head commits have the same root tree: identical content */
  identicalTree: boolean;
  /** otherwise: how many of this repository's files (blobs) the original also has, of `files` */
  sharedFiles: number;
  files: number;
  /**
   * the original's commit at the candidate's newest commit's time has that commit's tree (provenance
   * searches only): the same content at the same moment, under `originalAuthor` there and `author` here
   */
  sameMoment?: {
    sha: string;
    originalSha: string;
    date: string;
    author: string;
    originalAuthor: string;
    /** the same identity on both: a mirror or an earlier home of the candidate's own work, not a rewrite */
    sameIdentity: boolean;
  };
}

/**
 * A trace that cannot exist at the date its commit carries (src/github/anachronisms.ts): each names the
 * commit, its date and the independent time it contradicts, none of which depends on the commit's clock.
 */
export interface Anachronism {
  kind:
    | "github-made-before-repo"
    | "github-made-before-account"
    | "noreply-before-format"
    | "noreply-before-account"
    | "dependency-after-commit";
  sha: string;
  /** the commit's date the trace contradicts (ISO) */
  date: string;
  /** the independent time: the repository's or account's creation, the address format's, the version's publication */
  anchor: string;
  /** plain English: what the commit holds and why it cannot exist at its date */
  fact: string;
}

/** An older public repository of another owner that holds this history's root commit (the same SHA). */
export interface HistoryOrigin {
  /** "owner/name" of the repository the history was cloned from */
  original: string;
  owner: string;
  createdAt: string;
  pushedAt: string | null;
  stargazers: number;
  /** the shared root commit */
  rootSha: string;
}

/** How the candidate's line counts were read (src/github/line-counts.ts): what the bulk check may rely on. */
export interface LineCountEvidence {
  path: "every-commit" | "heavy-weeks" | "sampled";
  /** the candidate's non-merge commits on the default branch per /stats/contributors (given past 10,000 too) */
  commits?: number;
  /** the candidate's additions and deletions over the whole default branch, when known exactly */
  additions?: number;
  deletions?: number;
  /** weeks (ISO day of their Sunday) holding most of the candidate's additions */
  heavyWeeks?: string[];
}

/** Why one repository's evidence could not be read; the rest of the verification goes on without it. */
export interface RepoUnavailable {
  /** the HTTP status that ended the reading (451 blocked, 403 refused, 404 gone, 409 conflict, 5xx failing) */
  status: number;
  /** plain English, e.g. "GitHub blocks access to it (451, e.g. a DMCA takedown)" */
  reason: string;
}

/**
 * What the analysis needs from GitHub, in the order it needs it. One instance per verification;
 * it counts its own calls so cost is measurable.
 */
export interface GitHubSource {
  /** null when the user does not exist (404) */
  getUser(login: string): Promise<GhUser | null>;
  /** public repositories owned by the user (all pages) */
  listUserRepos(login: string): Promise<GhRepo[]>;
  /** a repository by owner/name, following rename redirects; null when it does not exist */
  getRepo(owner: string, name: string): Promise<GhRepo | null>;
  /** everything the anomaly rules need about one repository and one candidate, within a call budget */
  repoEvidence(repo: GhRepo, login: string): Promise<RepoEvidence>;
  /**
   * the repositories the resume links, told before the account is read: a source may read the evidence of
   * `login`'s own among them together with the account (they need not wait for the listing). A hint only.
   */
  expectRepos?(login: string, repos: ReadonlyArray<{ owner: string; name: string }>): void;
  /**
   * calls made so far by this source (HTTP requests sent, retries and redirect hops included), how many
   * were answered 304 from the cache, and how many immutable answers needed no request at all
   */
  stats(): { calls: number; notModified: number; servedFromCache?: number };
}
