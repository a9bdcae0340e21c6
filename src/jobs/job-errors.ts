import type { FailureCode } from "../lib/index.ts";

/** Thrown by a handler to run the job again later without counting an attempt (e.g. a rate limit). */
export class DeferJob extends Error {
  constructor(
    readonly until: number,
    reason: string,
  ) {
    super(reason);
    this.name = "DeferJob";
  }
}

/** Thrown by a handler when retrying cannot help: the job fails at once with this reason (lib/errors.ts lists the codes). */
export class PermanentJobError extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/** The job's lease lapsed or was taken over: this worker's outcome must not be written (internal to the worker). */
export class LeaseLost extends Error {}

/**
 * Runs cut short by a crash (a lapsed lease) count as attempts but are not the job's fault, so they get
 * this much room beyond maxAttempts; a job claimed more often than that is taking the service down with
 * it each time and is failed instead of run again.
 */
export const CRASH_ALLOWANCE = 10;

/**
 * The job ran past its deadline (JOB_DEADLINE): the worker aborted it, freed its slot, and retries it with
 * backoff, or fails it with code deadline_exceeded once its attempts are spent.
 */
export class JobDeadlineExceeded extends Error {
  readonly code = "deadline_exceeded";
  constructor(readonly deadlineMs: number) {
    super(`the job did not finish within its deadline (${formatMs(deadlineMs)})`);
    this.name = "JobDeadlineExceeded";
  }
}

/** 90000 -> "1m30s", 1500 -> "1.5s": durations in messages, in the unit a setting is written in. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10}s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return s === 0 ? `${m}m` : `${m}m${s}s`;
}
