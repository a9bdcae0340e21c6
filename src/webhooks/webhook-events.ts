import type { AttemptOutcome } from "./attempt-outcome.ts";

/** What the delivery machinery announces, so tests and the dashboard await conditions instead of sleeping. */
export type WebhookEvents = {
  "webhook.enqueued": { deliveryId: string; trackingId: string | null };
  "webhook.attempted": {
    deliveryId: string;
    trackingId: string | null;
    attempt: number;
    outcome: AttemptOutcome;
    statusCode: number | null;
    latencyMs: number;
  };
  "webhook.delivered": { deliveryId: string; trackingId: string | null; attempt: number };
  "webhook.retrying": { deliveryId: string; trackingId: string | null; attempt: number; nextAttemptAt: number };
  "webhook.exhausted": { deliveryId: string; trackingId: string | null; attempt: number };
};

/** The one EventBus method the delivery code needs; any bus whose events include WebhookEvents fits. */
export interface WebhookEmitter {
  emit<K extends keyof WebhookEvents>(name: K, payload: WebhookEvents[K]): void;
}
