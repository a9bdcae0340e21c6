import type { BodyBudget } from "./body-budget.ts";
import { AppError } from "./errors.ts";

/** Timers are a dependency, so a test can fire a body timeout without waiting for it. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** What every body reader shares: the global body budget, how long a body may stall, the timers. */
export interface BodyLimits {
  budget: BodyBudget;
  idleTimeoutMs: number;
  timers?: Timers;
}

export interface BodyReadOptions {
  /** refuse with `tooLarge()` as soon as more than this has arrived */
  maxBytes: number;
  tooLarge: () => AppError;
  /** the body is abandoned (408) when no byte arrives for this long */
  idleTimeoutMs: number;
  /** and, when set, when the whole of it has not arrived this long after the first read (a trickle) */
  deadlineMs?: number;
  timers?: Timers;
}

export function bodyTimeout(idleTimeoutMs: number): AppError {
  return new AppError(
    "request_timeout",
    408,
    `the request body stopped arriving (nothing for ${Math.round(idleTimeoutMs / 1000)} s); send it again`,
    {},
    { connection: "close" },
  );
}

function bodyTooSlow(deadlineMs: number): AppError {
  return new AppError(
    "request_timeout",
    408,
    `the request body did not arrive within ${Math.round(deadlineMs / 1000)} s; send it again`,
    {},
    { connection: "close" },
  );
}

/** The client closed its connection before its body was whole: nobody reads the answer, nothing is kept. */
export const CLIENT_CLOSED = "client_closed_request";

export function clientClosed(): AppError {
  return new AppError(
    CLIENT_CLOSED,
    400,
    "the client closed the connection before the request body arrived; nothing was stored",
    {},
    { connection: "close" },
  );
}

/** A read of the body that failed: ours (a timeout, an AppError) as it is, the runtime's (the socket went away) as clientClosed. */
function readFailure(err: unknown): unknown {
  return err instanceof AppError ? err : clientClosed();
}

/**
 * The request body chunk by chunk, as it arrives: counted against `maxBytes`, and abandoned when it
 * stops arriving for `idleTimeoutMs` (or is not complete by `deadlineMs`). Stopping early (an error, or the consumer leaving the loop)
 * cancels the stream, so the runtime stops reading the socket.
 */
export async function* bodyChunks(request: Request, o: BodyReadOptions): AsyncGenerator<Uint8Array> {
  if (!request.body) return;
  const timers = o.timers ?? realTimers;
  const reader = request.body.getReader();
  let total = 0;
  let done = false;
  let deadlineHandle: unknown;
  // the deadline rejects the read in progress when it passes; each read waits on its own fresh promise,
  // never on one that lives as long as the body (every race on it would keep its chunk reachable until then)
  let deadlinePassed: AppError | null = null;
  let rejectRead: ((e: AppError) => void) | null = null;
  if (o.deadlineMs !== undefined) {
    const ms = o.deadlineMs;
    deadlineHandle = timers.setTimeout(() => {
      deadlinePassed = bodyTooSlow(ms);
      rejectRead?.(deadlinePassed);
    }, ms);
  }
  try {
    for (;;) {
      if (deadlinePassed) throw deadlinePassed;
      let handle: unknown;
      const timeout = new Promise<never>((_, reject) => {
        rejectRead = reject;
        handle = timers.setTimeout(() => reject(bodyTimeout(o.idleTimeoutMs)), o.idleTimeoutMs);
      });
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await Promise.race([reader.read(), timeout]);
      } catch (err) {
        throw readFailure(err);
      } finally {
        rejectRead = null;
        timers.clearTimeout(handle);
      }
      if (next.done) {
        done = true;
        return;
      }
      total += next.value.byteLength;
      if (total > o.maxBytes) throw o.tooLarge();
      yield next.value;
    }
  } finally {
    if (deadlineHandle !== undefined) timers.clearTimeout(deadlineHandle);
    if (!done) await reader.cancel().catch(() => {});
  }
}

/** The whole (small) body in memory, within `maxBytes`. */
export async function readSmallBody(request: Request, o: BodyReadOptions): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const c of bodyChunks(request, o)) chunks.push(c);
  return Buffer.concat(chunks);
}
