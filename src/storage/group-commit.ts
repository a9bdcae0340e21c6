import { TickBatcher } from "../lib/index.ts";
import type { Database, Transaction } from "./sql-database.ts";

/**
 * Group commit: write functions submitted while a transaction is being written are committed together
 * in the next one (one COMMIT, one fsync for the group). Each item runs in its own savepoint, so one
 * item's error rolls back only that item and rejects only its promise. Every promise settles only after
 * its transaction committed: a resolved item is durable.
 * A `scope` given with an item (e.g. the client whose limits the item checks) groups it with the items
 * of that scope only, and is locked by their batch (Transaction.lock): on PostgreSQL the batch is
 * serialised only with transactions holding the same scope, on every replica, and batches of other
 * scopes commit meanwhile (a batch waiting for its scope's lock holds up no other scope); on SQLite the
 * write lock serialises every writer anyway.
 */
type Item = {
  fn: (tx: Transaction) => Promise<unknown>;
  scope?: string;
  resolve: (v: never) => void;
  reject: (e: unknown) => void;
};
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export class GroupCommit {
  /** one batcher per scope ("" for items without one): each commits one batch at a time */
  private readonly batchers = new Map<string, TickBatcher<Item>>();

  constructor(
    private readonly db: Database,
    private readonly maxBatch = 256,
  ) {}

  /** Commit `fn` with the next group of its scope; `scope`: see the class comment. */
  run<T>(fn: (tx: Transaction) => Promise<T>, scope?: string): Promise<T> {
    const key = scope ?? "";
    let batcher = this.batchers.get(key);
    if (!batcher) {
      batcher = new TickBatcher((batch) => this.commit(batch), this.maxBatch);
      this.batchers.set(key, batcher);
    }
    const b = batcher;
    return new Promise<T>((resolve, reject) => b.push({ fn, scope, resolve, reject }));
  }

  private async commit(batch: Item[]): Promise<void> {
    const scopes = [...new Set(batch.flatMap((b) => (b.scope === undefined ? [] : [b.scope])))];
    let results: Outcome[];
    try {
      results = await this.db.transaction(
        async (tx) => {
          // one item alone needs no savepoint: its error rolls back the transaction, which is only its own
          if (batch.length === 1) return [{ ok: true as const, value: await batch[0]!.fn(tx) }];
          const out: Outcome[] = [];
          for (const b of batch) {
            try {
              out.push({ ok: true, value: await tx.savepoint(b.fn) });
            } catch (error) {
              out.push({ ok: false, error });
            }
          }
          return out;
        },
        { locks: scopes },
      );
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
