import type { Delivery, DeliveryAttempt, DeliverySummary } from "../webhooks/index.ts";

/**
 * The deliveries in `--json` output (`jobs show --json`, `webhook log --json`) keep the names and order of the
 * database's columns they printed first: scripts read them. They are spelled out here, from the domain types, so
 * that a change of the tables or of the domain types cannot change what those scripts read.
 */

/** A delivery as `jobs show --json` lists it. */
export function deliverySummaryJson(d: DeliverySummary) {
  return {
    id: d.id,
    client_id: d.clientId,
    tracking_id: d.trackingId,
    event: d.event,
    state: d.state,
    attempts: d.attempts,
    next_attempt_at: d.nextAttemptAt,
    last_status_code: d.lastStatusCode,
    last_outcome: d.lastOutcome,
    created_at: d.createdAt,
    delivered_at: d.deliveredAt,
    failed_at: d.failedAt,
  };
}

/** A delivery as `webhook log --json` shows it: every column but the body and the lease. */
export function deliveryJson(d: Delivery) {
  return {
    id: d.id,
    client_id: d.clientId,
    tracking_id: d.trackingId,
    event: d.event,
    state: d.state,
    attempts: d.attempts,
    round_failures: d.roundFailures,
    next_attempt_at: d.nextAttemptAt,
    last_attempt_at: d.lastAttemptAt,
    last_outcome: d.lastOutcome,
    last_status_code: d.lastStatusCode,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
    delivered_at: d.deliveredAt,
    failed_at: d.failedAt,
  };
}

/** An attempt as `webhook log --json` shows it. */
export function attemptJson(a: DeliveryAttempt) {
  return {
    delivery_id: a.deliveryId,
    attempt: a.attempt,
    started_at: a.startedAt,
    finished_at: a.finishedAt,
    url: a.url,
    outcome: a.outcome,
    status_code: a.statusCode,
    error: a.error,
    latency_ms: a.latencyMs,
    response_excerpt: a.responseExcerpt,
  };
}
