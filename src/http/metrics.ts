/** Prometheus text exposition of the service's state (gauges computed from the database on scrape). */
export function renderMetrics(s: {
  jobs: { byState: Record<string, number>; oldestDueAgeMs: number; pastDeadline: number };
  /** this process's worker: attempts aborted at their deadline, and aborted handlers that never stopped */
  deadlines?: { deadlineMs: number; deadlinesExceeded: number; abandonedRunning: number };
  verifications: Record<string, number>;
  github?: { limit: number; remaining: number; resetAt: number } | null;
  extra?: string[];
}): string {
  const lines = [
    "# HELP claimcheck_jobs Jobs in the durable queue by state.",
    "# TYPE claimcheck_jobs gauge",
    ...["queued", "running", "completed", "failed"].map(
      (st) => `claimcheck_jobs{state="${st}"} ${s.jobs.byState[st] ?? 0}`,
    ),
    "# HELP claimcheck_queue_oldest_due_seconds Age of the oldest due job still waiting.",
    "# TYPE claimcheck_queue_oldest_due_seconds gauge",
    `claimcheck_queue_oldest_due_seconds ${(s.jobs.oldestDueAgeMs / 1000).toFixed(3)}`,
    "# HELP claimcheck_jobs_past_deadline Running jobs whose attempt passed its deadline (JOB_DEADLINE): their worker could not end them.",
    "# TYPE claimcheck_jobs_past_deadline gauge",
    `claimcheck_jobs_past_deadline ${s.jobs.pastDeadline}`,
    ...(s.deadlines
      ? [
          "# HELP claimcheck_job_deadline_seconds How long one attempt of a job may run (JOB_DEADLINE).",
          "# TYPE claimcheck_job_deadline_seconds gauge",
          `claimcheck_job_deadline_seconds ${s.deadlines.deadlineMs / 1000}`,
          "# HELP claimcheck_job_deadlines_exceeded_total Attempts this process aborted at their deadline.",
          "# TYPE claimcheck_job_deadlines_exceeded_total counter",
          `claimcheck_job_deadlines_exceeded_total ${s.deadlines.deadlinesExceeded}`,
          "# HELP claimcheck_jobs_abandoned Aborted jobs whose work did not stop; their slots were freed.",
          "# TYPE claimcheck_jobs_abandoned gauge",
          `claimcheck_jobs_abandoned ${s.deadlines.abandonedRunning}`,
        ]
      : []),
    "# HELP claimcheck_verifications Verifications by status.",
    "# TYPE claimcheck_verifications gauge",
    ...["queued", "COMPLETED", "FAILED"].map(
      (st) => `claimcheck_verifications{status="${st}"} ${s.verifications[st] ?? 0}`,
    ),
    ...(s.github
      ? [
          "# HELP claimcheck_github_rate_remaining GitHub requests left in the current window (last seen).",
          "# TYPE claimcheck_github_rate_remaining gauge",
          `claimcheck_github_rate_remaining ${s.github.remaining}`,
          `claimcheck_github_rate_limit ${s.github.limit}`,
          `claimcheck_github_rate_reset_seconds ${Math.round(s.github.resetAt / 1000)}`,
        ]
      : []),
    ...(s.extra ?? []),
  ];
  return `${lines.join("\n")}\n`;
}
