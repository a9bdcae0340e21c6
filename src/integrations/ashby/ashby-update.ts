import type { AssessmentView } from "../assessment-view.ts";

/** One typed value of an assessment.update (Ashby's identifier/label/type/value form). */
export interface AshbyField {
  identifier: string;
  label: string;
  type: "numeric_score" | "numeric_duration_minutes" | "url" | "string" | "boolean_success";
  value: string | number | boolean;
  description?: string;
}

export interface AshbyUpdate {
  assessment_id: string;
  timestamp: number;
  assessment_status?: AshbyField;
  assessment_result?: AshbyField;
  assessment_profile_url?: AshbyField;
  cancelled_reason?: AshbyField;
  metadata: AshbyField[];
}

const STATUS: Record<AssessmentView["state"], string> = {
  queued: "Started",
  needs_account: "Needs an account",
  complete: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

/**
 * The assessment.update for a view, as it is queued: the status ("Started" when a verification is queued,
 * so Ashby records the start); once done, the result (the score as numeric_score, or the reason in words);
 * the score and the verdict again as typed metadata. No address: the profile link is added as the update
 * is sent (withProfileLink), so no queued update holds a link's token. `timestamp` is chosen by the
 * caller, after every earlier one of the assessment.
 */
export function ashbyUpdate(id: string, v: AssessmentView, timestamp: number): AshbyUpdate {
  const status: AshbyField = { identifier: "status", label: "Status", type: "string", value: STATUS[v.state] };
  const metadata: AshbyField[] = [];
  if (v.score !== null)
    metadata.push({ identifier: "score", label: "Score", type: "numeric_score", value: v.score, description: "0-100" });
  if (v.verdict) {
    metadata.push({ identifier: "verdict", label: "Verdict", type: "string", value: v.verdict.label });
    metadata.push({ identifier: "verdict_code", label: "Verdict code", type: "string", value: v.verdict.code });
  }
  if (v.accounts.length)
    metadata.push({ identifier: "accounts", label: "Accounts", type: "string", value: v.accounts.join(", ") });
  if (!v.done) return { assessment_id: id, timestamp, assessment_status: status, metadata };
  const result: AshbyField =
    v.score !== null
      ? { identifier: "result", label: "Score", type: "numeric_score", value: v.score }
      : { identifier: "result", label: "Result", type: "string", value: v.summary };
  return { assessment_id: id, timestamp, assessment_status: status, assessment_result: result, metadata };
}

/**
 * A queued update as it is sent: with a result, the profile URL Ashby requires beside it (the report's
 * share link, or the re-run page) and the same address as url metadata, with the report link's state
 * when it no longer opens the report. Without an address (none can be derived) the update goes as it is.
 */
export function withProfileLink(
  u: AshbyUpdate,
  v: Pick<AssessmentView, "profileUrl" | "profileIsReport" | "reportLinkState">,
): AshbyUpdate {
  if (!u.assessment_result || !v.profileUrl) return u;
  const label = v.profileIsReport ? "Report" : "Add an account and run again";
  const metadata = u.metadata.filter((m) => m.type !== "url" && m.identifier !== "report_link_state");
  metadata.push({
    identifier: v.profileIsReport ? "report_url" : "rerun_url",
    label,
    type: "url",
    value: v.profileUrl,
  });
  if (v.reportLinkState && v.reportLinkState !== "live")
    metadata.push({ identifier: "report_link_state", label: "Report link", type: "string", value: v.reportLinkState });
  return {
    ...u,
    assessment_profile_url: { identifier: "profile_url", label, type: "url", value: v.profileUrl },
    metadata,
  };
}
