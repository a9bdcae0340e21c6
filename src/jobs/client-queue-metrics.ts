import type { Queryable } from "../storage/index.ts";

/** A Prometheus label value: backslash, double quote and line breaks escaped. */
const label = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/**
 * Each client's share of the queue for /metrics, over every replica: its jobs due and waiting, its jobs
 * running, and how long its oldest due job has waited. A client whose wait grows while others' stays
 * flat is held to its share (fair-claim.ts); every client's growing together means too few workers.
 */
export async function clientQueueMetrics(db: Queryable, now: number): Promise<string[]> {
  const rows = await db
    .query<
      { key: string; name: string | null; queued: number; running: number; oldest: number | null },
      [number, number]
    >(
      `SELECT j.fair_key AS key, max(c.name) AS name,
              sum(CASE WHEN j.state = 'queued' AND j.run_at <= ? THEN 1 ELSE 0 END) AS queued,
              sum(CASE WHEN j.state = 'running' THEN 1 ELSE 0 END) AS running,
              min(CASE WHEN j.state = 'queued' AND j.run_at <= ? THEN j.run_at END) AS oldest
         FROM jobs j LEFT JOIN clients c ON c.id = j.fair_key
        WHERE j.state IN ('queued', 'running') AND j.fair_key IS NOT NULL
        GROUP BY j.fair_key ORDER BY j.fair_key`,
    )
    .all(now, now);
  const of = (r: (typeof rows)[number]) => `{client="${label(r.key)}",name="${label(r.name ?? "")}"}`;
  return [
    "# HELP claimcheck_client_jobs_queued Jobs due and waiting for a worker, by client.",
    "# TYPE claimcheck_client_jobs_queued gauge",
    ...rows.map((r) => `claimcheck_client_jobs_queued${of(r)} ${Number(r.queued)}`),
    "# HELP claimcheck_client_jobs_running Jobs running on any replica, by client.",
    "# TYPE claimcheck_client_jobs_running gauge",
    ...rows.map((r) => `claimcheck_client_jobs_running${of(r)} ${Number(r.running)}`),
    "# HELP claimcheck_client_queue_oldest_due_seconds How long each client's oldest due job has waited.",
    "# TYPE claimcheck_client_queue_oldest_due_seconds gauge",
    ...rows.map(
      (r) =>
        `claimcheck_client_queue_oldest_due_seconds${of(r)} ${r.oldest == null ? "0.000" : ((now - Number(r.oldest)) / 1000).toFixed(3)}`,
    ),
  ];
}
