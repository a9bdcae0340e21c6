import { AnalysisFailure } from "../analysis/types.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "../github/types.ts";
import { formatMs, JobDeadlineExceeded, PermanentJobError } from "../jobs/job-errors.ts";
import { ResumeError } from "../resume/types.ts";

export interface FailureReason {
  code: string;
  message: string;
}

/**
 * Every `error.code` a FAILED verification can carry, with when: published in the OpenAPI document.
 * (test/verification/failure-reason.test.ts keeps it complete.)
 */
export const FAILURE_CODES: Readonly<Record<string, string>> = {
  pdf_encrypted: "the PDF is password-protected",
  pdf_no_text: "the PDF has no extractable text (a scan)",
  pdf_corrupt: "the PDF cannot be parsed",
  pdf_too_complex: "the PDF needs more memory than a resume may",
  pdf_timeout: "reading the PDF took longer than a resume may",
  pdf_too_large: "the PDF has more pages or objects than a resume may",
  no_projects_found: "the resume claims no project of the candidate's own",
  github_user_not_found: "GitHub has no user of that name",
  github_unavailable:
    "GitHub could not be reached: it did not answer for 2 minutes (polled meanwhile: stage fetching with stageDetail and giveUpAt), or kept failing over the job's attempts",
  github_rate_limited: "the GitHub rate limit is spent (claimcheck verify only: the service waits for the reset)",
  deadline_exceeded: "every attempt of the verification ran past JOB_DEADLINE and was aborted",
  resume_purged: "the uploaded PDF was deleted (retention) before the job ran",
  worker_crashed: "the service stopped more than 10 times beyond the job's attempts while working on it",
  internal_error: "an unexpected error; the service log has details",
};

/**
 * The one mapping from what ended a verification to the code and message its FAILED result carries,
 * for the service's jobs and the local `claimcheck verify` alike. Null for anything unexpected (a bug).
 */
export function knownFailure(err: unknown): FailureReason | null {
  if (err instanceof PermanentJobError || err instanceof ResumeError || err instanceof AnalysisFailure)
    return { code: err.code, message: err.message };
  if (err instanceof JobDeadlineExceeded)
    return {
      code: err.code,
      message: `the verification did not finish within JOB_DEADLINE (${formatMs(err.deadlineMs)}) at any of its attempts and was aborted each time; submit it again later (the service log names the job and what it waited for)`,
    };
  if (err instanceof GitHubUnavailableError)
    return { code: "github_unavailable", message: `GitHub could not be reached after several retries: ${err.message}` };
  // the service defers a rate-limited job instead of failing it; only a local run ends here
  if (err instanceof GitHubRateLimitedError)
    return {
      code: "github_rate_limited",
      message: `${err.message}; set GITHUB_TOKEN (5,000 requests/h) or try again after the reset`,
    };
  return null;
}

/** What a FAILED result says for `err`: its known reason, else internal_error without the internals. */
export function failureReason(err: unknown): FailureReason {
  return (
    knownFailure(err) ?? {
      code: "internal_error",
      message: "the verification failed unexpectedly; the service log has details",
    }
  );
}
