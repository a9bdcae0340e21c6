/**
 * The analysis result model: what runAnalysis returns and the verification pipeline stores. The spec's
 * fields (VerifiedProject name/repoUrl/commits/matchStrength, Flag severity/message) never change; the
 * other members are extras a recruiter or the dashboard can use to see why.
 */

import type { CommitTimeline } from "./commit-timeline.ts";
import type { Finding } from "./findings.ts";

export type Severity = "CRITICAL" | "WARNING" | "INFO";
export type MatchStrength = "HIGH" | "MEDIUM" | "LOW";

/** The forensic rules of GITHUB-FORENSICS.md, in the note's order, then copies and anchored time, then automation. */
export type ForensicRuleId =
  | "FUTURE_AUTHOR_DATE"
  | "CLOCK_TIME_MONOCULTURE"
  | "IDENTICAL_AUTHOR_TIMESTAMPS"
  | "BACKDATED_SPLIT"
  | "RANDOM_ORDER_HISTORY"
  | "PREDATES_REPO_OR_ACCOUNT"
  | "COMMIT_BURST"
  | "TRIVIAL_CHURN"
  | "REPEATED_OR_TIMESTAMP_MESSAGES"
  | "BULK_DUMP"
  | "FOREIGN_HISTORY"
  | "FORK_AS_OWN"
  | "BOT_AUTHOR"
  | "CLAIM_BEFORE_ACCOUNT"
  | "COPIED_REPOSITORY"
  | "UNANCHORED_HISTORY"
  | "AUTOMATED_COMMITS"
  | "INFLATED_ACTIVITY";

/** Flags about the resume and the matching rather than a repository's history. */
export type ClaimRuleId =
  | "UNMATCHED_CLAIM"
  | "PROFILE_MISMATCH"
  | "HIDDEN_TEXT"
  | "LINK_TEXT_MISMATCH"
  | "LINKED_REPO_NOT_FOUND"
  | "RENAMED_REPO"
  | "NO_CANDIDATE_COMMITS"
  | "EMPTY_REPO"
  | "UNLINKED_EMAIL_COMMITS"
  | "AI_AGENT"
  | "REPO_UNAVAILABLE";

export type RuleId = ForensicRuleId | ClaimRuleId;

/** The spec's Flag (interface.md 2.1): what every stored result's flags carry. */
export interface SpecFlag {
  severity: Severity;
  /** plain English; names the repository and the evidence */
  message: string;
}

/** The spec's Flag plus the rule that raised it, the repository it is about and its numbers. */
export interface Flag extends SpecFlag {
  rule: RuleId;
  /** "owner/name" when the flag is about one repository */
  repo?: string;
  /** the claimed project's name when the flag is about one claim */
  project?: string;
  /** the measured numbers behind the message (stable keys, for dashboards and the benchmark) */
  evidence?: Record<string, number | string>;
  /**
   * the finding this flag belongs to (findings.ts): flags that stem from one fact share it, are shown
   * together and weigh once in the score
   */
  finding?: string;
}

/** How a claim was tied to its repository. */
/**
 * How a claim was tied to its repository. The extractor's claims: "link" (the resume links it),
 * "name" (same name), "homepage" (the claim links the repository's homepage or Pages site),
 * "fuzzy" (name words in the description or topics). The repository-first path: "mention" (the
 * resume names one of the candidate's repositories as work outside the projects it extracted).
 */
export type MatchBasis = "link" | "name" | "homepage" | "fuzzy" | "mention";

/** The spec's VerifiedProject (interface.md 2.1): what every stored result's projects carry. */
export interface SpecVerifiedProject {
  name: string;
  /** "github.com/owner/repo" (canonical, after a rename) */
  repoUrl: string;
  /** the candidate's own non-merge, non-bot commits (beyond a fork's parent) */
  commits: number;
  /** true when `commits` is an estimate ("about"): a long history read in pages without GitHub's statistics */
  commitsEstimated?: boolean;
  matchStrength: MatchStrength;
}

/** The spec's VerifiedProject plus how it was matched and the counts behind matchStrength. */
export interface VerifiedProject extends SpecVerifiedProject {
  matchedBy: MatchBasis;
  /** 0..1 similarity of claim and repository (1 for a link) */
  matchScore: number;
  /** all commits on the default branch, any author */
  totalCommits: number;
  /** commits / totalCommits, rounded to 2 decimals (0 when the repository is empty) */
  ownShare: number;
  fork: boolean;
  /** earliest and latest author date of the candidate's examined commits */
  firstCommitAt: string | null;
  lastCommitAt: string | null;
  /** examined commits whose signature GitHub verified: the only binding of a commit to an account */
  signedCommits: number;
  /** claimed technologies found in the repository's languages, topics or manifest dependencies */
  technologiesConfirmed: string[];
  /** highest severity among this repository's flags, or null */
  worstFlag: Severity | null;
}

export interface UnmatchedClaim {
  name: string;
  /** why no repository was accepted, in plain English */
  reason: string;
}

/** One line of the score's arithmetic per claim. */
export interface ClaimScoreLine {
  name: string;
  repo: string | null;
  matchStrength: MatchStrength | null;
  commits: number;
  /** strength weight x activity factor x credibility, 0..1 */
  credit: number;
  /** the claim's weight in the mean: 1, or 0.5 for an unmatched claim without a link */
  weight: number;
  strengthWeight: number;
  activityFactor: number;
  credibility: number;
  /** a flag on the repository discredits most of its history: credit capped at 0.5 (the extent rule) */
  extentCapped?: boolean;
}

/** Why the score is what it is: enough to recompute it by hand. */
export interface ScoreBreakdown {
  /** 100 x weighted mean credit over the claims (mention-only ones excluded) */
  evidence: number;
  /** points taken off for findings that are not about one matched repository, or beyond per-repo credibility */
  penalties: Array<{ rule: RuleId; severity: Severity; repo?: string; finding?: string; points: number }>;
  penaltyTotal: number;
  claims: ClaimScoreLine[];
  /** the share of the claim weight discredited (extent-capped or contradicted claims), 0..1 */
  discreditedShare?: number;
  /** set when half or more of the claim weight is discredited and the score was held at this (the "mixed" band's top) */
  cappedAt?: number;
  /** claimed projects marked "mention only" that were not scored */
  mentionsSkipped: number;
  score: number;
  /** the formula, spelled out for a reader of the result */
  formula: string;
}

export interface AnalysisOutcome {
  confidenceScore: number;
  verifiedProjects: VerifiedProject[];
  flags: Flag[];
  /** the facts behind the flags: one per fact, naming its flags' rules, weighed once (findings.ts) */
  findings: Finding[];
  scoreBreakdown: ScoreBreakdown;
  unmatchedClaims: UnmatchedClaim[];
  /** per matched repository, the candidate's commits as author vs committer date (for the dashboard; not part of the API result) */
  commitTimelines: CommitTimeline[];
  githubCalls: { calls: number; notModified: number };
}

export type AnalysisFailureCode = "github_user_not_found" | "no_projects_found";

/** The analysis could not run at all (the job ends FAILED with this code and message). */
export class AnalysisFailure extends Error {
  constructor(
    readonly code: AnalysisFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "AnalysisFailure";
  }
}

export const SEVERITY_RANK: Record<Severity, number> = { CRITICAL: 0, WARNING: 1, INFO: 2 };
