import type { Clock } from "../lib/clock.ts";
import { errorMessage } from "../lib/errors.ts";
import type { EventBus } from "../lib/events.ts";
import { randomChars } from "../lib/ids.ts";
import type { Logger } from "../lib/log.ts";
import type { Database } from "../storage/database.ts";
import { GroupCommit } from "../storage/group-commit.ts";
import { retryDelayMs } from "./backoff.ts";
import { DeferJob, PermanentJobError } from "./job-errors.ts";
import type { JobQueue } from "./job-queue.ts";
import type { JobRow, JobStore, LeaseRef } from "./job-store.ts";

export interface RunningJob<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first attempt */
  attempt: number;
  maxAttempts: number;
  /** aborted when the lease is lost, the job times out, or the worker stops past its deadline */
  signal: AbortSignal;
}

/** A synchronous write to run inside the transaction that finishes the job (exactly-once side effects). */
export type CommitFn = () => void;

export interface JobHandler<P = unknown> {
  kind: string;
  /** Do the work; return the writes that record its outcome. Throw DeferJob / PermanentJobError / anything. */
  run(job: RunningJob<P>): Promise<CommitFn | undefined>;
  /** Writes that record a final failure (attempts exhausted or a PermanentJobError): `error` is what was thrown. */
  onFailure?(job: RunningJob<P>, error: unknown): CommitFn | undefined;
  timeoutMs?: number;
}

export type JobEvents = {
  "job.claimed": { id: number; kind: string; attempt: number };
  "job.completed": { id: number; kind: string };
  "job.failed": { id: number; kind: string; error: string };
  "job.retried": { id: number; kind: string; error: string; runAt: number };
  "job.deferred": { id: number; kind: string; until: number; reason: string };
  "job.rescued": { id: number; kind: string };
  "job.lease_lost": { id: number; kind: string };
};

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

class LeaseLost extends Error {}

/**
 * Runs cut short by a crash (a lapsed lease) count as attempts but are not the job's fault, so they get
 * this much room beyond maxAttempts; a job claimed more often than that is taking the service down with
 * it each time and is failed instead of run again.
 */
export const CRASH_ALLOWANCE = 10;

/**
 * The in-process worker loop: claims due jobs under a lease, runs them with bounded concurrency,
 * heartbeats the leases, and records every outcome in one transaction with the handler's own writes.
 * A crash at any point leaves either the old state or the new one; a lapsed lease is rescued.
 */
