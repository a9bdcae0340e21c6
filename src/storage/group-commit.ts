import type { Database } from "./database.ts";

/**
 * Group commit: synchronous write functions submitted while a transaction is being written are
 * committed together in the next one (BEGIN IMMEDIATE ... COMMIT, one fsync for the group). Each item
 * runs in its own savepoint, so one item's error rolls back only that item and rejects only its promise.
 * Every promise settles only after its transaction committed: a resolved item is durable.
 */
export class GroupCommit {
  private pending: Array<{ fn: () => unknown; resolve: (v: never) => void; reject: (e: unknown) => void }> = [];
  private scheduled = false;
  private readonly runBatch: ReturnType<Database["transaction"]>;
  private readonly runItem: ReturnType<Database["transaction"]>;

  constructor(
    db: Database,
    private readonly maxBatch = 256,
  ) {
    this.runItem = db.transaction((fn: () => unknown) => fn()); // nested: a SAVEPOINT
    this.runBatch = db.transaction((items: Array<() => unknown>) =>
      items.map((fn) => {
        try {
          return { ok: true as const, value: this.runItem(fn) };
        } catch (error) {
          // SQLITE_FULL, IOERR ... roll the whole transaction back: the batch fails with that cause
          if (!db.inTransaction) throw error;
          return { ok: false as const, error };
        }
      }),
    );
  }

  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ fn, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatch);
      let results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
      try {
        results = this.runBatch.immediate(batch.map((b) => b.fn)) as typeof results;
      } catch (error) {
        for (const b of batch) b.reject(error); // the commit itself failed: nothing of the batch is stored
        continue;
      }
      batch.forEach((b, i) => {
        const r = results[i]!;
        // the value is what this item's own fn returned: the T of its run<T>
        if (r.ok) b.resolve(r.value as never);
        else b.reject(r.error);
      });
    }
  }
}
