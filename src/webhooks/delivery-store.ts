import { dialectOf, type Queryable } from "../storage/index.ts";
import type { AttemptResult } from "./attempt-outcome.ts";
import type { Delivery, DeliveryAttempt } from "./deliveries.ts";
import { type AttemptRow, type DeliveryRow, toDelivery, toDeliveryAttempt } from "./delivery-rows.ts";
import type { DeliveryState } from "./retry-schedule.ts";

/** A claimed attempt: which delivery, under which lease. */
export interface Lease {
  id: string;
  token: string;
  attempt: number;
}

/**
 * Every SQL statement about webhook deliveries and attempts. Each method is one statement; writes to a
 * delivery in flight check its lease token, so an attempt whose lease lapsed (and was taken over)
 * cannot overwrite the newer attempt's outcome.
 */
export class DeliveryStore {
  /** replicas lease in parallel on PostgreSQL: each skips the rows another is leasing right now */
  private readonly skipLocked: string;

  constructor(private readonly db: Queryable) {
    this.skipLocked = dialectOf(db) === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  }

  /** The same statements inside a transaction (or savepoint). */
  on(q: Queryable): DeliveryStore {
    return q === this.db ? this : new DeliveryStore(q);
  }

  async insert(
    d: {
      id: string;
      clientId: string;
      trackingId: string | null;
      event: string;
      payload: string;
      nextAttemptAt: number | null;
      state?: DeliveryState;
    },
    now: number,
  ): Promise<void> {
    await this.db
      .query(
        `INSERT INTO webhook_deliveries (id, client_id, tracking_id, event, payload, state, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(d.id, d.clientId, d.trackingId, d.event, d.payload, d.state ?? "pending", d.nextAttemptAt, now, now);
  }

  /**
   * Lease up to `limit` due deliveries, earliest first: count the attempt and push `next_attempt_at` to
   * the lease expiry, so one that is never finished (crash) is due again then. Uses the due index only.
   */
  async claimDue(now: number, limit: number, leaseUntil: number, token: string): Promise<Delivery[]> {
    if (limit <= 0) return [];
    const rows = await this.db
      .query<DeliveryRow, [string, number, number, number, number]>(
        `UPDATE webhook_deliveries
            SET attempts = attempts + 1, lease_token = ?, next_attempt_at = ?, updated_at = ?
          WHERE id IN (SELECT id FROM webhook_deliveries
                        WHERE next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ? ${this.skipLocked})
          RETURNING *`,
      )
      .all(token, leaseUntil, now, now, limit);
    return rows.map(toDelivery);
  }

  /** Attempts left `in_flight` by a process that died: they ended without an outcome. */
  async markInterrupted(deliveryId: string, now: number): Promise<void> {
    await this.db
      .query(
        "UPDATE webhook_attempts SET outcome = 'interrupted', finished_at = ?, error = 'the service stopped during the attempt' WHERE delivery_id = ? AND outcome = 'in_flight'",
      )
      .run(now, deliveryId);
  }

  async insertAttempt(deliveryId: string, attempt: number, startedAt: number, url: string | null): Promise<void> {
    await this.db
      .query(
        "INSERT INTO webhook_attempts (delivery_id, attempt, started_at, url, outcome) VALUES (?, ?, ?, ?, 'in_flight')",
      )
      .run(deliveryId, attempt, startedAt, url);
  }

  /** The attempt's outcome in the log (issue it with the settle that follows: one round trip for both). */
  finishAttempt(deliveryId: string, attempt: number, r: AttemptResult, now: number): Promise<unknown> {
    return this.db
      .query(
        `UPDATE webhook_attempts SET outcome = ?, status_code = ?, error = ?, latency_ms = ?, response_excerpt = ?, finished_at = ?
          WHERE delivery_id = ? AND attempt = ?`,
      )
      .run(r.outcome, r.statusCode, r.error, r.latencyMs, r.responseExcerpt, now, deliveryId, attempt);
  }

  /** Record the end of the leased attempt; false when the lease was lost (another attempt took over). */
  settle(
    lease: Lease,
    s: {
      state: DeliveryState;
      nextAttemptAt: number | null;
      roundFailures: number;
      outcome: string;
      statusCode: number | null;
    },
    now: number,
  ): Promise<boolean> {
    return this.db
      .query(
        `UPDATE webhook_deliveries
              SET state = ?, next_attempt_at = ?, round_failures = ?, lease_token = NULL,
                  last_attempt_at = ?, last_outcome = ?, last_status_code = ?, updated_at = ?,
                  delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END,
                  failed_at = CASE WHEN ? = 'failed' THEN ? ELSE NULL END
            WHERE id = ? AND lease_token = ?`,
      )
      .run(
        s.state,
        s.nextAttemptAt,
        s.roundFailures,
        now,
        s.outcome,
        s.statusCode,
        now,
        s.state,
        now,
        s.state,
        now,
        lease.id,
        lease.token,
      )
      .then((r) => r.changes === 1);
  }

  /** The bookkeeping of a one-shot test delivery, written with its single attempt. */
  async recordTestOutcome(id: string, r: AttemptResult, now: number): Promise<void> {
    const ok = r.outcome === "success";
    await this.db
      .query(
        `UPDATE webhook_deliveries SET attempts = 1, last_attempt_at = ?, last_outcome = ?, last_status_code = ?,
                delivered_at = ?, failed_at = ?, updated_at = ? WHERE id = ?`,
      )
      .run(now, r.outcome, r.statusCode, ok ? now : null, ok ? null : now, now, id);
  }

  /** Give a leased delivery back (graceful stop): due again at `now`, the attempt marked interrupted. */
  async release(lease: Lease, now: number): Promise<boolean> {
    const [released] = await Promise.all([
      this.db
        .query(
          "UPDATE webhook_deliveries SET lease_token = NULL, next_attempt_at = ?, updated_at = ? WHERE id = ? AND lease_token = ?",
        )
        .run(now, now, lease.id, lease.token),
      this.markInterrupted(lease.id, now),
    ]);
    return released.changes === 1;
  }

  /**
   * Start a fresh round now (resend): refused (false) while an attempt is in flight. The delivery id,
   * and so the webhook-id, stays the same: it is the same event.
   */
  async restart(id: string, now: number): Promise<boolean> {
    const r = await this.db
      .query(
        `UPDATE webhook_deliveries SET state = 'pending', round_failures = 0, next_attempt_at = ?, failed_at = NULL, updated_at = ?
          WHERE id = ? AND lease_token IS NULL`,
      )
      .run(now, now, id);
    return r.changes === 1;
  }

  async get(id: string): Promise<Delivery | null> {
    const row = await this.db.query<DeliveryRow, [string]>("SELECT * FROM webhook_deliveries WHERE id = ?").get(id);
    return row && toDelivery(row);
  }

  /** The newest delivery of a verification's event, or null when none was made (no webhook configured). */
  async latestForTracking(trackingId: string): Promise<Delivery | null> {
    const row = await this.db
      .query<DeliveryRow, [string]>(
        "SELECT * FROM webhook_deliveries WHERE tracking_id = ? ORDER BY created_at DESC, id DESC LIMIT 1",
      )
      .get(trackingId);
    return row && toDelivery(row);
  }

  async stateForTracking(trackingId: string): Promise<DeliveryState | null> {
    const row = await this.db
      .query<{ state: DeliveryState }, [string]>(
        "SELECT state FROM webhook_deliveries WHERE tracking_id = ? ORDER BY created_at DESC, id DESC LIMIT 1",
      )
      .get(trackingId);
    return row?.state ?? null;
  }

  /** Exhausted event deliveries (not tests) that failed at or after `since`, oldest first; all clients when `clientId` is null. */
  async failedSince(clientId: string | null, since: number): Promise<Delivery[]> {
    const rows = await (clientId === null
      ? this.db
          .query<DeliveryRow, [number]>(
            "SELECT * FROM webhook_deliveries WHERE state = 'failed' AND failed_at >= ? AND tracking_id IS NOT NULL ORDER BY failed_at, id",
          )
          .all(since)
      : this.db
          .query<DeliveryRow, [string, number]>(
            "SELECT * FROM webhook_deliveries WHERE state = 'failed' AND client_id = ? AND failed_at >= ? AND tracking_id IS NOT NULL ORDER BY failed_at, id",
          )
          .all(clientId, since));
    return rows.map(toDelivery);
  }

  async attempts(deliveryId: string): Promise<DeliveryAttempt[]> {
    const rows = await this.db
      .query<AttemptRow, [string]>(
        `SELECT delivery_id, attempt, started_at, finished_at, url, outcome, status_code, error, latency_ms, response_excerpt
           FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt`,
      )
      .all(deliveryId);
    return rows.map(toDeliveryAttempt);
  }

  /** The earliest due time, to sleep exactly until work is due (index-only). */
  async nextDueAt(): Promise<number | null> {
    const row = await this.db
      .query<{ t: number | null }, []>(
        "SELECT min(next_attempt_at) AS t FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL",
      )
      .get();
    return row?.t ?? null;
  }

  async countsByState(): Promise<Record<string, number>> {
    const rows = await this.db
      .query<{ state: string; n: number }, []>("SELECT state, count(*) AS n FROM webhook_deliveries GROUP BY state")
      .all();
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }
}
