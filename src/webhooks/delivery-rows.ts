import type { Delivery, DeliveryAttempt, DeliverySummary } from "./deliveries.ts";
import type { DeliveryState } from "./retry-schedule.ts";

/**
 * The webhook tables' rows as SQL returns them, and their mapping to the domain types. Only the delivery stores
 * import this file: the rows stay behind them.
 */

export interface DeliverySummaryRow {
  id: string;
  client_id: string;
  tracking_id: string | null;
  event: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_outcome: string | null;
  created_at: number;
  delivered_at: number | null;
  failed_at: number | null;
}

export interface DeliveryRow extends DeliverySummaryRow {
  payload: string;
  round_failures: number;
  lease_token: string | null;
  last_attempt_at: number | null;
  updated_at: number;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: number;
  finished_at: number | null;
  url: string | null;
  outcome: string;
  status_code: number | null;
  error: string | null;
  latency_ms: number | null;
  response_excerpt: string | null;
}

/** The columns of a DeliverySummaryRow. */
export const SUMMARY_COLUMNS = `id, client_id, tracking_id, event, state, attempts, next_attempt_at, last_status_code, last_outcome,
                      created_at, delivered_at, failed_at`;

export function toDeliverySummary(r: DeliverySummaryRow): DeliverySummary {
  return {
    id: r.id,
    clientId: r.client_id,
    trackingId: r.tracking_id,
    event: r.event,
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastStatusCode: r.last_status_code,
    lastOutcome: r.last_outcome,
    createdAt: r.created_at,
    deliveredAt: r.delivered_at,
    failedAt: r.failed_at,
  };
}

export function toDelivery(r: DeliveryRow): Delivery {
  return {
    ...toDeliverySummary(r),
    payload: r.payload,
    roundFailures: r.round_failures,
    leaseToken: r.lease_token,
    lastAttemptAt: r.last_attempt_at,
    updatedAt: r.updated_at,
  };
}

export function toDeliveryAttempt(r: AttemptRow): DeliveryAttempt {
  return {
    deliveryId: r.delivery_id,
    attempt: r.attempt,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    url: r.url,
    outcome: r.outcome,
    statusCode: r.status_code,
    error: r.error,
    latencyMs: r.latency_ms,
    responseExcerpt: r.response_excerpt,
  };
}
