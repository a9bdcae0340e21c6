/**
 * Pure quota and rate-limit policy. The monthly quota counts accepted verifications of the client in
 * the current UTC calendar month; the rate limit counts accepted verifications of one key in the
 * trailing 60 seconds. Both are derived from the verifications table, so there are no counters to drift.
 */
export const RATE_WINDOW_MS = 60_000;

export function monthStartUtc(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function nextMonthStartUtc(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export type LimitDecision =
  | { ok: true; remainingQuota: number | null; remainingRate: number | null }
  | { ok: false; reason: "quota" | "rate"; retryAfterSeconds: number; message: string };

export function decideLimits(input: {
  now: number;
  monthlyQuota: number;
  usedThisMonth: number;
  ratePerMinute: number;
  /** creation times of this key's accepted verifications within the trailing window, ascending */
  recentByKey: number[];
}): LimitDecision {
  const { now } = input;
  if (input.monthlyQuota > 0 && input.usedThisMonth >= input.monthlyQuota) {
    return {
      ok: false,
      reason: "quota",
      retryAfterSeconds: Math.max(1, Math.ceil((nextMonthStartUtc(now) - now) / 1000)),
      message: `monthly quota of ${input.monthlyQuota} verifications used; it resets at ${new Date(nextMonthStartUtc(now)).toISOString()}`,
    };
  }
  const inWindow = input.recentByKey.filter((t) => t > now - RATE_WINDOW_MS);
  if (input.ratePerMinute > 0 && inWindow.length >= input.ratePerMinute) {
    // the oldest request that must leave the window before one more fits
    const oldest = inWindow[inWindow.length - input.ratePerMinute]!;
    return {
      ok: false,
      reason: "rate",
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now) / 1000)),
      message: `rate limit of ${input.ratePerMinute} verifications per minute per key reached`,
    };
  }
  return {
    ok: true,
    remainingQuota: input.monthlyQuota > 0 ? input.monthlyQuota - input.usedThisMonth - 1 : null,
    remainingRate: input.ratePerMinute > 0 ? input.ratePerMinute - inWindow.length - 1 : null,
  };
}
