import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { JobEvents } from "../../src/jobs/job-handler.ts";
import { JobQueue } from "../../src/jobs/job-queue.ts";
import { type JobRow, JobStore } from "../../src/jobs/job-store.ts";
import { Worker } from "../../src/jobs/worker.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { EventBus } from "../../src/lib/events.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import type { Transaction } from "../../src/storage/sql-database.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

/**
 * Claims on PostgreSQL by several replicas at once (src/jobs/postgres-due-scan.ts). Under READ COMMITTED a
 * claim sees the rows as of its statement's start; the rows another replica claimed since are still queued
 * there. A claim must pass over them without locking them: a lock it took there and kept until its commit
 * would make the replica that owns the job wait for that commit to complete it. Each scenario is staged
 * with real transactions on separate connections, in a fixed order (a statement is known to wait when
 * pg_stat_activity says so), not with timing.
 */
const KINDS = ["echo"];
const LEASE_MS = 30_000;

/** A promise and the function that resolves it. */
function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Run `fn` in a transaction of `db` that stays open until `release` is called: its row locks stay held.
 * `ready` resolves with what `fn` returned, the transaction's end with the same value.
 */
const held: Array<() => void> = [];
function heldTransaction<T>(db: Database, fn: (tx: Transaction) => Promise<T>) {
  const ready = signal<T>();
  const release = signal();
  held.push(() => release.resolve());
  const ended = db.transaction(async (tx) => {
    const value = await fn(tx);
    ready.resolve(value);
    await release.promise;
    return value;
  });
  return { ready: ready.promise, release: () => release.resolve(), ended };
}

