/**
 * Pure login-throttle policy. Failed logins are counted per username and per client address over a
 * sliding window; past the limit the next attempt waits until the oldest counted failure leaves the
 * window. The per-user limit stops guessing one admin's password from many addresses; the looser
 * per-address limit stops one address from spraying many usernames.
 */
export interface ThrottlePolicy {
  windowMs: number;
  maxPerUser: number;
  maxPerAddress: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { windowMs: 15 * 60_000, maxPerUser: 5, maxPerAddress: 20 };

export type ThrottleDecision = { ok: true } | { ok: false; retryAfterSeconds: number; reason: "user" | "address" };

function blockedUntil(failures: readonly number[], max: number, now: number, windowMs: number): number | null {
  const inWindow = failures.filter((t) => t > now - windowMs).sort((a, b) => a - b);
  if (max <= 0 || inWindow.length < max) return null;
  // the attempt is allowed again once enough failures have aged out to leave room for one more
  return inWindow[inWindow.length - max]! + windowMs;
}

/** May a login attempt be checked now? `userFailures`/`addressFailures` are times of recent failures. */
export function decideLoginAttempt(input: {
  now: number;
  userFailures: readonly number[];
  addressFailures: readonly number[];
  policy?: ThrottlePolicy;
}): ThrottleDecision {
  const p = input.policy ?? DEFAULT_THROTTLE;
  const byUser = blockedUntil(input.userFailures, p.maxPerUser, input.now, p.windowMs);
  const byAddress = blockedUntil(input.addressFailures, p.maxPerAddress, input.now, p.windowMs);
  if (byUser === null && byAddress === null) return { ok: true };
  const until = Math.max(byUser ?? 0, byAddress ?? 0);
  return {
    ok: false,
    retryAfterSeconds: Math.max(1, Math.ceil((until - input.now) / 1000)),
    reason: byUser !== null && byUser >= (byAddress ?? 0) ? "user" : "address",
  };
}
