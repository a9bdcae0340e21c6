import type { Clock, EventBus, Logger } from "../lib/index.ts";
import { errorMessage } from "../lib/index.ts";
import type { Database } from "../storage/index.ts";
import { retryDelayMs } from "./backoff.ts";
import { DeferJob, LeaseLost, PermanentJobError } from "./job-errors.ts";
import type { JobEvents, JobHandler, RunningJob } from "./job-handler.ts";
import type { JobStore, LeaseRef } from "./job-store.ts";

/**
 * What the worker records when an attempt does not complete: a deferral (no attempt spent), a retry with
 * backoff, or the final failure with the handler's own writes, each in one transaction fenced by the
 * lease. A lost lease records nothing; a stop releases the job instead (the worker's stop did).
 */
export class JobFailures {
  constructor(
    private readonly deps: {
      store: JobStore;
      clock: Clock;
      events: EventBus<JobEvents>;
      logger: Logger;
      random: () => number;
      db: Database;
      /** false once the worker is stopping: its abort then only means "released" */
      running: () => boolean;
    },
  ) {}

  async record(handler: JobHandler, job: RunningJob, lease: LeaseRef, err: unknown): Promise<void> {
    const { store, events, logger, db } = this.deps;
    const now = this.deps.clock.now();
    const message = errorMessage(err);
    try {
      if (err instanceof LeaseLost) {
        events.emit("job.lease_lost", { id: job.id, kind: job.kind });
        return;
      }
      if (!this.deps.running() && err instanceof Error && err.message === "worker stopping") return; // released by stop()
      if (err instanceof DeferJob) {
        await db.transaction(async (tx) => {
          if (!(await store.on(tx).requeue(lease, err.until, message, true, now))) throw new LeaseLost();
        });
        events.emit("job.deferred", { id: job.id, kind: job.kind, until: err.until, reason: message });
        return;
      }
      const permanent = err instanceof PermanentJobError;
      if (!permanent && job.attempt < job.maxAttempts) {
        const runAt = now + retryDelayMs(job.attempt, this.deps.random());
        await db.transaction(async (tx) => {
          if (!(await store.on(tx).requeue(lease, runAt, message, false, now))) throw new LeaseLost();
        });
        logger.warn("job attempt failed; will retry", { job: job.id, attempt: job.attempt, error: message });
        events.emit("job.retried", { id: job.id, kind: job.kind, error: message, runAt });
        return;
      }
      const commit = handler.onFailure?.(job, err);
      await db.transaction(async (tx) => {
        if (!(await store.on(tx).finish(lease, "failed", message, now))) throw new LeaseLost();
        await commit?.(tx);
      });
      events.emit("job.failed", { id: job.id, kind: job.kind, error: message });
    } catch (inner) {
      if (inner instanceof LeaseLost) events.emit("job.lease_lost", { id: job.id, kind: job.kind });
      else logger.error("could not record job outcome", { job: job.id, error: errorMessage(inner) });
    }
  }
}
