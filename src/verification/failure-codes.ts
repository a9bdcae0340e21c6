import { AnalysisFailure } from "../analysis/index.ts";
import { ForgeRateLimitedError, ForgeUnavailableError } from "../forges/index.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "../github/index.ts";
import { formatMs, JobDeadlineExceeded, PermanentJobError } from "../jobs/index.ts";
import type { FailureCode } from "../lib/index.ts";
import { ResumeError } from "../resume/index.ts";

export interface FailureReason {
  /** one of lib/errors.ts's FAILURE_CODES: a ResumeError's or an AnalysisFailure's code must be one too */
  code: FailureCode;
  message: string;
}

/**
 * The one mapping from what ended a verification to the code and message its FAILED result carries,
 * for the service's jobs and the local `claimcheck verify` alike. Null for anything unexpected (a bug).
 */
export function knownFailure(err: unknown): FailureReason | null {
  if (err instanceof PermanentJobError || err instanceof ResumeError || err instanceof AnalysisFailure)
    return { code: err.code, message: err.message };
  if (err instanceof JobDeadlineExceeded)
    return {
      code: "deadline_exceeded",
      message: `the verification did not finish within JOB_DEADLINE (${formatMs(err.deadlineMs)}) at any of its attempts and was aborted each time; submit it again later (the service log names the job and what it waited for)`,
    };
  if (err instanceof ForgeUnavailableError)
    return {
      code: "host_unavailable",
      message: `${err.host} could not be reached after several retries, or refused the request: ${err.message}`,
    };
  if (err instanceof ForgeRateLimitedError)
    return {
      code: "github_rate_limited",
      message: `${err.message}; set the host's token (GITLAB_TOKEN, or FORGE_HOSTS) or try again after the reset`,
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
