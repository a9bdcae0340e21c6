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

/** Thrown by a handler when retrying cannot help: the job fails at once with this reason. */
export class PermanentJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "PermanentJobError";
  }
}
