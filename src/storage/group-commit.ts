import { TickBatcher } from "../lib/tick-batcher.ts";
import { fencedWrite, scopedLocks } from "./backend.ts";
import type { Database } from "./database.ts";

/**
 * Group commit: synchronous write functions submitted while a transaction is being written are
 * committed together in the next one (BEGIN IMMEDIATE ... COMMIT, one fsync for the group). Each item
 * runs in its own savepoint, so one item's error rolls back only that item and rejects only its promise.
 * Every promise settles only after its transaction committed: a resolved item is durable.
 * `fenced`: the items' writes are guarded by row locks and fencing tokens (see fencedWrite), so on
 * PostgreSQL the batch need not wait for the single-writer lock.
 * A `scope` given with every item of a batch (e.g. the client whose limits the items check): on
 * PostgreSQL the batch is serialised only with transactions of the same scopes, on every replica, instead
 * of with every writer; on SQLite nothing changes (one writer).
 */
type Item = { fn: () => unknown; scope?: string; resolve: (v: never) => void; reject: (e: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export class GroupCommit {
  private readonly batcher: TickBatcher<Item>;
  private readonly runItem: ReturnType<Database["transaction"]>;
  private readonly commitBatch: (items: Array<() => unknown>, scopes: string[]) => unknown;
  private readonly commitScoped: ((items: Array<() => unknown>, scopes: string[]) => unknown) | null;

  constructor(db: Database, maxBatch = 256, opts: { fenced?: boolean } = {}) {
    this.batcher = new TickBatcher((batch) => this.commit(batch), maxBatch);
    this.runItem = db.transaction((fn: () => unknown) => fn()); // nested: a SAVEPOINT
    const lock = scopedLocks(db);
    const runBatch = db.transaction((items: Array<() => unknown>, scopes: string[]) => {
      if (scopes.length > 0) lock!(scopes);
      return items.map((fn) => {
        try {
          return { ok: true as const, value: this.runItem(fn) };
        } catch (error) {
          // SQLITE_FULL, IOERR ... roll the whole transaction back: the batch fails with that cause
          if (!db.inTransaction) throw error;
          return { ok: false as const, error };
        }
      });
    });
    this.commitBatch = opts.fenced ? fencedWrite(db, runBatch) : runBatch.immediate;
    this.commitScoped = lock ? runBatch.deferred : null;
  }

  /** Commit `fn` with the next group; `scope`: see the class comment. */
  run<T>(fn: () => T, scope?: string): Promise<T> {
    return new Promise<T>((resolve, reject) => this.batcher.push({ fn, scope, resolve, reject }));
  }

  private commit(batch: Item[]): void {
    let results: Outcome[];
    const scopes = batch.map((b) => b.scope).filter((s): s is string => s !== undefined);
    const fns = batch.map((b) => b.fn);
    try {
      results = (
        this.commitScoped && scopes.length === batch.length ? this.commitScoped(fns, scopes) : this.commitBatch(fns, [])
      ) as Outcome[];
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
