import type { SpecFlag, SpecVerifiedProject } from "../analysis/types.ts";

/**
 * The spec's VerificationResult (interface.md 2.1) plus documented extra members (objects may carry more
 * members than these). Projects and flags are typed by their spec fields, defined once with the
 * analysis (analysis/types.ts), which adds the extras that explain them.
 */
export interface VerificationResult {
  trackingId: string;
  hostUsername: string;
  confidenceScore: number;
  status: "COMPLETED" | "FAILED";
  verifiedProjects: SpecVerifiedProject[];
  flags: SpecFlag[];
  completedAt: string;
  createdAt: string;
  /** FAILED only: why the analysis could not run, with a code a program can switch on */
  error?: { code: string; message: string };
  /**
   * COMPLETED with PUBLIC_URL set: the address of a read-only share link to the recruiter's report
   * (HTML, with its PDF at reportUrl + "/report.pdf"), working for REPORT_LINK_TTL (default 14 days)
   */
  reportUrl?: string;
  /** delivery state of the job's webhook, added when polled (webhooks/) */
  webhookStatus?: "pending" | "retrying" | "delivered" | "webhook_failed" | "not_configured";
  [extra: string]: unknown;
}

/** What the analysis contributes to a COMPLETED result (everything but identity and timestamps). */
export interface AnalysisPart {
  confidenceScore: number;
  verifiedProjects: SpecVerifiedProject[];
  flags: SpecFlag[];
  /** stored beside the result for the dashboard's pictures, never sent in it */
  commitTimelines?: unknown;
  [extra: string]: unknown;
}

/** What a processing job is doing, shown as the extra member `stage` while it is polled. */
export const STAGES = ["extracting", "fetching", "analysing"] as const;
export type Stage = (typeof STAGES)[number];

/** A job before its final state, as polled. */
export interface PendingJobView {
  trackingId: string;
  hostUsername: string;
  status: "queued" | "processing";
  createdAt: string;
  stage?: Stage;
  [extra: string]: unknown;
}
