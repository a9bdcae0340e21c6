import { hostname } from "node:os";
import type { Clock } from "../lib/clock.ts";
import { errorMessage } from "../lib/errors.ts";
import type { EventBus } from "../lib/events.ts";
import { randomChars } from "../lib/ids.ts";
import type { Logger } from "../lib/log.ts";
import { WorkLoop } from "../lib/work-loop.ts";
import type { Database, Transaction } from "../storage/sql-database.ts";
import { retryDelayMs } from "./backoff.ts";
import { JobCompletions } from "./job-completions.ts";
import { CRASH_ALLOWANCE, DeferJob, LeaseLost, PermanentJobError } from "./job-errors.ts";
import type { JobEvents, JobHandler, RunningJob } from "./job-handler.ts";
import type { JobQueue } from "./job-queue.ts";
import type { JobRow, JobStore, LeaseRef } from "./job-store.ts";

export interface WorkerOptions {
  db: Database;
  store: JobStore;
  queue: JobQueue;
  clock: Clock;
  events: EventBus<JobEvents>;
  logger: Logger;
  handlers: JobHandler[];
  concurrency: number;
  leaseMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  rescueEveryMs?: number;
  random?: () => number;
}

/**
 * The in-process worker loop: claims due jobs under a lease, runs them with bounded concurrency,
 * heartbeats the leases, and records every outcome in one transaction with the handler's own writes.
 * A crash at any point leaves either the old state or the new one; a lapsed lease is rescued.
 */
