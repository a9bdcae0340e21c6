import type { Clock } from "../lib/clock.ts";
import type { JobStore } from "./job-store.ts";

export interface EnqueueOptions {
  runAt?: number;
  maxAttempts?: number;
}

/**
 * The producer side of the engine. `enqueue` is synchronous so a caller can put it inside the same
 * SQLite transaction as its own rows: the job exists exactly when the caller's data does.
 */
export class JobQueue {
  private wakers = new Set<() => void>();

  constructor(
    private readonly store: JobStore,
    private readonly clock: Clock,
  ) {}

  enqueue(kind: string, payload: unknown, opts: EnqueueOptions = {}): number {
    const now = this.clock.now();
    return this.store.insert(
      { kind, payload: JSON.stringify(payload), max_attempts: opts.maxAttempts ?? 5, run_at: opts.runAt ?? now },
      now,
    );
  }

  /** Tell idle workers that work may be due (call after the enqueueing transaction committed). */
  notify(): void {
    for (const w of this.wakers) w();
  }

  onNotify(fn: () => void): () => void {
    this.wakers.add(fn);
    return () => this.wakers.delete(fn);
  }
}
