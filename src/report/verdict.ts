import {
  type FindingShape,
  VERDICTS,
  type Verdict,
  type VerdictCode,
  type VerificationResult,
} from "../contract/index.ts";
import { claimsOf } from "./claim-inputs.ts";
import { findingTitle } from "./findings.ts";
import type { ClaimReport } from "./report-model.ts";
import { readStoredVerification, type StoredVerification } from "./stored-result.ts";

/** The score bands: 70 and up reads backed, 41 and up partly backed (the analysis holds a discredited resume at 69). */
const STRONG = 70;
const MIXED = 41;

/** A verdict code with its words (contract/result-shapes.ts VERDICTS). */
export function verdictNamed(code: VerdictCode): Verdict {
  return { code, label: VERDICTS[code] };
}

/**
 * The verdict on a whole verification, from its claims as the report states them: the score's band, except
 * where the band would mislead a reader. A result that recorded its verdict keeps it, so every face of one
 * result says the same thing even after these rules change.
 */
export function verdictOfVerification(v: StoredVerification, claims: readonly ClaimReport[]): Verdict {
  if (v.verdict) return verdictNamed(v.verdict);
  if (v.status === "FAILED") return verdictNamed("not_verified");
  if (claims.some((c) => c.status === "contradicted") || v.flags.some((f) => f.severity === "CRITICAL"))
    return verdictNamed("contradicted");
  const backed = claims.filter((c) => c.status === "backed" || c.status === "questions").length;
  const notOwn = claims.some((c) => c.status === "not-own-work");
  if (backed === 0 && notOwn) return verdictNamed("not_own_work");
  if (claims.length > 0 && claims.every((c) => c.status === "not-checked")) return verdictNamed("not_checked");
  if (v.confidenceScore >= STRONG && !notOwn) return verdictNamed("backed");
  // a low score with some claims backed reads "partly backed": "mostly not backed" would hide the backed ones
  return verdictNamed(v.confidenceScore >= MIXED || backed > 0 ? "partly_backed" : "mostly_unbacked");
}

const IDENTITY = { trackingId: "", hostUsername: "" };

/**
 * THE verdict of a final result (as stored, polled or sent by webhook; parsed JSON): its recorded `verdict`,
 * or, for a result recorded without one, the verdict computed from its claims. Every face (the API, the
 * webhook, the CLI, the dashboard, the share page, the PDF, the demo) reads it through this function.
 */
export function verdictOfResult(result: unknown): Verdict {
  const v = readStoredVerification(result, [], IDENTITY);
  return verdictOfVerification(v, claimsOf(v).claims);
}

/**
 * The members a final result is recorded with for people and programs reading it: its verdict, and its
 * findings titled in the report's words (what a recruiter reads, never a rule's name).
 */
export function resultWords(result: {
  readonly findings?: readonly FindingShape[];
}): { verdict: Verdict } & Pick<VerificationResult, "findings"> {
  const findings = result.findings?.map((f) => ({ ...f, title: findingTitle(f.fact, f.rules) }));
  return { verdict: verdictOfResult({ ...result, verdict: undefined }), ...(findings ? { findings } : {}) };
}
