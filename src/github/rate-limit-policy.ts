/**
 * How a failed GitHub answer is classified, and what the budget headers say. Pure: the client applies
 * the decision (throw, retry, defer).
 */

export interface RateLimitSnapshot {
  limit: number;
  remaining: number;
  /** epoch ms at which the window resets */
  resetAt: number;
}

type HeaderBag = Record<string, string | number | undefined> | Headers;

const header = (h: HeaderBag, name: string): string | undefined => {
  if (h instanceof Headers) return h.get(name) ?? undefined;
  const v = h[name] ?? h[name.toLowerCase()];
  return v === undefined ? undefined : String(v);
};

/**
 * The primary-limit window from x-ratelimit-* headers, or null when they are absent or malformed, or when
 * they are another bucket's than `resource` (x-ratelimit-resource: search answers report search's own
 * 30-a-minute window, which says nothing about the 5,000 an hour).
 */
export function readRateLimit(h: HeaderBag, resource?: string): RateLimitSnapshot | null {
  const named = header(h, "x-ratelimit-resource");
  if (resource !== undefined && named !== undefined && named !== resource) return null;
  const limit = Number(header(h, "x-ratelimit-limit"));
  const remaining = Number(header(h, "x-ratelimit-remaining"));
  const reset = Number(header(h, "x-ratelimit-reset"));
  if (![limit, remaining, reset].every(Number.isFinite) || header(h, "x-ratelimit-remaining") === undefined)
    return null;
  return { limit, remaining, resetAt: reset * 1000 };
}

/** Fallback wait for a secondary limit without retry-after (GitHub: "wait at least one minute"). */
export const SECONDARY_FALLBACK_MS = 60_000;

export type FailureKind =
  /** the primary budget is spent until `resetAt`: defer the job, do not wait in-process */
  | { kind: "primary-limit"; resetAt: number }
  /** a secondary (abuse) limit: short waits may be retried, long ones defer until `resetAt` */
  | { kind: "secondary-limit"; retryAfterMs: number; resetAt: number }
  /** GitHub is failing (5xx, timeouts, connection errors): retry with backoff, then give up */
  | { kind: "unavailable" }
  /** the token was refused */
  | { kind: "bad-credentials" }
  /** an answer the caller must handle or that signals a bug (404, 409, 422 ...) */
  | { kind: "client-error" };

/**
 * Classifies a non-2xx answer the way GitHub documents it: 403/429 with x-ratelimit-remaining 0 is the
 * primary limit (reset from x-ratelimit-reset); 403/429 with retry-after or a "secondary rate limit"
 * message is a secondary limit; 5xx (and status 0/500 for transport errors) is unavailability.
 */
export function classifyFailure(status: number, h: HeaderBag, message: string, now: number): FailureKind {
  if (status === 403 || status === 429) {
    const rate = readRateLimit(h);
    const retryAfter = Number(header(h, "retry-after"));
    const secondary =
      /secondary rate limit/i.test(message) || (Number.isFinite(retryAfter) && header(h, "retry-after") !== undefined);
    if (rate && rate.remaining === 0 && !secondary)
      return { kind: "primary-limit", resetAt: Math.max(rate.resetAt, now) };
    if (secondary) {
      const wait = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : SECONDARY_FALLBACK_MS;
      return { kind: "secondary-limit", retryAfterMs: wait, resetAt: now + wait };
    }
    if (/rate limit/i.test(message))
      return { kind: "primary-limit", resetAt: rate ? Math.max(rate.resetAt, now) : now + SECONDARY_FALLBACK_MS };
    return { kind: "client-error" };
  }
  if (status === 401) return { kind: "bad-credentials" };
  if (status >= 500 || status === 0) return { kind: "unavailable" };
  return { kind: "client-error" };
}
