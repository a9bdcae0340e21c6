/**
 * The readiness and metrics probes the HTTP face asks the app for: the database, free disk in DATA_DIR,
 * the worker loop's age, overdue jobs, and the Prometheus text built from jobs, verifications, webhooks
 * and the GitHub rate limit.
 */
import { statfsSync } from "node:fs";
import type { Config } from "../config/index.ts";
import { READY_DATABASE_TIMEOUT_MS, renderMetrics } from "../http/index.ts";
import type { JobStore, Worker } from "../jobs/index.ts";
import { clientQueueMetrics } from "../jobs/index.ts";
import type { Clock } from "../lib/index.ts";
import type { Database } from "../storage/index.ts";
import type { VerificationService, VerificationSteps } from "../verification/index.ts";
import type { createWebhookDelivery } from "../webhooks/index.ts";

export interface HealthProbeDeps {
  config: Readonly<Config>;
  db: Database;
  clock: Clock;
  jobStore: JobStore;
  worker: Worker;
  verifications: VerificationService;
  webhooks: ReturnType<typeof createWebhookDelivery>;
  steps: VerificationSteps;
}

export function healthProbes({ config, db, clock, jobStore, worker, verifications, webhooks, steps }: HealthProbeDeps) {
  return {
    checkDatabase: () => db.check(READY_DATABASE_TIMEOUT_MS),
    freeDiskBytes: () => {
      try {
        const s = statfsSync(config.dataDir);
        return s.bavail * s.bsize;
      } catch {
        return null;
      }
    },
    workerLoopAgeMs: () => (worker.lastTickAt === 0 ? Infinity : clock.now() - worker.lastTickAt),
    jobs: async () => {
      const c = await jobStore.counts(clock.now());
      return { runningPastDeadline: c.pastDeadline, oldestDueAgeMs: c.oldestDueAgeMs };
    },
    metrics: async () => {
      const [jobs, byStatus, extra, byClient] = await Promise.all([
        jobStore.counts(clock.now()),
        verifications.countsByStatus(),
        webhooks.metricsLines(),
        clientQueueMetrics(db, clock.now()),
      ]);
      return renderMetrics({
        jobs,
        deadlines: worker.deadlineStats,
        verifications: byStatus,
        github: steps.githubRateLimit?.() ?? null,
        extra: [...extra, ...byClient],
      });
    },
  };
}
