import type { GitHubAnswer } from "../github/index.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "../github/index.ts";
import type { JobHandler, RunningJob } from "../jobs/index.ts";
import { DeferJob, PermanentJobError } from "../jobs/index.ts";
import type { Logger } from "../lib/index.ts";
import { type Clock, sleep, systemClock } from "../lib/index.ts";
import { type ExtractedResume, ResumeError } from "../resume/index.ts";
import type { Transaction } from "../storage/index.ts";
import { VERIFICATION_JOB } from "./acceptance.ts";
import { accountsToRead, type HostAccountRef } from "./accounts-field.ts";
import { failureReason } from "./failure-codes.ts";
import { GitHubWatch } from "./github-watch.ts";
import type { AnalysisPart } from "./result.ts";
import type { VerificationService } from "./verification-service.ts";

/** What readAhead began for one verification, handed to its analyze (opaque to the job). */
export interface ReadAhead {
  readonly hostUsername: string;
}

/** The two halves of a verification, behind an interface so tests and the CLI can swap the edges. */
export interface VerificationSteps {
  /**
   * Begin, while the resume is read, the GitHub reads that need only the login (the account and its
   * listing); the first analyze of the verification takes them up. Undefined: nothing begun.
   */
  readAhead?(input: { hostUsername: string; signal: AbortSignal }): ReadAhead | undefined;
  /** `owner.clientId`: whose resume it is, so the readers are shared fairly between clients */
  extract(pdf: Uint8Array, signal: AbortSignal, owner?: { clientId: string }): Promise<ExtractedResume>;
  analyze(input: {
    /** the GitHub login; "" when only accounts on other hosts were given */
    hostUsername: string;
    /** the candidate's accounts on other hosts (GitLab, Gitea/Forgejo), one per host */
    accounts?: readonly HostAccountRef[];
    resume: ExtractedResume;
    signal: AbortSignal;
    /** told when the GitHub evidence is in and the judging begins */
    onStage?: (stage: "analysing") => void;
    /** told how each GitHub request went (the job shows a GitHub that does not answer, and gives up on it) */
    onGitHub?: (answer: GitHubAnswer) => void;
    /** what readAhead began for this verification (its first analyze only) */
    readAhead?: ReadAhead;
  }): Promise<AnalysisPart>;
  /** release what the steps hold (child processes) at shutdown */
  close?(): Promise<void>;
  /** the last GitHub rate-limit window seen (limit, remaining, resetAt epoch ms), for operators */
  githubRateLimit?(): { limit: number; remaining: number; resetAt: number } | null;
}

/** Extra seconds after GitHub's reset time before trying again, so the new budget is surely there. */
const RATE_RESET_SLACK_MS = 2_000;
/** While GitHub does not answer, the evidence is asked for again after 5, 10, 20, 20 ... s. */
const GITHUB_RETRY_MS = [5_000, 10_000, 20_000] as const;

/**
 * The product pipeline as a job: resume -> claims -> GitHub evidence -> analysis -> one final state.
 * Rate limits defer the job (no attempt spent); a GitHub that does not answer is retried within the
 * attempt, shown in the polled stage, and given up on after GITHUB_GIVE_UP_MS (github_unavailable);
 * unreadable input fails at once with a reason a person can act on. Every wait ends with the job's signal
 * (its deadline, its lease).
 */
export function verificationJobHandler(deps: {
  service: VerificationService;
  steps: VerificationSteps;
  logger: Logger;
  clock?: Clock;
  /** GitHub silent this long: the job fails github_unavailable (default GITHUB_GIVE_UP_MS) */
  githubGiveUpMs?: number;
}): JobHandler<{ trackingId: string }> {
  const { service, logger } = deps;
  const d: JobDeps = { ...deps, clock: deps.clock ?? systemClock };
  return {
    kind: VERIFICATION_JOB,
    async run(job: RunningJob<{ trackingId: string }>) {
      const { trackingId } = job.payload;
      const v = await service.get(trackingId);
      if (!v) throw new PermanentJobError("internal_error", `verification ${trackingId} vanished`);
      if (v.status === "COMPLETED" || v.status === "FAILED") return; // already final: nothing to redo
      await service.markStarted(trackingId);
      try {
        const read = accountsToRead(v.hostUsername, v.accounts);
        return await runSteps(d, trackingId, read.githubLogin, read.accounts, job, v.clientId);
      } catch (err) {
        // an attempt aborted at its deadline may end after the next one began: it leaves the stage alone
        if (!job.signal.aborted) await service.setStage(trackingId, null);
        throw err;
      }
    },
    onFailure(job, err) {
      const { code, message } = failureReason(err);
      logger.warn("verification failed", { trackingId: job.payload.trackingId, code, message });
      return (tx) => service.fail(tx, job.payload.trackingId, code, message);
    },
  };
}

