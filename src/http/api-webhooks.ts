import type { TSchema } from "@sinclair/typebox";
import { SETTINGS } from "../config/index.ts";
import {
  VERIFICATION_COMPLETED,
  VerificationCompletedSchema,
  WEBHOOK_TEST,
  WebhookTestSchema,
} from "../contract/index.ts";
import { USER_AGENT } from "../webhooks/index.ts";
import type { HeaderDoc } from "./api-operation.ts";

/**
 * The requests the service sends to a client's webhook URL, as the OpenAPI document's `webhooks` states
 * them: the body's schema and the headers of every attempt (webhooks/delivery-request.ts sends them).
 */
export interface WebhookEvent {
  event: string;
  operationId: string;
  summary: string;
  description: string;
  body: TSchema;
}

const timeout = SETTINGS.webhookTimeout.def;
const schedule = SETTINGS.webhookRetrySchedule.def;

/** The headers of every delivery attempt. */
export const WEBHOOK_HEADERS: Record<string, HeaderDoc> = {
  "X-Service-Signature": {
    description:
      "sha256=<hex>: HMAC-SHA-256 of the raw body bytes, keyed with the client's webhook secret exactly as shown (whsec_ included, as UTF-8). Compare in constant time; a different length is a mismatch. It carries no time: use webhook-signature against replays",
    schema: { type: "string", pattern: "^sha256=[0-9a-f]{64}$" },
    required: true,
  },
  "webhook-id": {
    description: "the delivery id, the same on every retry and resend of the event: the dedupe key",
    schema: { type: "string", pattern: "^msg_[0-9a-z]+$" },
    required: true,
  },
  "webhook-timestamp": {
    description: "Unix seconds of this attempt, signed by webhook-signature: reject old ones (5 minutes is usual)",
    schema: { type: "string", pattern: "^[0-9]+$" },
    required: true,
  },
  "webhook-signature": {
    description:
      'Standard Webhooks: v1,<base64 HMAC-SHA-256 of "id.timestamp.body">; during a secret rotation two, space-separated (current first)',
    schema: { type: "string", pattern: "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$" },
    required: true,
  },
  "User-Agent": {
    description: "the service's delivery agent",
    schema: { type: "string", const: USER_AGENT },
    required: true,
  },
};

export const WEBHOOK_EVENTS: readonly WebhookEvent[] = [
  {
    event: VERIFICATION_COMPLETED,
    operationId: "verificationCompleted",
    summary: "A verification reached its final state",
    description: `Sent to the client's webhook URL as soon as a job ends COMPLETED or FAILED (a FAILED job's event carries \`error\`), at least once and in no particular order: dedupe on webhook-id, one event per job. A 2xx answer within WEBHOOK_TIMEOUT (default ${timeout}) is a success; anything else (another status, a redirect, no answer in time) is retried after WEBHOOK_RETRY_SCHEDULE (default ${schedule}). When the last attempt fails the job's webhookStatus becomes webhook_failed and the result stays available by polling. Verify X-Service-Signature (or webhook-signature) over the raw body before parsing it.`,
    body: VerificationCompletedSchema,
  },
  {
    event: WEBHOOK_TEST,
    operationId: "webhookTest",
    summary: "A test delivery",
    description:
      "Sent only when an operator asks for it (claimcheck webhook test, or the dashboard): signed like any delivery, never retried. Answer 2xx and otherwise ignore it.",
    body: WebhookTestSchema,
  },
];

/** How a receiver answers a delivery. */
export const WEBHOOK_ANSWERS = {
  "2XX": { description: `received; any 2xx answer within WEBHOOK_TIMEOUT (default ${timeout}) ends the delivery` },
  default: {
    description:
      "any other answer, a redirect (never followed) or none in time is a failed attempt, retried on the schedule",
  },
};