export class Worker {
  /** the lease owner: which machine and process holds a job (several replicas share one database) */
  readonly owner = `w_${hostname()}_${process.pid}_${randomChars(8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly inflight = new Map<number, { lease: LeaseRef; ctrl: AbortController }>();
  private readonly loop: WorkLoop;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private lastRescueAt = 0;
  private beating = false;
  private unsubscribe: (() => void) | null = null;
  private readonly store: JobStore;
  private readonly queue: JobQueue;
  private readonly clock: Clock;
  private readonly events: EventBus<JobEvents>;
  private readonly logger: Logger;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly rescueEveryMs: number;
  private readonly random: () => number;
  private readonly db: Database;
  private readonly completions: JobCompletions;

  constructor(options: WorkerOptions) {
    this.store = options.store;
    this.queue = options.queue;
    this.clock = options.clock;
    this.events = options.events;
    this.logger = options.logger;
    this.concurrency = options.concurrency;
    this.db = options.db;
    for (const h of options.handlers) this.handlers.set(h.kind, h);
    this.leaseMs = options.leaseMs ?? 30_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.rescueEveryMs = options.rescueEveryMs ?? 5_000;
    this.random = options.random ?? Math.random;
    this.completions = new JobCompletions(options.db, this.store, this.claimSpec, () => this.clock.now());
    this.loop = new WorkLoop({
      name: "worker",
      clock: this.clock,
      logger: this.logger,
      pollMs: options.pollMs ?? 1_000,
      work: {
        turn: async () => {
          await this.rescue(false);
          const free = this.concurrency - this.inflight.size;
          // each chain runs jobs one after another in one concurrency slot (see execute's fused claim)
          if (free > 0) for (const row of await this.claim(free)) this.loop.track(this.chain(row, false));
        },
        runBatch: async () => {
          const jobs = await this.claim(this.concurrency);
          const counts = await Promise.all(jobs.map((j) => this.chain(j, true)));
          return counts.reduce((a, b) => a + b, 0);
        },
        msUntilDue: async () => {
          if (this.inflight.size >= this.concurrency) return null;
          const next = await this.store.nextDueAt([...this.handlers.keys()]);
          return next === null ? null : next - this.clock.now();
        },
        abandon: () => {
          for (const f of this.inflight.values()) f.ctrl.abort(new Error("worker stopping"));
          return this.store.releaseOwner(this.owner, this.clock.now());
        },
      },
    });
  }

  get inflightCount(): number {
    return this.inflight.size;
  }

  /** clock time of the last loop turn; /readyz reports the loop stale when this stops moving */
  get lastTickAt(): number {
    return this.loop.lastTickAt;
  }

  start(): void {
    if (this.loop.isRunning) return;
    this.unsubscribe = this.queue.onNotify(() => this.loop.wake());
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.loop.start();
  }

  /**
   * Stop claiming, give in-flight jobs until `deadlineMs` to finish, then abort the rest and release
   * their leases so another process (or the next start) takes them at once.
   */
  async stop(deadlineMs = 25_000): Promise<{ finished: number; released: number }> {
    this.unsubscribe?.();
    const result = await this.loop.stop(deadlineMs);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    return result;
  }

  /** Rescue lapsed leases, then claim and run every due job until none is due. For tests and tools. */
  async runOnce(): Promise<number> {
    await this.rescue(true);
    return this.loop.runOnce();
  }

  private async rescue(force: boolean): Promise<void> {
    const now = this.clock.now();
    if (!force && now - this.lastRescueAt < this.rescueEveryMs) return;
    this.lastRescueAt = now;
    for (const row of await this.store.rescueExpired(now)) {
      this.logger.warn("rescued job with a lapsed lease", { job: row.id, kind: row.kind });
      this.events.emit("job.rescued", { id: row.id, kind: row.kind });
    }
  }

  private claim(limit: number): Promise<JobRow[]> {
    return this.store.claim([...this.handlers.keys()], this.owner, limit, this.clock.now(), this.leaseMs);
  }

  private claimSpec = () => ({ kinds: [...this.handlers.keys()], owner: this.owner, leaseMs: this.leaseMs });

  /**
   * Run `first`, then each job claimed in the transaction that completed the previous one, in this one
   * concurrency slot; returns how many ran. `always` keeps going while the worker is stopped (runOnce).
   */
  private async chain(first: JobRow, always: boolean): Promise<number> {
    let row: JobRow | null = first;
    let ran = 0;
    while (row) {
      const ctrl = new AbortController();
      const id: number = row.id;
      this.inflight.set(id, { lease: { id, token: row.lease_token! }, ctrl });
      try {
        row = await this.execute(row, ctrl, () => always || this.loop.isRunning);
      } finally {
        this.inflight.delete(id);
      }
      ran++;
    }
    return ran;
  }

  /** Extend every lease held; one timer tick at a time (a slow database must not stack them up). */
  private async heartbeat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      await Promise.all([...this.inflight].map(([id, f]) => this.extend(id, f)));
    } finally {
      this.beating = false;
    }
  }

  private async extend(id: number, f: { lease: LeaseRef; ctrl: AbortController }): Promise<void> {
    let held: boolean;
    try {
      held = await this.store.heartbeat(f.lease, this.clock.now(), this.leaseMs);
    } catch (err) {
      // the write failed (a full disk, the database away): keep working; should the lease lapse
      // meanwhile, the token fences this worker's late outcome and the job runs again elsewhere
      this.logger.error("could not extend a job lease", { job: id, error: errorMessage(err) });
      return;
    }
    if (!held) {
      this.logger.warn("lease lost; abandoning job", { job: id });
      f.ctrl.abort(new LeaseLost("lease lost"));
    }
  }

  /**
   * Run one job and record its outcome. On success, when `claimNext()` says so, the next due job is
   * claimed in the same transaction that completes this one (one commit per job, not two) and returned.
   */
  private async execute(row: JobRow, ctrl: AbortController, claimNext: () => boolean): Promise<JobRow | null> {
    const handler = this.handlers.get(row.kind)!;
    const lease: LeaseRef = { id: row.id, token: row.lease_token! };
    const timeout = handler.timeoutMs
      ? setTimeout(() => ctrl.abort(new Error(`timed out after ${handler.timeoutMs} ms`)), handler.timeoutMs)
      : undefined;
    const job: RunningJob = {
      id: row.id,
      kind: row.kind,
      payload: JSON.parse(row.payload),
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      signal: ctrl.signal,
    };
    this.events.emit("job.claimed", { id: row.id, kind: row.kind, attempt: row.attempts });
    if (row.attempts > row.max_attempts + CRASH_ALLOWANCE) {
      clearTimeout(timeout);
      const runs = row.attempts - 1;
      await this.handleError(
        handler,
        job,
        lease,
        new PermanentJobError(
          "worker_crashed",
          `the service stopped ${runs} times while working on this job; it is not tried again`,
        ),
      );
      return null;
    }
    let next: JobRow | null = null;
    try {
      const commit = await handler.run(job);
      if (ctrl.signal.aborted) throw ctrl.signal.reason;
      // completions arriving together share one batch: one statement on PostgreSQL when handlers write nothing
      next = await this.completions.complete(lease, commit, () => claimNext());
      this.events.emit("job.completed", { id: row.id, kind: row.kind });
    } catch (err) {
      await this.handleError(
        handler,
        job,
        lease,
        ctrl.signal.aborted && !(err instanceof DeferJob) ? (ctrl.signal.reason ?? err) : err,
      );
    } finally {
      clearTimeout(timeout);
    }
    return next;
  }

  private async handleError(handler: JobHandler, job: RunningJob, lease: LeaseRef, err: unknown): Promise<void> {
    const now = this.clock.now();
    const message = errorMessage(err);
    try {
      if (err instanceof LeaseLost) {
        this.events.emit("job.lease_lost", { id: job.id, kind: job.kind });
        return;
      }
      if (!this.loop.isRunning && err instanceof Error && err.message === "worker stopping") return; // released by stop()
      if (err instanceof DeferJob) {
        await this.db.transaction(async (tx) => {
          if (!(await this.store.on(tx).requeue(lease, err.until, message, true, now))) throw new LeaseLost();
        });
        this.events.emit("job.deferred", { id: job.id, kind: job.kind, until: err.until, reason: message });
        return;
      }
      const permanent = err instanceof PermanentJobError;
      if (!permanent && job.attempt < job.maxAttempts) {
        const runAt = now + retryDelayMs(job.attempt, this.random());
        await this.db.transaction(async (tx) => {
          if (!(await this.store.on(tx).requeue(lease, runAt, message, false, now))) throw new LeaseLost();
        });
        this.logger.warn("job attempt failed; will retry", { job: job.id, attempt: job.attempt, error: message });
        this.events.emit("job.retried", { id: job.id, kind: job.kind, error: message, runAt });
        return;
      }
      const commit = handler.onFailure?.(job, err);
      await this.db.transaction(async (tx: Transaction) => {
        if (!(await this.store.on(tx).finish(lease, "failed", message, now))) throw new LeaseLost();
        await commit?.(tx);
      });
      this.events.emit("job.failed", { id: job.id, kind: job.kind, error: message });
    } catch (inner) {
      if (inner instanceof LeaseLost) this.events.emit("job.lease_lost", { id: job.id, kind: job.kind });
      else this.logger.error("could not record job outcome", { job: job.id, error: errorMessage(inner) });
    }
  }
}
