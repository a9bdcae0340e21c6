import { GitHubRateLimitedError } from "../github/types.ts";
import { DeferJob, PermanentJobError } from "../jobs/job-errors.ts";
import type { JobHandler, RunningJob } from "../jobs/job-handler.ts";
import type { Logger } from "../lib/log.ts";
import { type ExtractedResume, ResumeError } from "../resume/types.ts";
import type { Transaction } from "../storage/sql-database.ts";
import { VERIFICATION_JOB } from "./acceptance.ts";
import { failureReason } from "./failure-codes.ts";
import type { AnalysisPart } from "./result.ts";
import type { VerificationService } from "./verification-service.ts";

/** The two halves of a verification, behind an interface so tests and the CLI can swap the edges. */
export interface VerificationSteps {
  extract(pdf: Uint8Array, signal: AbortSignal): Promise<ExtractedResume>;
  analyze(input: {
    hostUsername: string;
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
      const v = await service.get(trackingId);
      if (!v) throw new PermanentJobError("internal_error", `verification ${trackingId} vanished`);
      if (v.status === "COMPLETED" || v.status === "FAILED") return; // already final: nothing to redo
      await service.markStarted(trackingId);
      try {
        return await runSteps(trackingId, v.host_username, job);
      } catch (err) {
        await service.setStage(trackingId, null);
        throw err;
      }
    },
    onFailure(job, err) {
      const { code, message } = failureReason(err);
      logger.warn("verification failed", { trackingId: job.payload.trackingId, code, message });
      return (tx) => service.fail(tx, job.payload.trackingId, code, message);
    },
  };

  async function runSteps(trackingId: string, hostUsername: string, job: RunningJob<{ trackingId: string }>) {
    await service.setStage(trackingId, "extracting");
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
    await service.setStage(trackingId, "fetching");
    try {
      const analysis = await steps.analyze({
        hostUsername,
        resume,
        signal: job.signal,
        onStage: (stage) => void service.setStage(trackingId, stage), // never rejects
      });
      // the name as read from the resume: an extra member that lets people tell candidates apart
      return (tx: Transaction) =>
        service.complete(tx, trackingId, { ...analysis, candidateName: resume.candidateName ?? null });
    } catch (err) {
      if (err instanceof GitHubRateLimitedError) {
        logger.info("GitHub rate limit spent; deferring verification", {
          trackingId,
          until: new Date(err.resetAt).toISOString(),
        });
        throw new DeferJob(err.resetAt + RATE_RESET_SLACK_MS, err.message);
      }
      throw err;
    }
  }
}
