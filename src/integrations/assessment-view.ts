import { isoOf } from "../lib/index.ts";
import type { Verification } from "../verification/index.ts";
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
  /** the share link of the report once complete; the re-run page while it waits for an account or failed */
  profileUrl: string;
  /** the outcome in words */
  summary: string;
  accounts: string[];
  /** the verification's result was purged: the link no longer opens a report */
  purged: boolean;
  completedAt: string | null;
}

/** The view of `a`, with its verification's row (null when it has none, or when it was purged). */
export function assessmentView(a: Assessment, v: Verification | null): AssessmentView {
  const purged = a.trackingId !== null && v === null && (a.state === "complete" || a.state === "failed");
  const base = {
    state: a.state,
    accounts: a.accounts,
    purged,
    completedAt: v?.completedAt ? isoOf(v.completedAt) : null,
    verdict: null,
    score: null,
  };
  if (purged)
    return {
      ...base,
      done: true,
      profileUrl: a.profileUrl ?? a.rerunUrl,
      summary: "the result was purged (retention)",
    };
  switch (a.state) {
    case "complete": {
      const result = v?.result ? (JSON.parse(v.result) as { confidenceScore?: number }) : null;
      const verdict = v ? verdictOf(v) : null;
      return {
        ...base,
        done: true,
        score: typeof result?.confidenceScore === "number" ? result.confidenceScore : null,
        verdict,
        profileUrl: a.profileUrl ?? a.rerunUrl,
        summary: verdict ? verdict.label : "verified",
      };
    }
    case "needs_account":
      return {
        ...base,
        done: true,
        profileUrl: a.rerunUrl,
        summary: `${NO_ACCOUNT_TEXT}: add one and run it again at ${a.rerunUrl}`,
      };
    case "failed":
      return {
        ...base,
        done: true,
        profileUrl: a.rerunUrl,
        summary: `could not verify: ${a.detail ?? "the verification failed"}`,
      };
    case "cancelled":
      return { ...base, done: true, profileUrl: a.rerunUrl, summary: "cancelled" };
    default:
      return { ...base, done: false, profileUrl: a.rerunUrl, summary: "verification in progress" };
  }
}
