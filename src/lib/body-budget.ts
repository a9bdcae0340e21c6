import { AppError } from "./errors.ts";

/** Seconds a client is told to wait when the body budget is spent. */
export const BODY_BUDGET_RETRY_AFTER_S = 5;

export function serverBusy(): AppError {
  const s = BODY_BUDGET_RETRY_AFTER_S;
  return new AppError(
    "server_busy",
    503,
    `too many request bodies are being received at once; nothing was read or stored, retry in ${s} s`,
    { retryAfter: s },
    { "Retry-After": String(s) },
  );
}

/**
 * One global budget for the bytes request bodies may hold in memory while they arrive, all requests
 * together: a reader reserves what it may buffer before reading a byte and gives it back when done,
 * so stalled or slow bodies cannot grow the process without bound. Past the budget a request is
 * refused at once with 503 server_busy and Retry-After.
 */
export class BodyBudget {
  private used = 0;

  constructor(readonly limitBytes: number) {}

  get inFlightBytes(): number {
    return this.used;
  }

  /** Reserve `bytes` or throw server_busy; the returned release is idempotent. */
  reserve(bytes: number): () => void {
    const n = Math.max(0, Math.ceil(bytes));
    if (this.used + n > this.limitBytes) throw serverBusy();
    this.used += n;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= n;
    };
  }
}
