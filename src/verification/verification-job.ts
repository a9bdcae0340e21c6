import { GitHubRateLimitedError } from "../github/types.ts";
import { DeferJob, PermanentJobError } from "../jobs/job-errors.ts";
import type { JobHandler, RunningJob } from "../jobs/job-handler.ts";
import type { Logger } from "../lib/log.ts";
import { type ExtractedResume, ResumeError } from "../resume/types.ts";
import { VERIFICATION_JOB } from "./acceptance.ts";
import { type HostAccountRef, storedAccounts } from "./accounts-field.ts";
import { failureReason } from "./failure-codes.ts";
import type { AnalysisPart } from "./result.ts";
import type { VerificationService } from "./verification-service.ts";

/** The two halves of a verification, behind an interface so tests and the CLI can swap the edges. */
export interface VerificationSteps {
  extract(pdf: Uint8Array, signal: AbortSignal): Promise<ExtractedResume>;
  analyze(input: {
    /** the GitHub login; "" when only accounts on other hosts were given */
    hostUsername: string;
    /** the candidate's accounts on other hosts (GitLab, Gitea/Forgejo), one per host */
    accounts?: readonly HostAccountRef[];
    resume: ExtractedResume;
    signal: AbortSignal;
    /** told when the GitHub evidence is in and the judging begins */
    onStage?: (stage: "analysing") => void;
  }): Promise<AnalysisPart>;
  /** release what the steps hold (child processes) at shutdown */
  close?(): Promise<void>;
  /** the last GitHub rate-limit window seen (limit, remaining, resetAt epoch ms), for operators */
  githubRateLimit?(): { limit: number; remaining: number; resetAt: number } | null;
}

/** Extra seconds after GitHub's reset time before trying again, so the new budget is surely there. */
const RATE_RESET_SLACK_MS = 2_000;
/** A whole verification gets this long per attempt before it is abandoned and retried. */
export const VERIFICATION_TIMEOUT_MS = 5 * 60_000;

/**
 * The product pipeline as a job: resume -> claims -> GitHub evidence -> analysis -> one final state.
 * Rate limits defer the job (no attempt spent); GitHub outages retry with backoff; unreadable input fails
 * at once with a reason a person can act on.
 */
export function verificationJobHandler(deps: {
  service: VerificationService;
  steps: VerificationSteps;
  logger: Logger;
}): JobHandler<{ trackingId: string }> {
  const { service, steps, logger } = deps;
  return {
    kind: VERIFICATION_JOB,
    timeoutMs: VERIFICATION_TIMEOUT_MS,
    async run(job: RunningJob<{ trackingId: string }>) {
      const { trackingId } = job.payload;
      const v = service.get(trackingId);
      if (!v) throw new PermanentJobError("internal_error", `verification ${trackingId} vanished`);
      if (v.status === "COMPLETED" || v.status === "FAILED") return; // already final: nothing to redo
      service.markStarted(trackingId);
      try {
        return await runSteps(trackingId, v.host_username, storedAccounts(v.accounts), job);
      } catch (err) {
        service.setStage(trackingId, null);
        throw err;
      }
    },
    onFailure(job, err) {
      const { code, message } = failureReason(err);
      logger.warn("verification failed", { trackingId: job.payload.trackingId, code, message });
      return () => service.fail(job.payload.trackingId, code, message);
    },
  };

  async function runSteps(
    trackingId: string,
    hostUsername: string,
    accounts: HostAccountRef[],
    job: RunningJob<{ trackingId: string }>,
  ) {
    service.setStage(trackingId, "extracting");
    const pdf = await service.resume(trackingId);
    if (!pdf)
      throw new PermanentJobError("resume_purged", "the uploaded PDF is no longer stored (retention); submit it again");
    let resume: ExtractedResume;
    try {
      resume = await steps.extract(pdf, job.signal);
    } catch (err) {
      if (err instanceof ResumeError) throw new PermanentJobError(err.code, err.message);
      throw err;
    }
    service.setStage(trackingId, "fetching");
    try {
      const analysis = await steps.analyze({
        hostUsername,
        ...(accounts.length ? { accounts } : {}),
        resume,
        signal: job.signal,
        onStage: (stage) => service.setStage(trackingId, stage),
      });
      // the name as read from the resume: an extra member that lets people tell candidates apart
      return () => service.complete(trackingId, { ...analysis, candidateName: resume.candidateName ?? null });
    } catch (err) {
      if (err instanceof GitHubRateLimitedError) {
        logger.info("a host's rate limit is spent; deferring verification", {
          trackingId,
          until: new Date(err.resetAt).toISOString(),
        });
        throw new DeferJob(err.resetAt + RATE_RESET_SLACK_MS, err.message);
      }
      throw err;
    }
  }
}
