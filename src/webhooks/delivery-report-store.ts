import type { Queryable } from "../storage/index.ts";
import type { DeliverySummary } from "./deliveries.ts";
import { type DeliverySummaryRow, SUMMARY_COLUMNS, toDeliverySummary } from "./delivery-rows.ts";

export interface DeliveryHealth {
  /** event deliveries created in the window, by state */
  byState: Record<string, number>;
  /** attempts finished in the window */
  attempts: number;
  succeeded: number;
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
  /** deliveries waiting for a retry right now (any age) */
  retryingNow: number;
}

/** The read side of webhook deliveries for the operator's faces; another backend implements this. */
export interface DeliveryReports {
  health(since: number): Promise<DeliveryHealth>;
  forJob(trackingId: string): Promise<DeliverySummary[]>;
  tests(clientId: string, limit?: number): Promise<DeliverySummary[]>;
}

/** DeliveryReports over SQLite: a job's deliveries, the latest test sends, delivery health. */
export class DeliveryReportStore implements DeliveryReports {
  constructor(private readonly db: Queryable) {}

  /** Event deliveries (not tests) since `since`: states, attempt success and latency percentiles. */
  async health(since: number): Promise<DeliveryHealth> {
    const states = await this.db
      .query<{ state: string; n: number }, [number]>(
        "SELECT state, count(*) AS n FROM webhook_deliveries WHERE tracking_id IS NOT NULL AND created_at >= ? GROUP BY state",
      )
      .all(since);
    const latencies = await this.db
      .query<{ latency_ms: number; ok: number }, [number]>(
        `SELECT a.latency_ms, a.outcome = 'success' AS ok FROM webhook_attempts a
           JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE d.tracking_id IS NOT NULL AND a.finished_at >= ? AND a.outcome NOT IN ('in_flight', 'interrupted')`,
      )
      .all(since);
    const sorted = latencies
      .filter((l) => l.latency_ms !== null)
      .map((l) => l.latency_ms)
      .sort((a, b) => a - b);
    const pct = (p: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : null;
    const retrying = (await this.db
      .query<{ n: number }, []>("SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'retrying'")
      .get())!.n;
    return {
      byState: Object.fromEntries(states.map((s) => [s.state, s.n])),
      attempts: latencies.length,
      succeeded: latencies.filter((l) => l.ok).length,
      p50LatencyMs: pct(0.5),
      p95LatencyMs: pct(0.95),
      retryingNow: retrying,
    };
  }

  /** Every delivery of a verification's event, newest first. */
  async forJob(trackingId: string): Promise<DeliverySummary[]> {
    const rows = await this.db
      .query<DeliverySummaryRow, [string]>(
        `SELECT ${SUMMARY_COLUMNS} FROM webhook_deliveries WHERE tracking_id = ? ORDER BY created_at DESC, id DESC`,
      )
      .all(trackingId);
    return rows.map(toDeliverySummary);
  }

  /** The client's latest test deliveries, newest first. */
  async tests(clientId: string, limit = 5): Promise<DeliverySummary[]> {
    const rows = await this.db
      .query<DeliverySummaryRow, [string, number]>(
        `SELECT ${SUMMARY_COLUMNS} FROM webhook_deliveries
          WHERE client_id = ? AND tracking_id IS NULL ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(clientId, limit);
    return rows.map(toDeliverySummary);
  }
}
