import { type Static, Type } from "@sinclair/typebox";
import { recordedResultMembers } from "./result-shapes.ts";
import { named, open } from "./schema-kit.ts";

/** The one event kind of the interface contract. A FAILED job sends it too, with `status: "FAILED"`. */
export const VERIFICATION_COMPLETED = "verification.completed";
/** Sent only by `claimcheck webhook test`; receivers should answer 2xx and otherwise ignore it. */
export const WEBHOOK_TEST = "webhook.test";

/**
 * The body of a `verification.completed` delivery: `event`, then the result as recorded (as polled, less
 * `webhookStatus`), then `timestamp`, the completion time (the same value as `completedAt`, which stays).
 */
export const VerificationCompletedSchema = named(
  "VerificationCompleted",
  open(
    {
      event: Type.Literal(VERIFICATION_COMPLETED),
      ...recordedResultMembers,
      timestamp: Type.String({ format: "date-time", description: "the completion time (the same as completedAt)" }),
    },
    { description: "the body of a verification.completed delivery" },
  ),
);
export type VerificationCompleted = Static<typeof VerificationCompletedSchema>;

export const WebhookTestSchema = named(
  "WebhookTest",
  open(
    {
      event: Type.Literal(WEBHOOK_TEST),
      deliveryId: Type.String({ description: "the delivery id, also in the webhook-id header" }),
      client: Type.String({ description: "the client's name" }),
      timestamp: Type.String({ format: "date-time", description: "when the test was asked for" }),
      message: Type.String(),
    },
    { description: "the body of a test delivery (claimcheck webhook test, or the dashboard's Send a test)" },
  ),
);
export type WebhookTest = Static<typeof WebhookTestSchema>;
