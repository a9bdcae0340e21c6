import type { Clock } from "../lib/index.ts";
import type { Queryable } from "../storage/index.ts";
import type { JobStore } from "./job-store.ts";

export interface EnqueueOptions {
  runAt?: number;
  maxAttempts?: number;
  /** whose work it is (a client's id): the workers are shared fairly between these (fair-claim.ts) */
  fairKey?: string | null;
}

/**
 * The producer side of the engine. `enqueue` takes the caller's transaction, so the job can be inserted
 * in the same transaction as the caller's own rows: the job exists exactly when the caller's data does.
 */
export class JobQueue {
  private wakers = new Set<() => void>();

  constructor(
    private readonly store: JobStore,
    private readonly clock: Clock,
  ) {}

  /** Insert a queued job (in `tx` when given); its id. */
  enqueue(kind: string, payload: unknown, opts: EnqueueOptions = {}, tx?: Queryable): Promise<number> {
    const now = this.clock.now();
    return (tx ? this.store.on(tx) : this.store).insert(
      {
        kind,
        payload: JSON.stringify(payload),
        max_attempts: opts.maxAttempts ?? 5,
        run_at: opts.runAt ?? now,
        fair_key: opts.fairKey ?? null,
      },
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
