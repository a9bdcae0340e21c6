/**
 * A stored verification result read defensively: the report is built from results written by this
 * version or an earlier one, so every member is checked before it is used and anything missing reads
 * as absent, never as a crash. Only the fields the report needs are kept.
 */

import { VERDICTS, type VerdictCode } from "../contract/index.ts";

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export type SeverityWord = "CRITICAL" | "WARNING" | "INFO";
const severity = (v: unknown): SeverityWord => (v === "CRITICAL" || v === "WARNING" || v === "INFO" ? v : "WARNING");

export interface StoredFlag {
  severity: SeverityWord;
  message: string;
  /** the rule id; "" for a flag written without one */
  rule: string;
  repo: string | null;
  project: string | null;
  /** flags raised by the same fact share a group id (an extra member some results carry) */
  group: string | null;
  evidence: Record<string, number | string>;
}

export interface StoredProject {
  name: string;
  /** host/owner/name: github.com/owner/name, gitlab.com/group/project ... */
  repoUrl: string;
  commits: number;
  commitsEstimated: boolean;
  matchStrength: "HIGH" | "MEDIUM" | "LOW" | null;
  matchedBy: string | null;
  totalCommits: number | null;
  fork: boolean;
  firstCommitAt: string | null;
  lastCommitAt: string | null;
  signedCommits: number | null;
  technologiesConfirmed: string[];
  /** how the resume named it: the shape that found it ("entry", ..., "repository-first"), or null in older results */
  foundBy: string | null;
}

/** How the resume was read, as the result records it (older results: absent). */
export interface StoredExtraction {
  confidence: number;
  lowConfidence: boolean;
  repositoryFirst: boolean;
  reasons: string[];
}

export interface StoredClaimLine {
  name: string;
  repo: string | null;
  matchStrength: string | null;
  commits: number;
  credit: number;
  weight: number;
  strengthWeight: number;
  activityFactor: number;
  credibility: number;
  extentCapped: boolean;
}

export interface StoredBreakdown {
  evidence: number;
  penaltyTotal: number;
  score: number;
  formula: string | null;
  claims: StoredClaimLine[];
  penalties: Array<{ rule: string; severity: string; repo: string | null; points: number }>;
  mentionsSkipped: number;
}

export interface StoredTimeline {
  repo: string;
  repoCreatedAt: string | null;
  accountCreatedAt: string | null;
}

/** What the report reads of one final verification. */
export interface StoredVerification {
  trackingId: string;
  /** the verdict the result was recorded with (results recorded before verdicts were: null) */
  verdict: VerdictCode | null;
  hostUsername: string;
  /** the accounts on other hosts, host:username (absent from older results: none) */
  accounts: string[];
  status: "COMPLETED" | "FAILED";
  candidateName: string | null;
  confidenceScore: number;
  createdAt: string | null;
  completedAt: string | null;
  error: { code: string; message: string } | null;
  projects: StoredProject[];
  flags: StoredFlag[];
  breakdown: StoredBreakdown | null;
  unmatched: Array<{ name: string; reason: string }>;
  extraction: StoredExtraction | null;
  timelines: StoredTimeline[];
}

function flagOf(f: Json): StoredFlag {
  const evidence: Record<string, number | string> = {};
  if (isObj(f.evidence))
    for (const [k, v] of Object.entries(f.evidence))
      if (typeof v === "number" || typeof v === "string") evidence[k] = v;
  return {
    severity: severity(f.severity),
    message: str(f.message) ?? "",
    rule: str(f.rule) ?? "",
    repo: str(f.repo),
    project: str(f.project),
    // the analysis's finding id: flags of one fact share it (older results carry none)
    group: str(f.finding) ?? str(f.group),
    evidence,
  };
}

