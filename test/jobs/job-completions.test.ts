import { afterEach, beforeEach, expect, test } from "bun:test";
import { JobCompletions } from "../../src/jobs/job-completions.ts";
import { LeaseLost } from "../../src/jobs/job-errors.ts";
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { type JobRow, JobStore } from "../../src/jobs/job-store.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import type { Database } from "../../src/storage/database.ts";
import type { PostgresDatabase } from "../../src/storage/postgres/postgres-database.ts";
import type { Transaction } from "../../src/storage/sql-database.ts";
import { describeEachBackend } from "../support/backends.ts";

let db: Database;
let store: JobStore;
let queue: JobQueue;
let clock: ManualClock;
let completions: JobCompletions;
const spec = { kinds: ["echo"], owner: "w1", leaseMs: 30_000 };

const effects = async () =>
  (await db.query<{ job_id: number }, []>("SELECT job_id FROM effects ORDER BY job_id").all()).map((r) => r.job_id);
const effect = (id: number) => async (tx: Transaction) => {
  await tx.query("INSERT INTO effects VALUES (?)").run(id);
};
const lease = (row: JobRow) => ({ id: row.id, token: row.lease_token! });
const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** Count the statements the database is sent while `fn`'s promise settles (PostgreSQL only). */
async function statements<T>(fn: () => Promise<T>): Promise<{ value: T; count: number }> {
  const pg = db as PostgresDatabase;
  const before = pg.statementsSent;
  const value = await fn();
  return { value, count: pg.statementsSent - before };
}

