import type { PendingJob, VerificationResult } from "../contract/index.ts";

/**
 * A verification's published shapes are the contract's (contract/result-shapes.ts): the result as
 * recorded, polled and sent by webhook, and a job before its final state. These are their names here.
 */
export type { Stage, VerificationResult, WebhookStatus } from "../contract/index.ts";
export { STAGES } from "../contract/index.ts";

/** A job before its final state, as polled. */
export type PendingJobView = PendingJob;

/**
 * What the analysis contributes to a COMPLETED result (everything but identity and timestamps): the
 * contract's score, projects and flags (docs/api.md), and the members the analysis adds to explain them.
 */
export type AnalysisPart = Pick<VerificationResult, "confidenceScore" | "verifiedProjects" | "flags"> &
  Partial<Pick<VerificationResult, "scoreBreakdown" | "unmatchedClaims" | "candidateName" | "extraction">> & {
    /** stored beside the result for the dashboard's pictures, never sent in it */
    commitTimelines?: unknown;
  };
