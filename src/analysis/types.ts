/**
 * The analysis result model: what runAnalysis returns and the verification pipeline stores. The shapes
 * of projects, flags and the score's arithmetic are the published contract's (contract/analysis-shapes.ts,
 * where a member is added in one line); the types here name them as the analysis makes them.
 */

import type {
  AnalysedProject,
  ClaimScoreLine,
  RuleId as ContractRuleId,
  Extraction,
  FINDING_FACTS,
  FindingShape,
  MATCH_BASES,
  MATCH_STRENGTHS,
  RaisedFlag,
  RuleIdOf,
  ScoreBreakdown,
  SEVERITIES,
  UnmatchedClaim,
} from "../contract/index.ts";
import type { CommitTimeline } from "./commit-timeline.ts";

export type Severity = (typeof SEVERITIES)[number];
export type MatchStrength = (typeof MATCH_STRENGTHS)[number];
/** The forensic rules (published in the contract's `forensic` list), about a repository's history. */
export type ForensicRuleId = RuleIdOf<"forensic">;
/** Flags about the resume and the matching rather than a repository's history. */
export type ClaimRuleId = RuleIdOf<"claim">;
/** Every rule id: one per spec file (src/analysis/rules/specs/<rule-id>.ts declares it). */
export type RuleId = ContractRuleId;

/** The facts that group several rules into one finding (contract/analysis-shapes.ts lists them). */
export type FactId = (typeof FINDING_FACTS)[number];
/** One fact behind one or more flags, as published (contract/analysis-shapes.ts: id, fact, severity, rules, words). */
export type Finding = FindingShape;

/** A flag the analysis raises: the contract's severity and message, its rule, and what it is about. */
export type Flag = RaisedFlag;

/** How a claim was tied to its repository. */
export type MatchBasis = (typeof MATCH_BASES)[number];

/** A verified project as the analysis makes it: the contract's four members plus the evidence behind them. */
export type VerifiedProject = AnalysedProject;

export type { ClaimScoreLine, ScoreBreakdown, UnmatchedClaim };

export interface AnalysisOutcome {
  confidenceScore: number;
  verifiedProjects: VerifiedProject[];
  flags: Flag[];
  /** the facts behind the flags: one per fact, naming its flags' rules, weighed once (findings.ts) */
  findings: Finding[];
  scoreBreakdown: ScoreBreakdown;
  unmatchedClaims: UnmatchedClaim[];
  /** how the resume was read (its confidence, and whether it was matched repository-first); absent from older extractions */
  extraction?: Extraction;
  /** per matched repository, the candidate's commits as author vs committer date (for the dashboard; not part of the API result) */
  commitTimelines: CommitTimeline[];
  githubCalls: { calls: number; notModified: number };
}

export type AnalysisFailureCode = "github_user_not_found" | "account_not_found" | "no_projects_found";

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