describeEachBackend("job completions (batched)", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    await db.exec("CREATE TABLE IF NOT EXISTS effects (job_id INTEGER)");
    await db.exec("DELETE FROM effects");
    clock = new ManualClock();
    store = new JobStore(db);
    queue = new JobQueue(store, clock);
    completions = new JobCompletions(
      db,
      store,
      () => spec,
      () => clock.now(),
    );
  });
  afterEach(async () => await db.close());

  test("completions arriving together commit together, and each slot that goes on gets one next job, oldest first", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await queue.enqueue("echo", { i }));
    const running = await store.claim(["echo"], "w1", 3, clock.now(), 30_000);
    expect(running.map((r) => r.id)).toEqual(ids.slice(0, 3));
    const results = await Promise.all([
      completions.complete(lease(running[0]!), undefined, () => true),
      completions.complete(lease(running[1]!), undefined, () => false),
      completions.complete(lease(running[2]!), undefined, () => true),
    ]);
    for (const r of running) expect(await store.get(r.id)).toMatchObject({ state: "completed", lease_token: null });
    // slot 2 stops (the worker is stopping): only two next jobs are claimed, in (run_at, id) order
    expect(results.map((r) => r?.id ?? null)).toEqual([ids[3]!, null, ids[4]!]);
    for (const r of [results[0]!, results[2]!])
      expect(await store.get(r.id)).toMatchObject({ state: "running", lease_owner: "w1", attempts: 1 });
    expect((await store.get(ids[5]!))!.state).toBe("queued");
  });

  test("fewer due jobs than slots: the slots get what is due and the rest get none", async () => {
    const ids = [await queue.enqueue("echo", {}), await queue.enqueue("echo", {}), await queue.enqueue("echo", {})];
    await queue.enqueue("echo", {}, { runAt: clock.now() + 60_000 }); // not due
    const running = await store.claim(["echo"], "w1", 2, clock.now(), 30_000);
    const next = await Promise.all(running.map((r) => completions.complete(lease(r), undefined, () => true)));
    expect(next.filter(Boolean).map((r) => r!.id)).toEqual([ids[2]!]);
  });

  test("a handler's writes that throw fail only that job: its completion is not written, the others commit", async () => {
    for (let i = 0; i < 3; i++) await queue.enqueue("echo", { i });
    const running = await store.claim(["echo"], "w1", 3, clock.now(), 30_000);
    const boom = new Error("handler write failed");
    const outcomes = await Promise.all([
      settle(completions.complete(lease(running[0]!), effect(running[0]!.id), () => false)),
      settle(
        completions.complete(
          lease(running[1]!),
          async (tx) => {
            await effect(running[1]!.id)(tx);
            throw boom;
          },
          () => false,
        ),
      ),
      settle(completions.complete(lease(running[2]!), effect(running[2]!.id), () => false)),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]).toMatchObject({ ok: false, error: boom });
    expect(await effects()).toEqual([running[0]!.id, running[2]!.id]); // the failed one's partial write rolled back
    expect(await store.get(running[1]!.id)).toMatchObject({ state: "running", lease_token: running[1]!.lease_token });
    expect((await store.get(running[0]!.id))!.state).toBe("completed");
  });

  test("a job whose lease was lost rejects with LeaseLost and writes nothing; the rest of its batch completes", async () => {
    for (let i = 0; i < 2; i++) await queue.enqueue("echo", { i });
    const running = await store.claim(["echo"], "w1", 2, clock.now(), 30_000);
    // the first lease lapses and another worker takes the job over
    clock.advance(31_000);
    expect((await store.rescueExpired(clock.now())).length).toBe(2);
    const retaken = (await store.claim(["echo"], "w2", 1, clock.now(), 30_000))[0]!;
    expect(retaken.id).toBe(running[0]!.id);
    const [lost, stale] = await Promise.all([
      settle(completions.complete(lease(running[0]!), effect(running[0]!.id), () => true)),
      settle(completions.complete(lease(running[1]!), undefined, () => true)),
    ]);
    expect(lost.ok).toBe(false);
    expect(lost.ok ? null : lost.error).toBeInstanceOf(LeaseLost);
    expect(stale.ok ? null : stale.error).toBeInstanceOf(LeaseLost); // rescued to the queue: also not ours
    expect(await effects()).toEqual([]);
    expect(await store.get(running[0]!.id)).toMatchObject({ state: "running", lease_owner: "w2" });
    // no job was claimed for slots whose completion did not hold
    expect(
      (await db.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs WHERE lease_owner = 'w1'").get())!.n,
    ).toBe(0);
  });

  test("a failure of the batch itself rejects every completion in it and stores none of them", async () => {
    for (let i = 0; i < 2; i++) await queue.enqueue("echo", { i });
    const running = await store.claim(["echo"], "w1", 2, clock.now(), 30_000);
    await db.exec("ALTER TABLE jobs RENAME TO jobs_away");
    let outcomes: Array<{ ok: boolean }>;
    try {
      outcomes = await Promise.all(running.map((r) => settle(completions.complete(lease(r), undefined, () => true))));
    } finally {
      await db.exec("ALTER TABLE jobs_away RENAME TO jobs");
    }
    expect(outcomes.map((o) => o.ok)).toEqual([false, false]);
    for (const r of running)
      expect(await store.get(r.id)).toMatchObject({ state: "running", lease_token: r.lease_token });
  });

  if (backend.name === "postgres")
    test("PostgreSQL: a batch without handler writes is one statement, whatever its size", async () => {
      for (let i = 0; i < 8; i++) await queue.enqueue("echo", { i });
      const running = await store.claim(["echo"], "w1", 4, clock.now(), 30_000);
      const { value, count } = await statements(() =>
        Promise.all(running.map((r) => completions.complete(lease(r), undefined, () => true))),
      );
      expect(value.every(Boolean)).toBe(true);
      expect(count).toBe(1);
      // with handler writes: BEGIN, the lock, per job its savepoint, write and release, the completion and
      // the COMMIT (BEGIN, the savepoints and their releases are pipelined: no round trip of their own)
      const more = value as JobRow[];
      const withWrites = await statements(() =>
        Promise.all(more.map((r) => completions.complete(lease(r), effect(r.id), () => false))),
      );
      expect(withWrites.count).toBe(1 + 1 + 3 * more.length + 1 + 1);
      expect(await effects()).toEqual(more.map((r) => r.id));
    });
});
