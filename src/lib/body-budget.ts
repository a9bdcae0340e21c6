import { AppError } from "./errors.ts";

/** Seconds a client is told to wait when the body budget is spent. */
export const BODY_BUDGET_RETRY_AFTER_S = 5;

/** The part of the budget one sender may hold at once (at least one reservation): one tenant never holds all of it. */
export const SENDER_SHARE = 1 / 4;

export function serverBusy(
  message = "too many request bodies are being received at once; nothing was read or stored",
): AppError {
  const s = BODY_BUDGET_RETRY_AFTER_S;
  return new AppError(
    "server_busy",
    503,
    `${message}, retry in ${s} s`,
    { retryAfter: s },
    { "Retry-After": String(s) },
  );
}

/**
 * One global budget for the bytes request bodies may hold in memory while they arrive, all requests
 * together: a reader reserves what it may buffer before reading a byte and gives it back when done,
 * so stalled or slow bodies cannot grow the process without bound. Past the budget a request is
 * refused at once with 503 server_busy and Retry-After.
 *
 * Each request has a sender (its client address, or for an authenticated upload its client), and one
 * sender may hold at most a quarter of the budget (always at least one reservation): a tenant that
 * keeps many slow uploads open is refused beyond its share while the others' requests go on.
 */
export class BodyBudget {
  private used = 0;
  private readonly bySender = new Map<string, number>();
  private readonly senders = new WeakMap<Request, string>();

  constructor(readonly limitBytes: number) {}

  get inFlightBytes(): number {
    return this.used;
  }

  /** What `sender` holds now. */
  heldBy(sender: string): number {
    return this.bySender.get(sender) ?? 0;
  }

  /** Name who sends `request` (a later call, e.g. once the request is authenticated, replaces it). */
  senderIs(request: Request, sender: string): void {
    this.senders.set(request, sender);
  }

  /**
   * Reserve `bytes` for `request` (its sender's share; without one, the global budget only) or throw
   * server_busy; the returned release is idempotent.
   */
  reserve(bytes: number, request?: Request): () => void {
    const n = Math.max(0, Math.ceil(bytes));
    if (this.used + n > this.limitBytes) throw serverBusy();
    const sender = request ? this.senders.get(request) : undefined;
    const held = sender === undefined ? 0 : this.heldBy(sender);
    if (held > 0 && held + n > this.limitBytes * SENDER_SHARE)
      throw serverBusy(
        "this client already has its share of the request bodies being received at once (a quarter of BODY_BUDGET_MB); nothing was read or stored",
      );
    this.used += n;
    if (sender !== undefined) this.bySender.set(sender, held + n);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= n;
      if (sender === undefined) return;
      const left = this.heldBy(sender) - n;
      if (left > 0) this.bySender.set(sender, left);
      else this.bySender.delete(sender);
    };
  }
}
