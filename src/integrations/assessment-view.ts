import { isoOf } from "../lib/index.ts";
import type { Verification } from "../verification/index.ts";
import type { ProfileLinkState, ShownLinks } from "./assessment-links.ts";
import { type Assessment, NO_ACCOUNT_TEXT } from "./types.ts";
import { type AtsVerdict, verdictOf } from "./verdict.ts";

/** What an ATS is shown of one assessment, whichever ATS it is: read from the stored rows. */
export interface AssessmentView {
  state: Assessment["state"];
  /** whether the ATS should treat it as done (a result, or a reason the recruiter must act on) */
  done: boolean;
  /** 0-100 once complete */
  score: number | null;
  verdict: AtsVerdict | null;
  /**
   * the address the ATS shows: the report's share link once complete, else the re-run page; null when
   * none can be shown (no link key, or a link made before links were derived)
   */
  profileUrl: string | null;
  /** whether profileUrl is the report's share link (not the re-run page) */
  profileIsReport: boolean;
  /** the report link's state once complete (revoked, expired, purged... say why it no longer opens) */
  reportLinkState: ProfileLinkState | null;
  /** the outcome in words (no address: those are derived where they are shown) */
  summary: string;
  accounts: string[];
  /** the verification's result was purged: the link no longer opens a report */
  purged: boolean;
  completedAt: string | null;
}

/** What a no-account assessment says (the re-run page is its profile link). */
export const NO_ACCOUNT_SUMMARY = `${NO_ACCOUNT_TEXT}: add one and run it again on the assessment's page`;

/** The view of `a`, with its verification's row (null when it has none, or when it was purged), and its links. */
export function assessmentView(a: Assessment, v: Verification | null, links: ShownLinks): AssessmentView {
  const purged = a.trackingId !== null && v === null && (a.state === "complete" || a.state === "failed");
  const report = a.state === "complete" ? links.report : null;
  const base = {
    state: a.state,
    accounts: a.accounts,
    purged,
    completedAt: v?.completedAt ? isoOf(v.completedAt) : null,
    verdict: null,
    score: null,
    profileUrl: report ?? links.rerun,
    profileIsReport: report !== null,
    reportLinkState: a.state === "complete" ? links.reportState : null,
  };
  if (purged) return { ...base, done: true, summary: "the result was purged (retention)" };
  switch (a.state) {
    case "complete": {
      const result = v?.result ? (JSON.parse(v.result) as { confidenceScore?: number }) : null;
      const verdict = v ? verdictOf(v) : null;
      return {
        ...base,
        done: true,
        score: typeof result?.confidenceScore === "number" ? result.confidenceScore : null,
        verdict,
        summary: verdict ? verdict.label : "verified",
      };
    }
    case "needs_account":
      return { ...base, done: true, summary: NO_ACCOUNT_SUMMARY };
    case "failed":
      return { ...base, done: true, summary: `could not verify: ${a.detail ?? "the verification failed"}` };
    case "cancelled":
      return { ...base, done: true, summary: "cancelled" };
    default:
      return { ...base, done: false, summary: "verification in progress" };
  }
}
