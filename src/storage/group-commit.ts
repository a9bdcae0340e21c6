import { TickBatcher } from "../lib/tick-batcher.ts";
import { fencedWrite } from "./backend.ts";
import type { Database } from "./database.ts";

/**
 * Group commit: synchronous write functions submitted while a transaction is being written are
 * committed together in the next one (BEGIN IMMEDIATE ... COMMIT, one fsync for the group). Each item
 * runs in its own savepoint, so one item's error rolls back only that item and rejects only its promise.
 * Every promise settles only after its transaction committed: a resolved item is durable.
 * `fenced`: the items' writes are guarded by row locks and fencing tokens (see fencedWrite), so on
 * PostgreSQL the batch need not wait for the single-writer lock.
 */
type Item = { fn: () => unknown; resolve: (v: never) => void; reject: (e: unknown) => void };

export class GroupCommit {
  private readonly batcher: TickBatcher<Item>;
  private readonly runItem: ReturnType<Database["transaction"]>;
  private readonly commitBatch: (items: Array<() => unknown>) => unknown;

  constructor(db: Database, maxBatch = 256, opts: { fenced?: boolean } = {}) {
    this.batcher = new TickBatcher((batch) => this.commit(batch), maxBatch);
    this.runItem = db.transaction((fn: () => unknown) => fn()); // nested: a SAVEPOINT
    const runBatch = db.transaction((items: Array<() => unknown>) =>
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
    this.commitBatch = opts.fenced ? fencedWrite(db, runBatch) : runBatch.immediate;
  }

  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => this.batcher.push({ fn, resolve, reject }));
  }

  private commit(batch: Item[]): void {
    let results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
    try {
      results = this.commitBatch(batch.map((b) => b.fn)) as typeof results;
    } catch (error) {
      for (const b of batch) b.reject(error); // the commit itself failed: nothing of the batch is stored
      return;
    }
    batch.forEach((b, i) => {
      const r = results[i]!;
      // the value is what this item's own fn returned: the T of its run<T>
      if (r.ok) b.resolve(r.value as never);
      else b.reject(r.error);
    });
  }
}
