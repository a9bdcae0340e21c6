import type { VerificationResult } from "../verification/result.ts";

/** The one event kind of the spec (section 6). A FAILED job sends it too, with `status: "FAILED"`. */
export const VERIFICATION_COMPLETED = "verification.completed";
/** Sent only by `claimcheck webhook test`; receivers should answer 2xx and otherwise ignore it. */
export const WEBHOOK_TEST = "webhook.test";

/**
 * The body of a `verification.completed` delivery: `event`, then the VerificationResult as polled, with
 * `timestamp` carrying the completion time (the polled object's `completedAt`, which stays too). Built
 * once when the job ends and stored, so every attempt sends the same bytes.
 */
export function completedPayload(result: VerificationResult): string {
  return JSON.stringify({ event: VERIFICATION_COMPLETED, ...result, timestamp: result.completedAt });
}

/** The body of a test delivery. */
export function testPayload(deliveryId: string, clientName: string, now: number): string {
  return JSON.stringify({
    event: WEBHOOK_TEST,
    deliveryId,
    client: clientName,
    timestamp: new Date(now).toISOString(),
    message: "claimcheck test delivery: check the signature, answer 2xx, ignore otherwise",
  });
}
