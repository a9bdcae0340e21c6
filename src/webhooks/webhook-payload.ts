import {
  VERIFICATION_COMPLETED,
  type VerificationCompleted,
  type VerificationResult,
  WEBHOOK_TEST,
  type WebhookTest,
} from "../contract/index.ts";

export { VERIFICATION_COMPLETED, WEBHOOK_TEST } from "../contract/index.ts";

/**
 * The body of a `verification.completed` delivery (contract/webhook-shapes.ts): `event`, then the
 * VerificationResult as recorded, with `timestamp` carrying the completion time (the polled object's
 * `completedAt`, which stays too). Built once when the job ends and stored, so every attempt sends the
 * same bytes.
 */
export function completedPayload(result: VerificationResult): string {
  // a poll's own member, never part of the event
  const { webhookStatus: _polledOnly, ...recorded } = result;
  const payload: VerificationCompleted = { event: VERIFICATION_COMPLETED, ...recorded, timestamp: result.completedAt };
  return JSON.stringify(payload);
}

/** The body of a test delivery. */
export function testPayload(deliveryId: string, clientName: string, now: number): string {
  const payload: WebhookTest = {
    event: WEBHOOK_TEST,
    deliveryId,
    client: clientName,
    timestamp: new Date(now).toISOString(),
    message: "claimcheck test delivery: check the signature, answer 2xx, ignore otherwise",
  };
  return JSON.stringify(payload);
}
