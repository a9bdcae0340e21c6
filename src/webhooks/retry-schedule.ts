import type { WebhookStatus } from "../contract/index.ts";

/**
 * The delivery retry policy, pure: no clock, no IO. The schedule is data (WEBHOOK_RETRY_SCHEDULE,
 * default 1m,5m,30m,2h,8h): after the n-th consecutive failure the next attempt waits schedule[n-1],
 * counted from that failure; when the failure after the last delay arrives, delivery is exhausted.
 */
export type AfterFailure = { kind: "retry"; at: number; delayMs: number } | { kind: "exhausted" };

/**
 * What happens after a failed attempt. `failuresInRound` counts this failure too (1 after the first
 * failed attempt); `failedAt` is when the failure was observed.
 */
export function afterFailure(failuresInRound: number, schedule: readonly number[], failedAt: number): AfterFailure {
  if (!Number.isInteger(failuresInRound) || failuresInRound < 1)
    throw new RangeError(`failuresInRound must be a positive integer, got ${failuresInRound}`);
  const delayMs = schedule[failuresInRound - 1];
  if (delayMs === undefined) return { kind: "exhausted" };
  return { kind: "retry", at: failedAt + delayMs, delayMs };
}

/** Attempts a delivery gets in one round: the first one plus one per scheduled retry (6 by default). */
export function attemptsPerRound(schedule: readonly number[]): number {
  return schedule.length + 1;
}

/** Stored delivery states. */
export type DeliveryState = "pending" | "retrying" | "delivered" | "failed";

/** The polled `webhookStatus` (docs/api.md): `status` keeps the contract's values, delivery has its own member. */
export type { WebhookStatus };

export function webhookStatusOf(state: DeliveryState | null): WebhookStatus {
  switch (state) {
    case null:
      return "not_configured";
    case "failed":
      return "webhook_failed";
    default:
      return state;
  }
}
