import type { AssessmentView } from "../assessment-view.ts";

/** Greenhouse's test_status answer: a status, the profile link, a number, flat primitive metadata. */
export interface GreenhouseStatus {
  partner_status: string;
  partner_profile_url: string | null;
  partner_score: number | null;
  metadata: Record<string, string | number | boolean | null>;
}

/**
 * "complete" ends Greenhouse's polling and shows the result; it is sent for every outcome a recruiter
 * must see (a result, no account on the resume, a failure), each with a profile URL that opens without a
 * login: the report's share link, or the page where the recruiter adds an account and runs it again.
 */
export function greenhouseStatus(v: AssessmentView): GreenhouseStatus {
  const metadata: GreenhouseStatus["metadata"] = { Result: v.summary };
  if (v.verdict) {
    metadata.Verdict = v.verdict.label;
    metadata["Verdict Code"] = v.verdict.code;
  }
  if (v.score !== null) metadata.Score = v.score;
  if (v.accounts.length) metadata.Accounts = v.accounts.join(", ");
  if (v.completedAt) metadata["Completed At"] = v.completedAt;
  if (v.reportLinkState && v.reportLinkState !== "live") metadata["Report Link"] = v.reportLinkState;
  return {
    partner_status: v.done ? "complete" : "in_progress",
    partner_profile_url: v.profileUrl,
    partner_score: v.score,
    metadata,
  };
}
