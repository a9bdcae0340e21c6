/** The webhooks module's public surface: what other modules of src/ import from it (never the files behind it). */
export type { AttemptResult } from "./attempt-outcome.ts";
export type { Delivery, DeliveryAttempt, DeliverySummary } from "./deliveries.ts";
export type { DeliveryHealth } from "./delivery-report-store.ts";
export { DeliveryReportStore } from "./delivery-report-store.ts";
export { USER_AGENT } from "./delivery-request.ts";
export { DeliveryStore } from "./delivery-store.ts";
export { createHttpSender } from "./http-sender.ts";
export { resolveTarget, systemResolver } from "./outbound-target.ts";
export { afterFailure, webhookStatusOf } from "./retry-schedule.ts";
export type { SignatureVerdict } from "./signature-check.ts";
export { checkSignature } from "./signature-check.ts";
export { WebhookService } from "./webhook-service.ts";
export { createWebhookDelivery, finalResultOf } from "./webhook-wiring.ts";