function projectOf(p: Json): StoredProject {
  const strength = p.matchStrength === "HIGH" || p.matchStrength === "MEDIUM" || p.matchStrength === "LOW";
  return {
    name: str(p.name) ?? "(unnamed project)",
    repoUrl: str(p.repoUrl) ?? "",
    commits: num(p.commits) ?? 0,
    commitsEstimated: p.commitsEstimated === true,
    matchStrength: strength ? (p.matchStrength as "HIGH" | "MEDIUM" | "LOW") : null,
    matchedBy: str(p.matchedBy),
    totalCommits: num(p.totalCommits),
    fork: p.fork === true,
    firstCommitAt: str(p.firstCommitAt),
    lastCommitAt: str(p.lastCommitAt),
    signedCommits: num(p.signedCommits),
    technologiesConfirmed: Array.isArray(p.technologiesConfirmed)
      ? p.technologiesConfirmed.filter((t): t is string => typeof t === "string")
      : [],
    foundBy: isObj(p.foundBy) ? str(p.foundBy.shape) : null,
  };
}

function extractionOf(e: unknown): StoredExtraction | null {
  if (!isObj(e)) return null;
  return {
    confidence: num(e.confidence) ?? 0,
    lowConfidence: e.lowConfidence === true,
    repositoryFirst: e.repositoryFirst === true,
    reasons: Array.isArray(e.reasons) ? e.reasons.filter((x): x is string => typeof x === "string" && x !== "") : [],
  };
}

function breakdownOf(b: unknown): StoredBreakdown | null {
  if (!isObj(b)) return null;
  return {
    evidence: num(b.evidence) ?? 0,
    penaltyTotal: num(b.penaltyTotal) ?? 0,
    score: num(b.score) ?? 0,
    formula: str(b.formula),
    mentionsSkipped: num(b.mentionsSkipped) ?? 0,
    claims: list(b.claims).map((c) => ({
      name: str(c.name) ?? "(unnamed project)",
      repo: str(c.repo),
      matchStrength: str(c.matchStrength),
      commits: num(c.commits) ?? 0,
      credit: num(c.credit) ?? 0,
      weight: num(c.weight) ?? 1,
      strengthWeight: num(c.strengthWeight) ?? 0,
      activityFactor: num(c.activityFactor) ?? 0,
      credibility: num(c.credibility) ?? 0,
      extentCapped: c.extentCapped === true,
    })),
    penalties: list(b.penalties).map((p) => ({
      rule: str(p.rule) ?? "",
      severity: str(p.severity) ?? "",
      repo: str(p.repo),
      points: num(p.points) ?? 0,
    })),
  };
}

/**
 * The report's view of a final verification, from its stored result JSON (parsed) and the per-repository
 * timelines stored beside it. `fallback` supplies identity when an old result lacks it.
 */
export function readStoredVerification(
  result: unknown,
  timelines: unknown,
  fallback: { trackingId: string; hostUsername: string },
): StoredVerification {
  const r = isObj(result) ? result : {};
  const error = isObj(r.error) ? { code: str(r.error.code) ?? "error", message: str(r.error.message) ?? "" } : null;
  const code = isObj(r.verdict) ? str(r.verdict.code) : null;
  return {
    trackingId: str(r.trackingId) ?? fallback.trackingId,
    verdict: code !== null && Object.hasOwn(VERDICTS, code) ? (code as VerdictCode) : null,
    // "" is a value: the verification named accounts on other hosts only
    hostUsername: typeof r.hostUsername === "string" ? r.hostUsername : fallback.hostUsername,
    accounts: Array.isArray(r.accounts) ? r.accounts.filter((a): a is string => typeof a === "string") : [],
    status: r.status === "FAILED" ? "FAILED" : "COMPLETED",
    candidateName: str(typeof r.candidateName === "string" ? r.candidateName.trim() : null),
    confidenceScore: num(r.confidenceScore) ?? 0,
    createdAt: str(r.createdAt),
    completedAt: str(r.completedAt),
    error,
    projects: list(r.verifiedProjects).map(projectOf),
    flags: list(r.flags).map(flagOf),
    breakdown: breakdownOf(r.scoreBreakdown),
    unmatched: list(r.unmatchedClaims).map((u) => ({
      name: str(u.name) ?? "(unnamed project)",
      reason: str(u.reason) ?? "no matching repository",
    })),
    extraction: extractionOf(r.extraction),
    timelines: list(timelines).map((t) => ({
      repo: str(t.repo) ?? "",
      repoCreatedAt: str(t.repoCreatedAt),
      accountCreatedAt: str(t.accountCreatedAt),
    })),
  };
}