describe.skipIf(!postgresBinDir())("claims by replicas at once on PostgreSQL", () => {
  let url: string;
  let a: Database;
  let b: Database;
  let other: Database;
  let clock: ManualClock;
  const opened: Database[] = [];
  const open = async () => {
    const db = await openStorage({ dbPath: "", databaseUrl: url });
    opened.push(db);
    return db;
  };

  beforeEach(async () => {
    url = await freshDatabaseUrl("claimsnap");
    [a, b, other] = [await open(), await open(), await open()];
    clock = new ManualClock();
  }, 120_000);
  afterEach(async () => {
    for (const end of held.splice(0)) end(); // a failed test's transactions end too
    for (const db of opened.splice(0)) await db.close();
  });
  afterAll(() => stopSharedPostgres());

  const enqueue = async (n: number) => {
    const queue = new JobQueue(new JobStore(a), clock);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await queue.enqueue("echo", { i }));
    return ids;
  };
  const backendPid = async (tx: Transaction) =>
    (await tx.query<{ pid: number }, []>("SELECT pg_backend_pid() AS pid").get())!.pid;
  /** Resolves once backend `pid` waits for a lock (polled, one query per round, no timer). */
  const waitsForLock = async (pid: number) => {
    const q = other.query<{ w: string | null }, [number]>(
      "SELECT wait_event_type AS w FROM pg_stat_activity WHERE pid = ?",
    );
    while ((await q.get(pid))?.w !== "Lock");
  };
  const rowsOf = (ids: number[]) =>
    other
      .query<Pick<JobRow, "id" | "state" | "lease_owner" | "attempts">, number[]>(
        `SELECT id, state, lease_owner, attempts FROM jobs WHERE id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`,
      )
      .all(...ids);

  test("a completion that claims passes over the jobs another replica claimed after its snapshot, and locks none of them", async () => {
    const [j1, j2, j3, j4, j5] = await enqueue(5);
    const [first] = await new JobStore(a).claim(KINDS, "A", 1, clock.now(), LEASE_MS);
    expect(first!.id).toBe(j1!);
    // a transaction holds j1's row: replica A's complete-and-claim of j1 starts (its snapshot taken) and waits
    const holder = heldTransaction(other, (tx) => tx.query("SELECT id FROM jobs WHERE id = ? FOR UPDATE").all(j1!));
    await holder.ready;
    const replicaA = heldTransaction(a, async (tx) => {
      const pid = await backendPid(tx);
      const completing = new JobStore(tx).completeMany(
        [{ id: first!.id, token: first!.lease_token!, next: true }],
        { kinds: KINDS, owner: "A", leaseMs: LEASE_MS },
        clock.now(),
      );
      return { pid, completing };
    });
    const { pid, completing } = await replicaA.ready;
    await waitsForLock(pid);
    // meanwhile replica B claims the two oldest due jobs and commits
    const taken = await new JobStore(b).claim(KINDS, "B", 2, clock.now(), LEASE_MS);
    expect(taken.map((r) => r.id)).toEqual([j2!, j3!]);
    holder.release();
    await holder.ended;
    // A's snapshot still shows j2 and j3 queued: it took the oldest job nobody holds
    const { finished, next } = await completing;
    expect([...finished]).toEqual([j1!]);
    expect(next.map((r) => r.id)).toEqual([j4!]);
    // A's transaction is still open, and B can lock (so complete) its jobs at once: A holds no lock on them
    const locked = await b.transaction((tx) =>
      tx
        .query<{ id: number }, number[]>("SELECT id FROM jobs WHERE id IN (?, ?) ORDER BY id FOR UPDATE NOWAIT")
        .all(j2!, j3!),
    );
    expect(locked.map((r) => r.id)).toEqual([j2!, j3!]);
    replicaA.release();
    await replicaA.ended;
    expect(await rowsOf([j1!, j2!, j3!, j4!, j5!])).toEqual([
      { id: j1!, state: "completed", lease_owner: null, attempts: 1 },
      { id: j2!, state: "running", lease_owner: "B", attempts: 1 },
      { id: j3!, state: "running", lease_owner: "B", attempts: 1 },
      { id: j4!, state: "running", lease_owner: "A", attempts: 1 },
      { id: j5!, state: "queued", lease_owner: null, attempts: 0 },
    ]);
  });

  test("a due job passed over for a mark that turns out free is claimed when no other job is due", async () => {
    const [j1, j2] = await enqueue(2);
    const [first] = await new JobStore(a).claim(KINDS, "A", 1, clock.now(), LEASE_MS);
    expect(first!.id).toBe(j1!);
    // one transaction holds j1's row and a key-share lock on j2 (as a foreign key's check takes): j2's row
    // then carries that transaction's id, in progress when A's snapshot is taken, ended when A's scan runs
    const holder = heldTransaction(other, async (tx) => {
      await tx.query("SELECT id FROM jobs WHERE id = ? FOR UPDATE").all(j1!);
      await tx.query("SELECT id FROM jobs WHERE id = ? FOR KEY SHARE").all(j2!);
    });
    await holder.ready;
    const replicaA = heldTransaction(a, async (tx) => ({
      pid: await backendPid(tx),
      completing: new JobStore(tx).completeMany(
        [{ id: first!.id, token: first!.lease_token!, next: true }],
        { kinds: KINDS, owner: "A", leaseMs: LEASE_MS },
        clock.now(),
      ),
    }));
    const { pid, completing } = await replicaA.ready;
    await waitsForLock(pid);
    holder.release();
    await holder.ended;
    const { next } = await completing;
    expect(next.map((r) => r.id)).toEqual([j2!]);
    replicaA.release();
    await replicaA.ended;
  });

  test("three replicas' workers draining one queue at once run every job once", async () => {
    const ids = await enqueue(300);
    const ranBy = new Map<number, string[]>();
    const replica = (db: Database) => {
      const store = new JobStore(db);
      const w = new Worker({
        db,
        store,
        queue: new JobQueue(store, clock),
        clock,
        events: new EventBus<JobEvents>(),
        logger: silentLogger,
        handlers: [
          {
            kind: "echo",
            run: async (job) => {
              ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), w.owner]);
            },
          },
        ],
        concurrency: 4,
        leaseMs: LEASE_MS,
      });
      return w;
    };
    const ran = await Promise.all([a, b, await open()].map((db) => replica(db).runOnce()));
    expect(ran.reduce((s, n) => s + n, 0)).toBe(ids.length);
    expect([...ranBy.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...ranBy.values()].every((owners) => owners.length === 1)).toBe(true);
    const states = await other
      .query<{ state: string; attempts: number; n: number }, []>(
        "SELECT state, attempts, count(*)::int AS n FROM jobs GROUP BY state, attempts",
      )
      .all();
    expect(states).toEqual([{ state: "completed", attempts: 1, n: ids.length }]);
  });
});
