import type { DeliveryState } from "./retry-schedule.ts";

/** The webhook deliveries' types as their stores return them. Times are epoch milliseconds (UTC). */

/** A delivery as the lists show it: one event to one client's URL and where its attempts stand. */
export interface DeliverySummary {
  /** msg_...: the stable webhook-id receivers dedupe on */
  id: string;
  clientId: string;
  /** null for a test event */
  trackingId: string | null;
  event: string;
  state: DeliveryState;
  /** attempts ever made; numbers the attempt log */
  attempts: number;
  /** when the next attempt is due; while an attempt is in flight, its lease expiry */
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  lastOutcome: string | null;
  createdAt: number;
  deliveredAt: number | null;
  failedAt: number | null;
}

/** A whole delivery: the exact body it sends and its place in the retry schedule. */
export interface Delivery extends DeliverySummary {
  /** the exact body, fixed when the event happened */
  payload: string;
  /** consecutive failures since the last (re)send: the position in the retry schedule */
  roundFailures: number;
  /** set while an attempt is in flight */
  leaseToken: string | null;
  lastAttemptAt: number | null;
  updatedAt: number;
}

/** One attempt of a delivery, as the attempt log keeps it. */
export interface DeliveryAttempt {
  deliveryId: string;
  attempt: number;
  startedAt: number;
  finishedAt: number | null;
  /** the URL configured when the attempt started */
  url: string | null;
  outcome: string;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
  /** the first bytes of the receiver's answer: untrusted, escape when shown */
  responseExcerpt: string | null;
}
