/**
 * Group commit (src/storage/group-commit.ts), the same on both backends: items submitted together share
 * one transaction, each in its own savepoint; a failed item rejects alone; every promise settles once the
 * transaction committed; items of one scope are serialised with other transactions of that scope.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { Database } from "../../src/storage/database.ts";
import { GroupCommit } from "../../src/storage/group-commit.ts";
import type { Transaction } from "../../src/storage/sql-database.ts";
import { describeEachBackend } from "../support/backends.ts";

let db: Database;
const ids = async () => (await db.query<{ id: number }, []>("SELECT id FROM t ORDER BY id").all()).map((r) => r.id);
const insert = (id: number) => async (tx: Transaction) =>
  (await tx.query("INSERT INTO t (id) VALUES (?)").run(id)).changes;
const duplicate = (e: unknown) => /unique|duplicate/i.test(String((e as Error)?.message));

describeEachBackend("group commit", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    await db.exec("DROP TABLE IF EXISTS t");
    await db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY)");
  });
  afterEach(() => db.close());

  test("a failed item rejects alone, with its own error; the others of its batch commit", async () => {
    await db.query("INSERT INTO t (id) VALUES (2)").run();
    const gc = new GroupCommit(db);
    const results = await Promise.allSettled([1, 2, 3].map((id) => gc.run(insert(id))));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(duplicate((results[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(await ids()).toEqual([1, 2, 3]);
  });

  test("an item that throws after its writes takes them back; its value or error is its own", async () => {
    const gc = new GroupCommit(db);
    const results = await Promise.allSettled([
      gc.run(insert(1)),
      gc.run(async (tx) => {
        await insert(2)(tx);
        throw new Error("refused after writing");
      }),
      gc.run(async (tx) => (await insert(3)(tx)) + 40),
    ]);
    expect(results).toEqual([
      { status: "fulfilled", value: 1 },
      { status: "rejected", reason: new Error("refused after writing") },
      { status: "fulfilled", value: 41 },
    ]);
    expect(await ids()).toEqual([1, 3]);
  });

  test("items submitted together share one transaction: each resolves only once it is committed", async () => {
    const gc = new GroupCommit(db);
    const seen: number[][] = [];
    const results = await Promise.all(
      [1, 2, 3].map((id) =>
        gc.run(async (tx) => {
          await insert(id)(tx);
          // inside the batch's transaction, the items before this one are visible already
          seen.push((await tx.query<{ id: number }, []>("SELECT id FROM t ORDER BY id").all()).map((r) => r.id));
          return id;
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3]);
    expect(seen).toEqual([[1], [1, 2], [1, 2, 3]]);
    expect(await ids()).toEqual([1, 2, 3]);
  });

  test("items of one scope are serialised with transactions locking it: no lost update", async () => {
    await db.exec("DROP TABLE IF EXISTS counter");
    await db.exec("CREATE TABLE counter (n INTEGER NOT NULL)");
    await db.query("INSERT INTO counter (n) VALUES (0)").run();
    const gc = new GroupCommit(db);
    const bump = async (tx: Transaction) => {
      const row = await tx.query<{ n: number }, []>("SELECT n FROM counter").get();
      await tx.query("UPDATE counter SET n = ?").run(row!.n + 1);
    };
    // a batch of the scope, and transactions of the same scope outside group commit, interleaved
    await Promise.all([
      gc.run(bump, "scope:a"),
      db.transaction(bump, { locks: ["scope:a"] }),
      gc.run(bump, "scope:a"),
      db.transaction(bump, { locks: ["scope:a"] }),
    ]);
    expect(await db.query("SELECT n FROM counter").get()).toEqual({ n: 4 });
  });
});
