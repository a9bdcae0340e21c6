import type { Queryable } from "../storage/sql-database.ts";

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

export interface DeliveryListRow {
  id: string;
  client_id: string;
  tracking_id: string | null;
  event: string;
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_outcome: string | null;
  created_at: number;
  delivered_at: number | null;
  failed_at: number | null;
}

const LIST_COLUMNS = `id, client_id, tracking_id, event, state, attempts, next_attempt_at, last_status_code, last_outcome,
                      created_at, delivered_at, failed_at`;

/** The read side of webhook deliveries for the operator's faces; another backend implements this. */
export interface DeliveryReports {
  health(since: number): Promise<DeliveryHealth>;
  forJob(trackingId: string): Promise<DeliveryListRow[]>;
  tests(clientId: string, limit?: number): Promise<DeliveryListRow[]>;
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
  forJob(trackingId: string): Promise<DeliveryListRow[]> {
    return this.db
      .query<DeliveryListRow, [string]>(
        `SELECT ${LIST_COLUMNS} FROM webhook_deliveries WHERE tracking_id = ? ORDER BY created_at DESC, id DESC`,
      )
      .all(trackingId);
  }

  /** The client's latest test deliveries, newest first. */
  tests(clientId: string, limit = 5): Promise<DeliveryListRow[]> {
    return this.db
      .query<DeliveryListRow, [string, number]>(
        `SELECT ${LIST_COLUMNS} FROM webhook_deliveries
          WHERE client_id = ? AND tracking_id IS NULL ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(clientId, limit);
  }
}
