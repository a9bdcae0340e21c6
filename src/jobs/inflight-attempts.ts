import type { Logger } from "../lib/index.ts";
import { errorMessage } from "../lib/index.ts";
import { formatMs, JobDeadlineExceeded, LeaseLost } from "./job-errors.ts";
import type { JobStore, LeaseRef } from "./job-store.ts";

interface InFlight {
  lease: LeaseRef;
  ctrl: AbortController;
  deadlineAt: number;
}

/**
 * The attempts a worker is running right now: it heartbeats their leases (aborting an attempt whose lease
 * was lost) and aborts each one that passes its deadline. Heartbeats never extend a lease past the
 * deadline plus `graceMs`, so hung work loses its lease even while the worker heartbeats.
 */
export class InFlightAttempts {
  private readonly attempts = new Map<number, InFlight>();
  private beating = false;
  /** attempts aborted at their deadline since start */
  deadlinesExceeded = 0;

  constructor(
    private readonly deps: {
      store: JobStore;
      now: () => number;
      logger: Logger;
      leaseMs: number;
      deadlineMs: number;
      /** the lease never outlives the deadline by more than this: the time to abort and record the outcome */
      graceMs: number;
    },
  ) {}

  get size(): number {
    return this.attempts.size;
  }

  /** Abort every attempt (the worker is stopping). */
  abortAll(reason: Error): void {
    for (const f of this.attempts.values()) f.ctrl.abort(reason);
  }

  /** Track one attempt while `run` runs it: heartbeated, and aborted at `deadlineAt`. */
  async track<T>(lease: LeaseRef, ctrl: AbortController, deadlineAt: number, run: () => Promise<T>): Promise<T> {
    this.attempts.set(lease.id, { lease, ctrl, deadlineAt });
    // the heartbeat checks deadlines too; this timer only makes the abort punctual
    const timer = setTimeout(() => this.enforceDeadlines(), Math.max(0, deadlineAt - this.deps.now()));
    try {
      return await run();
    } finally {
      clearTimeout(timer);
      this.attempts.delete(lease.id);
    }
  }

  /** Abort every job running past its deadline (the attempt then ends within unwindMs, see Worker.execute). */
  enforceDeadlines(): void {
    const now = this.deps.now();
    for (const [id, f] of this.attempts) {
      if (now < f.deadlineAt || f.ctrl.signal.aborted) continue;
      this.deadlinesExceeded++;
      this.deps.logger.warn("job passed its deadline; aborting it", {
        job: id,
        deadline: formatMs(this.deps.deadlineMs),
      });
      f.ctrl.abort(new JobDeadlineExceeded(this.deps.deadlineMs));
    }
  }

  /** Extend every lease held; one timer tick at a time (a slow database must not stack them up). */
  async heartbeat(): Promise<void> {
    this.enforceDeadlines();
    if (this.beating) return;
    this.beating = true;
    try {
      const now = this.deps.now();
      await Promise.all([...this.attempts].map(([id, f]) => this.extend(id, f, now)));
    } finally {
      this.beating = false;
    }
  }

  private async extend(id: number, f: InFlight, now: number): Promise<void> {
    if (f.ctrl.signal.aborted) return; // ending: its outcome is being recorded
    let held: boolean;
    try {
      held = await this.deps.store.heartbeat(f.lease, now, this.deps.leaseMs, this.deps.graceMs);
    } catch (err) {
      // the write failed (a full disk, the database away): keep working; should the lease lapse
      // meanwhile, the token fences this worker's late outcome and the job runs again elsewhere
      this.deps.logger.error("could not extend a job lease", { job: id, error: errorMessage(err) });
      return;
    }
    if (!held) {
      this.deps.logger.warn("lease lost; abandoning job", { job: id });
      f.ctrl.abort(new LeaseLost("lease lost"));
    }
  }
}