/** What the job's steps use: the service, the two halves, the log, the clock and when to give up on GitHub. */
interface JobDeps {
  service: VerificationService;
  steps: VerificationSteps;
  logger: Logger;
  clock: Clock;
  githubGiveUpMs?: number;
}

/** Extract, then fetch and analyse; resolves to the write of the COMPLETED result. */
async function runSteps(
  d: JobDeps,
  trackingId: string,
  hostUsername: string,
  accounts: HostAccountRef[],
  job: RunningJob<{ trackingId: string }>,
  clientId: string,
) {
  const { service, steps, logger } = d;
  // an attempt aborted at its deadline may end after the next one began: it leaves the stage alone
  const stage = async (s: "extracting" | "fetching" | "analysing") => {
    if (!job.signal.aborted) await service.setStage(trackingId, s); // never rejects
  };
  await stage("extracting");
  const pdf = await service.resume(trackingId);
  if (!pdf)
    throw new PermanentJobError("resume_purged", "the uploaded PDF is no longer stored (retention); submit it again");
  // the account's first round trip goes out beside the reading, not after it
  const readAhead = hostUsername.trim() ? steps.readAhead?.({ hostUsername, signal: job.signal }) : undefined;
  let resume: ExtractedResume;
  try {
    resume = await steps.extract(pdf, job.signal, { clientId });
  } catch (err) {
    if (err instanceof ResumeError) throw new PermanentJobError(err.code, err.message);
    throw err;
  }
  await stage("fetching");
  try {
    const analysis = await fetchAndAnalyse(
      d,
      { trackingId, hostUsername, accounts, resume, readAhead },
      job,
      (s) => void stage(s),
    );
    // the name as read from the resume: an extra member that lets people tell candidates apart
    return (tx: Transaction) =>
      service.complete(tx, trackingId, { ...analysis, candidateName: resume.candidateName ?? null });
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

/**
 * The GitHub half, asked again within the attempt while GitHub does not answer (the polled stage says so
 * and until when), until the watch gives up: then github_unavailable, without further attempts.
 */
async function fetchAndAnalyse(
  d: JobDeps,
  input: {
    trackingId: string;
    hostUsername: string;
    accounts: HostAccountRef[];
    resume: ExtractedResume;
    readAhead: ReadAhead | undefined;
  },
  job: RunningJob<{ trackingId: string }>,
  stage: (s: "analysing") => void,
): Promise<AnalysisPart> {
  const { service, steps, logger } = d;
  const { trackingId, hostUsername, accounts, resume, readAhead } = input;
  const watch = new GitHubWatch({
    clock: d.clock,
    giveUpMs: d.githubGiveUpMs,
    onDetail: (detail) => {
      if (!job.signal.aborted) void service.setStage(trackingId, "fetching", detail); // never rejects
    },
  });
  const signal = AbortSignal.any([job.signal, watch.signal]);
  try {
    for (let retry = 0; ; retry++) {
      try {
        return await steps.analyze({
          hostUsername,
          ...(accounts.length ? { accounts } : {}),
          resume,
          signal,
          onStage: stage,
          onGitHub: watch.report,
          // a retry reads afresh: what was begun may be what failed
          ...(retry === 0 && readAhead ? { readAhead } : {}),
        });
      } catch (err) {
        if (job.signal.aborted) throw job.signal.reason;
        if (watch.signal.aborted) throw watch.signal.reason;
        // GitHub did not answer even after the client's retries: wait and ask again, unless it answered
        if (!(err instanceof GitHubUnavailableError) || !watch.troubled) throw err;
        logger.info("GitHub does not answer; asking again", { trackingId, error: err.message });
        await sleep(GITHUB_RETRY_MS[Math.min(retry, GITHUB_RETRY_MS.length - 1)]!, signal);
      }
    }
  } finally {
    watch.close();
  }
}
