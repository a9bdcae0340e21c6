import { hostname } from "node:os";
import type { Clock, EventBus, Logger } from "../lib/index.ts";
import { errorMessage, randomChars, WorkLoop } from "../lib/index.ts";
import type { Database } from "../storage/index.ts";
import { abandonable } from "./abandonable.ts";
import { WorkerShare } from "./fair-claim.ts";
import { InFlightAttempts } from "./inflight-attempts.ts";
import { JobCompletions } from "./job-completions.ts";
import { CRASH_ALLOWANCE, DeferJob, PermanentJobError } from "./job-errors.ts";
import { JobFailures } from "./job-failures.ts";
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
  /** how long one attempt of a job may run (JOB_DEADLINE); past it the job is aborted and retried or failed */
  deadlineMs?: number;
  /** how long an aborted job gets to stop before its slot is freed anyway (default min(1 s, lease / 2)) */
  unwindMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  rescueEveryMs?: number;
  random?: () => number;
  /** true while the workers are to be shared fairly between clients (fair-claim.ts): with more than one client */
  fairShare?: () => boolean;
}

/** JOB_DEADLINE's default (config.ts says the same): the slowest honest verification many times over. */
export const DEFAULT_JOB_DEADLINE_MS = 5 * 60_000;

/**
 * The in-process worker loop: claims due jobs under a lease, runs them with bounded concurrency,
 * heartbeats the leases, and records every outcome in one transaction with the handler's own writes.
 * A crash at any point leaves either the old state or the new one; a lapsed lease is rescued.
 *
 * Every attempt runs under a deadline (claim time + `deadlineMs`). Past it the job is aborted; if it has
 * not stopped `unwindMs` later its slot is freed anyway (its late outcome is fenced off by the lease), and
 * the attempt counts as failed: retried with backoff, or failed with deadline_exceeded once the attempts
 * are spent. Heartbeats never extend a lease past the deadline plus the time needed to record that, so
 * even a worker that cannot end the job loses it: hung work can never hold a slot for good.
 */
