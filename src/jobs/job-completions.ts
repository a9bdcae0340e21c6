import { TickBatcher } from "../lib/index.ts";
import type { Database, Queryable, Transaction } from "../storage/index.ts";
import { LeaseLost } from "./job-errors.ts";
import type { CommitFn } from "./job-handler.ts";
import type { JobRow, JobStore, LeaseRef } from "./job-store.ts";

interface Pending {
  lease: LeaseRef;
  commit: CommitFn | undefined;
  /** asked at flush time: should this slot go on with a next job? */
  wantsNext: () => boolean;
  resolve: (next: JobRow | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Records the successful outcomes of jobs, batched: completions that arrive while one batch is being written
 * go together into the next (group commit), and the batch claims the next due job for each slot that goes on.
 *
 * A batch whose handlers have nothing to write is, on PostgreSQL, ONE statement: complete every lease that
 * still holds and claim the next jobs (one round trip and one commit for the batch, against two statements
 * and a transaction per job before). When handlers return writes, the batch is one transaction: lock the
 * rows of the leases still held (so none can be lost meanwhile), run each handler's writes in its own
 * savepoint (one that throws rejects only its job, whose completion is then not written), then complete
 * and claim as above. A job whose lease was lost rejects with LeaseLost and writes nothing; every promise
 * settles only after its batch committed.
 */
export class JobCompletions {
  private readonly batcher: TickBatcher<Pending>;

  constructor(
    private readonly db: Database,
    private readonly store: JobStore,
    private readonly claimSpec: () => { kinds: string[]; owner: string; leaseMs: number },
    private readonly now: () => number,
    maxBatch = 256,
  ) {
    this.batcher = new TickBatcher((batch) => this.record(batch), maxBatch);
  }

  /** Complete `lease` with the handler's writes; resolves with the next job claimed for this slot, if any. */
  complete(lease: LeaseRef, commit: CommitFn | undefined, wantsNext: () => boolean): Promise<JobRow | null> {
    return new Promise((resolve, reject) => this.batcher.push({ lease, commit, wantsNext, resolve, reject }));
  }

  private async record(batch: Pending[]): Promise<void> {
    const failed = new Map<Pending, unknown>();
    const wants = new Set<Pending>();
    let result: { finished: Set<number>; next: JobRow[] };
    try {
      const oneStatement = this.db.dialect === "postgres" && batch.every((p) => !p.commit);
      result = oneStatement
        ? await this.write(this.db, batch, failed, wants)
        : await this.db.transaction((tx) => this.write(tx, batch, failed, wants));
    } catch (error) {
      for (const p of batch) p.reject(error); // the batch did not commit: nothing of it is stored
      return;
    }
    // exactly one job was claimed per completed slot that asked (or fewer, when fewer were due)
    const next = [...result.next];
    for (const p of batch) {
      if (failed.has(p)) p.reject(failed.get(p));
      else if (!result.finished.has(p.lease.id)) p.reject(new LeaseLost());
      else p.resolve(wants.has(p) ? (next.shift() ?? null) : null);
    }
  }

  /** On PostgreSQL without writers `q` is the database (one statement); otherwise the batch's transaction. */
  private async write(
    q: Queryable,
    batch: Pending[],
    failed: Map<Pending, unknown>,
    wants: Set<Pending>,
  ): Promise<{ finished: Set<number>; next: JobRow[] }> {
    const store = this.store.on(q);
    const writers = batch.filter((p) => p.commit);
    const held = writers.length > 0 ? await store.lockHeld(writers.map((p) => p.lease)) : new Set<number>();
    for (const p of writers) {
      if (!held.has(p.lease.id)) continue; // lost: completeMany will not finish it either
      try {
        await (q as Transaction).savepoint(p.commit!);
      } catch (error) {
        // a handler's own error fails only its job; SQLITE_FULL, a lost connection ... have aborted the
        // transaction, whose next statement (completeMany) then fails the whole batch
        failed.set(p, error);
      }
    }
    const items = batch
      .filter((p) => !failed.has(p))
      .map((p) => {
        if (p.wantsNext()) wants.add(p);
        return { id: p.lease.id, token: p.lease.token, next: wants.has(p) };
      });
    return store.completeMany(items, this.claimSpec(), this.now());
  }
}