export class Worker {
  readonly owner = `w_${randomChars(12)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly inflight = new Map<number, { lease: LeaseRef; ctrl: AbortController }>();
  /** each chain runs jobs one after another in one concurrency slot (see execute's fused claim) */
  private readonly chains = new Set<Promise<void>>();
  private running = false;
  private loopDone: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private lastRescueAt = 0;
  private unsubscribe: (() => void) | null = null;
  /** time of the last loop turn; /readyz reports the loop stale when this stops moving */
  lastTickAt = 0;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pollMs: number;
  private readonly rescueEveryMs: number;
  private readonly random: () => number;
  /** One transaction wrapper, reused; run with BEGIN IMMEDIATE so the write lock is taken up front. */
  private readonly tx: ReturnType<Database["transaction"]>;
  private readonly completions: GroupCommit;

  constructor(private readonly o: WorkerOptions) {
    this.tx = o.db.transaction((fn: () => void) => fn());
    this.completions = new GroupCommit(o.db);
    for (const h of o.handlers) this.handlers.set(h.kind, h);
    this.leaseMs = o.leaseMs ?? 30_000;
    this.heartbeatMs = o.heartbeatMs ?? 10_000;
    this.pollMs = o.pollMs ?? 1_000;
    this.rescueEveryMs = o.rescueEveryMs ?? 5_000;
    this.random = o.random ?? Math.random;
  }

  get inflightCount(): number {
    return this.inflight.size;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.o.queue.onNotify(() => this.wake?.());
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.heartbeatMs);
    this.loopDone = this.loop();
  }

  /**
   * Stop claiming, give in-flight jobs until `deadlineMs` to finish, then abort the rest and release
   * their leases so another process (or the next start) takes them at once.
   */
  async stop(deadlineMs = 25_000): Promise<{ finished: number; released: number }> {
    this.running = false;
    this.wake?.();
    this.unsubscribe?.();
    await this.loopDone;
    const before = this.inflight.size;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(this.chains), new Promise((r) => (timer = setTimeout(r, deadlineMs)))]);
    clearTimeout(timer);
    const left = [...this.inflight.values()];
    for (const f of left) f.ctrl.abort(new Error("worker stopping"));
    const released = this.o.store.releaseOwner(this.owner, this.o.clock.now());
    await Promise.allSettled(this.chains);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    return { finished: before - left.length, released };
  }

  /** Rescue lapsed leases, then claim and run every due job until none is due. For tests and tools. */
  async runOnce(): Promise<number> {
    this.rescue(true);
    let total = 0;
    for (;;) {
      const jobs = this.claim(this.o.concurrency);
      if (jobs.length === 0) break;
      const counts = await Promise.all(jobs.map((j) => this.chain(j, true)));
      total += counts.reduce((a, b) => a + b, 0);
    }
    return total;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.lastTickAt = this.o.clock.now();
      try {
        this.rescue(false);
        const free = this.o.concurrency - this.inflight.size;
        if (free > 0) for (const row of this.claim(free)) this.track(row);
      } catch (err) {
        this.o.logger.error("worker loop error", { error: errorMessage(err) });
      }
      await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      let wait = this.pollMs;
      if (this.inflight.size < this.o.concurrency) {
        const next = this.o.store.nextDueAt([...this.handlers.keys()]);
        if (next !== null) wait = Math.max(0, Math.min(wait, next - this.o.clock.now()));
      }
      const timer = setTimeout(done, wait);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private rescue(force: boolean): void {
    const now = this.o.clock.now();
    if (!force && now - this.lastRescueAt < this.rescueEveryMs) return;
    this.lastRescueAt = now;
    for (const row of this.o.store.rescueExpired(now)) {
      this.o.logger.warn("rescued job with a lapsed lease", { job: row.id, kind: row.kind });
      this.o.events.emit("job.rescued", { id: row.id, kind: row.kind });
    }
  }

  private claim(limit: number): JobRow[] {
    return this.o.store.claim([...this.handlers.keys()], this.owner, limit, this.o.clock.now(), this.leaseMs);
  }

  private track(row: JobRow): void {
    const done: Promise<void> = this.chain(row, false).then(
      () => {},
      (err) => this.o.logger.error("worker chain error", { error: errorMessage(err) }),
    );
    this.chains.add(done);
    void done.finally(() => {
      this.chains.delete(done);
      this.wake?.();
    });
  }

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
        row = await this.execute(row, ctrl, () => always || this.running);
      } finally {
        this.inflight.delete(id);
      }
      ran++;
    }
    return ran;
  }

  private heartbeat(): void {
    const now = this.o.clock.now();
    for (const [id, f] of this.inflight) {
      let held: boolean;
      try {
        held = this.o.store.heartbeat(f.lease, now, this.leaseMs);
      } catch (err) {
        // the write failed (e.g. a full disk): keep working; should the lease lapse meanwhile, the
        // token fences this worker's late outcome and the job runs again elsewhere
        this.o.logger.error("could not extend a job lease", { job: id, error: errorMessage(err) });
        continue;
      }
      if (!held) {
        this.o.logger.warn("lease lost; abandoning job", { job: id });
        f.ctrl.abort(new LeaseLost("lease lost"));
      }
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
    this.o.events.emit("job.claimed", { id: row.id, kind: row.kind, attempt: row.attempts });
    if (row.attempts > row.max_attempts + CRASH_ALLOWANCE) {
      clearTimeout(timeout);
      const runs = row.attempts - 1;
      this.handleError(
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
      const complete = (): JobRow | null => {
        if (!this.o.store.finish(lease, "completed", null, this.o.clock.now())) throw new LeaseLost();
        commit?.();
        return claimNext() ? (this.claim(1)[0] ?? null) : null;
      };
      // with others in flight, completions share one transaction (group commit, a savepoint each);
      // alone, waiting for company would only add latency
      if (this.inflight.size > 1) next = await this.completions.run(complete);
      else
        this.inTransaction(() => {
          next = complete();
        });
      this.o.events.emit("job.completed", { id: row.id, kind: row.kind });
    } catch (err) {
      this.handleError(
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

  private handleError(handler: JobHandler, job: RunningJob, lease: LeaseRef, err: unknown): void {
    const now = this.o.clock.now();
    const message = errorMessage(err);
    try {
      if (err instanceof LeaseLost) {
        this.o.events.emit("job.lease_lost", { id: job.id, kind: job.kind });
        return;
      }
      if (!this.running && err instanceof Error && err.message === "worker stopping") return; // released by stop()
      if (err instanceof DeferJob) {
        this.inTransaction(() => {
          if (!this.o.store.requeue(lease, err.until, message, true, now)) throw new LeaseLost();
        });
        this.o.events.emit("job.deferred", { id: job.id, kind: job.kind, until: err.until, reason: message });
        return;
      }
      const permanent = err instanceof PermanentJobError;
      if (!permanent && job.attempt < job.maxAttempts) {
        const runAt = now + retryDelayMs(job.attempt, this.random());
        this.inTransaction(() => {
          if (!this.o.store.requeue(lease, runAt, message, false, now)) throw new LeaseLost();
        });
        this.o.logger.warn("job attempt failed; will retry", { job: job.id, attempt: job.attempt, error: message });
        this.o.events.emit("job.retried", { id: job.id, kind: job.kind, error: message, runAt });
        return;
      }
      const commit = handler.onFailure?.(job, err);
      this.inTransaction(() => {
        if (!this.o.store.finish(lease, "failed", message, now)) throw new LeaseLost();
        commit?.();
      });
      this.o.events.emit("job.failed", { id: job.id, kind: job.kind, error: message });
    } catch (inner) {
      if (inner instanceof LeaseLost) this.o.events.emit("job.lease_lost", { id: job.id, kind: job.kind });
      else this.o.logger.error("could not record job outcome", { job: job.id, error: errorMessage(inner) });
    }
  }

  private inTransaction(fn: () => void): void {
    this.tx.immediate(fn);
  }
}
