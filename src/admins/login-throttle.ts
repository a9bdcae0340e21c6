/**
 * Pure login-throttle policy. Failed logins are counted over a sliding window, three ways:
 * - per username and address: one address guessing one administrator's password is stopped after a
 *   few tries, and only that address is: the administrator still logs in from anywhere else;
 * - per address: one address spraying many usernames is stopped;
 * - per username, all addresses together: once a username has many failures (guessing spread over
 *   many addresses), every address that has failed for it waits a backoff that doubles with each of
 *   its failures. An address that has not failed for it is never held back by this, so the right
 *   password from another address always gets in; a distributed guesser gets about one try per
 *   address and backoff.
 * Past a limit the next attempt waits until the failures that decided it leave the window (or the
 * backoff ends). `claimcheck admin unlock` forgets a username's or an address's failures at once.
 */
export interface ThrottlePolicy {
  windowMs: number;
  /** failures for one username from one address */
  maxPerPair: number;
  /** failures from one address, whatever the usernames */
  maxPerAddress: number;
  /** failures for one username from all addresses after which it is under attack (0: never) */
  userAlarm: number;
  /** under attack, an address that failed for the username waits this long after its last failure, doubled per earlier failure */
  userBackoffMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  maxPerPair: 5,
  maxPerAddress: 20,
  userAlarm: 10,
  userBackoffMs: 60_000,
};

export type ThrottleReason = "pair" | "address" | "user";

export type ThrottleDecision = { ok: true } | { ok: false; retryAfterSeconds: number; reason: ThrottleReason };

/** A username's failed login: when, and from which address (null: not recorded). */
export interface UserFailure {
  at: number;
  address: string | null;
}

function blockedUntil(failures: readonly number[], max: number, now: number, windowMs: number): number | null {
  const inWindow = failures.filter((t) => t > now - windowMs).sort((a, b) => a - b);
  if (max <= 0 || inWindow.length < max) return null;
  // the attempt is allowed again once enough failures have aged out to leave room for one more
  return inWindow[inWindow.length - max]! + windowMs;
}

/** The end of the per-username backoff for `address`, or null when it does not apply. */
function backoffUntil(
  user: readonly UserFailure[],
  pair: readonly number[],
  now: number,
  p: ThrottlePolicy,
): number | null {
  if (p.userAlarm <= 0 || user.length < p.userAlarm || pair.length === 0) return null;
  const last = Math.max(...pair);
  const wait = Math.min(p.windowMs, p.userBackoffMs * 2 ** Math.min(20, pair.length - 1));
  return last + wait > now ? last + wait : null;
}

/**
 * May a login attempt for a username from `address` be checked now? `userFailures` are the username's
 * recent failures from every address, `addressFailures` the times of the address's recent failures.
 */
export function decideLoginAttempt(input: {
  now: number;
  address: string;
  userFailures: readonly UserFailure[];
  addressFailures: readonly number[];
  policy?: ThrottlePolicy;
}): ThrottleDecision {
  const p = input.policy ?? DEFAULT_THROTTLE;
  const recent = input.userFailures.filter((f) => f.at > input.now - p.windowMs);
  const pair = recent.filter((f) => f.address === input.address).map((f) => f.at);
  const until: Array<[ThrottleReason, number | null]> = [
    ["pair", blockedUntil(pair, p.maxPerPair, input.now, p.windowMs)],
    ["address", blockedUntil(input.addressFailures, p.maxPerAddress, input.now, p.windowMs)],
    ["user", backoffUntil(recent, pair, input.now, p)],
  ];
  const blocked = until.filter((u): u is [ThrottleReason, number] => u[1] !== null);
  if (blocked.length === 0) return { ok: true };
  const [reason, latest] = blocked.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((latest - input.now) / 1000)), reason };
}
