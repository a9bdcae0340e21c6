import type { FailureCode } from "../lib/errors.ts";

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