export class Worker {
  /** the lease owner: which machine and process holds a job (several replicas share one database) */
  readonly owner = `w_${hostname()}_${process.pid}_${randomChars(8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly inflight: InFlightAttempts;
  /** handlers that did not stop when aborted and still run (their slots were freed) */
  private abandonedRunning = 0;
  private readonly loop: WorkLoop;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private lastRescueAt = 0;
  private unsubscribe: (() => void) | null = null;
  private readonly store: JobStore;
  private readonly queue: JobQueue;
  private readonly clock: Clock;
  private readonly events: EventBus<JobEvents>;
  private readonly logger: Logger;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly deadlineMs: number;
  private readonly unwindMs: number;
  private readonly heartbeatMs: number;
  private readonly rescueEveryMs: number;
  private readonly completions: JobCompletions;
  private readonly failures: JobFailures;
  private readonly fairShare: () => boolean;
  private readonly share: WorkerShare;

  constructor(options: WorkerOptions) {
    this.store = options.store;
    this.queue = options.queue;
    this.clock = options.clock;
    this.events = options.events;
    this.logger = options.logger;
    this.concurrency = options.concurrency;
    this.fairShare = options.fairShare ?? (() => false);
    this.share = new WorkerShare(options.db, options.store, options.concurrency);
    for (const h of options.handlers) this.handlers.set(h.kind, h);
    this.leaseMs = options.leaseMs ?? 30_000;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_JOB_DEADLINE_MS;
    // the lease never outlives the deadline by more than this: the time to abort and record the outcome
    const graceMs = Math.min(this.leaseMs, 5_000);
    this.unwindMs = options.unwindMs ?? Math.min(1_000, Math.floor(graceMs / 2));
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.rescueEveryMs = options.rescueEveryMs ?? 5_000;
    this.inflight = new InFlightAttempts({
      store: this.store,
      now: () => this.clock.now(),
      logger: this.logger,
      leaseMs: this.leaseMs,
      deadlineMs: this.deadlineMs,
      graceMs,
    });
    this.failures = new JobFailures({
      store: this.store,
      clock: this.clock,
      events: this.events,
      logger: this.logger,
      random: options.random ?? Math.random,
      db: options.db,
      running: () => this.loop.isRunning,
    });
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
          if (this.inflight.size >= this.concurrency || this.share.heldBack) return null;
          const next = await this.store.nextDueAt([...this.handlers.keys()]);
          return next === null ? null : next - this.clock.now();
        },
        abandon: () => {
          this.inflight.abortAll(new Error("worker stopping"));
          return this.store.releaseOwner(this.owner, this.clock.now());
        },
      },
    });
  }

  get inflightCount(): number {
    return this.inflight.size;
  }

  /** For /metrics: aborted handlers still running after their slot was freed, and deadlines hit since start. */
  get deadlineStats(): { abandonedRunning: number; deadlinesExceeded: number; deadlineMs: number } {
    return {
      abandonedRunning: this.abandonedRunning,
      deadlinesExceeded: this.inflight.deadlinesExceeded,
      deadlineMs: this.deadlineMs,
    };
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

  private async claim(limit: number): Promise<JobRow[]> {
    const kinds = [...this.handlers.keys()];
    const now = this.clock.now();
    if (!this.fairShare()) return this.store.claim(kinds, this.owner, limit, now, this.leaseMs, this.deadlineMs);
    return this.share.claim({
      kinds,
      owner: this.owner,
      limit,
      now,
      leaseMs: this.leaseMs,
      deadlineMs: this.deadlineMs,
    });
  }

  private claimSpec = () => ({
    kinds: [...this.handlers.keys()],
    owner: this.owner,
    leaseMs: this.leaseMs,
    deadlineMs: this.deadlineMs,
  });

  /**
   * Run `first`, then each job claimed in the transaction that completed the previous one, in this one
   * concurrency slot; returns how many ran. `always` keeps going while the worker is stopped (runOnce).
   */
  private async chain(first: JobRow, always: boolean): Promise<number> {
    let row: JobRow | null = first;
    let ran = 0;
    while (row) {
      const current: JobRow = row;
      const ctrl = new AbortController();
      const deadlineAt = current.deadline_at ?? this.clock.now() + this.deadlineMs;
      this.share.started(current);
      // shared fairly, every slot is claimed anew (fair-claim.ts), never fused with the completion
      row = await this.inflight
        .track({ id: current.id, token: current.lease_token! }, ctrl, deadlineAt, () =>
          this.execute(current, ctrl, () => (always || this.loop.isRunning) && !this.fairShare()),
        )
        .finally(() => this.share.ended(current.id));
      ran++;
    }
    return ran;
  }

  /** One heartbeat tick (the timer's; tests call it to tick by hand). */
  private heartbeat(): Promise<void> {
    return this.inflight.heartbeat();
  }

  /**
   * Run one job and record its outcome. On success, when `claimNext()` says so, the next due job is
   * claimed in the same transaction that completes this one (one commit per job, not two) and returned.
   */
  private async execute(row: JobRow, ctrl: AbortController, claimNext: () => boolean): Promise<JobRow | null> {
    const handler = this.handlers.get(row.kind)!;
    const lease: LeaseRef = { id: row.id, token: row.lease_token! };
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
      const runs = row.attempts - 1;
      await this.failures.record(
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
      const commit = await abandonable(handler.run(job), ctrl.signal, this.unwindMs, {
        onAbandoned: () => {
          this.abandonedRunning++;
          this.logger.warn("an aborted job did not stop; its slot is freed and its late outcome will be ignored", {
            job: row.id,
            reason: errorMessage(ctrl.signal.reason),
          });
        },
        onLateSettle: () => this.abandonedRunning--,
      });
      if (ctrl.signal.aborted) throw ctrl.signal.reason;
      // completions arriving together share one batch: one statement on PostgreSQL when handlers write nothing
      next = await this.completions.complete(lease, commit, () => claimNext());
      this.events.emit("job.completed", { id: row.id, kind: row.kind });
    } catch (err) {
      await this.failures.record(
        handler,
        job,
        lease,
        ctrl.signal.aborted && !(err instanceof DeferJob) ? (ctrl.signal.reason ?? err) : err,
      );
    }
    return next;
  }
}
