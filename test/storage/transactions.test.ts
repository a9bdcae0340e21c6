/**
 * The storage interface's semantics (src/storage/sql-database.ts), the same on both backends: where a
 * statement's error is thrown, what a failed statement does to its transaction and savepoint, what other
 * callers see of an open transaction, and how locks serialise transactions.
 */
import { Database as BunSqlite } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { type Database, TransactionAborted } from "../../src/storage/sql-database.ts";
import { ConnectionWaitTimeout, SqliteDatabase } from "../../src/storage/sqlite-database.ts";
import { describeEachBackend } from "../support/backends.ts";

let db: Database;
const insert = "INSERT INTO t (k) VALUES (?)";
const keys = async () => (await db.query<{ k: string }, []>("SELECT k FROM t ORDER BY k").all()).map((r) => r.k);
const isDuplicate = (e: unknown) => /unique|duplicate/i.test(String((e as Error)?.message));
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
};
/** A promise and the function that resolves it. */
function gate(): { open: () => void; opened: Promise<void> } {
  const { promise, resolve } = Promise.withResolvers<void>();
  return { open: resolve, opened: promise };
}

describeEachBackend("transactions", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    await db.exec("DROP TABLE IF EXISTS t");
    await db.exec("CREATE TABLE t (k TEXT PRIMARY KEY, n INTEGER)");
  });
  afterEach(() => db.close());

  test("a statement's error is thrown where it is awaited, outside a transaction and inside one", async () => {
    await db.query(insert).run("a");
    const outside = await db
      .query(insert)
      .run("a")
      .catch((e: unknown) => e);
    expect(isDuplicate(outside)).toBe(true);
    let caught: unknown = null;
    const outcome = await db
      .transaction(async (tx) => {
        await tx.query(insert).run("b");
        try {
          await tx.query(insert).run("a");
        } catch (e) {
          caught = e; // here, at the call: not at COMMIT
        }
      })
      .catch((e: unknown) => e);
    expect(isDuplicate(caught)).toBe(true);
    // ... and a transaction whose statement failed cannot commit, though the callback caught the error
    expect(outcome).toBeInstanceOf(TransactionAborted);
    expect((outcome as TransactionAborted).cause).toBe(caught);
    expect(await keys()).toEqual(["a"]);
  });

  test("after a failed statement the transaction refuses the next ones, naming the failure as their cause", async () => {
    await db.query(insert).run("a");
    let next: unknown = null;
    await db
      .transaction(async (tx) => {
        const failed = await tx
          .query(insert)
          .run("a")
          .catch((e: unknown) => e);
        next = await tx
          .query(insert)
          .run("c")
          .catch((e: unknown) => e);
        expect((next as TransactionAborted).cause).toBe(failed);
      })
      .catch(() => {});
    expect(next).toBeInstanceOf(TransactionAborted);
    expect(await keys()).toEqual(["a"]);
  });

  test("statements issued together settle each with its own outcome, and the first failure fails the rest", async () => {
    await db.query(insert).run("a");
    const outcome = await db
      .transaction(async (tx) => {
        const ins = tx.query(insert);
        const results = await Promise.allSettled([ins.run("x"), ins.run("a"), ins.run("y")]);
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
        const [, dup, after] = results as PromiseRejectedResult[];
        expect(isDuplicate(dup!.reason)).toBe(true);
        expect(after!.reason).toBeInstanceOf(TransactionAborted);
        expect(after!.reason.cause).toBe(dup!.reason);
      })
      .catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(TransactionAborted);
    expect(await keys()).toEqual(["a"]);
  });

  test("a failed statement nobody awaited still keeps its transaction from committing", async () => {
    await db.query(insert).run("a");
    const outcome = await db
      .transaction(async (tx) => {
        void tx.query(insert).run("z");
        void tx
          .query(insert)
          .run("a")
          .catch(() => {});
        return "done";
      })
      .catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(TransactionAborted);
    expect(isDuplicate((outcome as TransactionAborted).cause)).toBe(true);
    expect(await keys()).toEqual(["a"]);
  });

  test("a savepoint that throws rolls back to itself only; the transaction goes on and commits", async () => {
    await db.transaction(async (tx) => {
      await tx.query(insert).run("before");
      await expect(
        tx.savepoint(async (sp) => {
          await sp.query(insert).run("inside");
          throw new Error("undo the savepoint");
        }),
      ).rejects.toThrow("undo the savepoint");
      await tx.query(insert).run("after");
    });
    expect(await keys()).toEqual(["after", "before"]);
  });

  test("a savepoint whose statement failed is rolled back even if the error was caught; the transaction commits the rest", async () => {
    await db.query(insert).run("a");
    await db.transaction(async (tx) => {
      const outcome = await tx
        .savepoint(async (sp) => {
          await sp.query(insert).run("inside");
          await sp
            .query(insert)
            .run("a")
            .catch(() => {});
          return "looked fine";
        })
        .catch((e: unknown) => e);
      expect(outcome).toBeInstanceOf(TransactionAborted);
      const nested = await tx.savepoint(async (sp) => {
        await sp.query(insert).run("kept");
        return sp.savepoint(
          async (inner) => (await inner.query<{ n: number }>("SELECT count(*) AS n FROM t").get())!.n,
        );
      });
      expect(nested).toBe(2); // a and kept: not "inside"
    });
    expect(await keys()).toEqual(["a", "kept"]);
  });

  test("a handle is refused after its transaction ended, and the parent while a savepoint is open", async () => {
    let leaked: Parameters<Parameters<Database["transaction"]>[0]>[0] | null = null;
    await db.transaction(async (tx) => {
      leaked = tx;
      await tx.savepoint(async () => {
        await expect(tx.query(insert).run("parent")).rejects.toThrow("savepoint");
      });
    });
    await expect(leaked!.query(insert).run("late")).rejects.toThrow("ended");
    expect(await keys()).toEqual([]);
  });

  test("no other caller's statement joins an open transaction, and none reads its uncommitted rows", async () => {
    const holding = gate();
    const release = gate();
    const tx = db.transaction(async (t) => {
      await t.query(insert).run("tx");
      holding.open();
      await release.opened;
      throw new Error("roll back");
    });
    await holding.opened;
    const outside = db.query(insert).run("outside");
    const read = db.query<{ n: number }, []>("SELECT count(*) AS n FROM t WHERE k = 'tx'").get();
    await turns(3);
    release.open();
    await expect(tx).rejects.toThrow("roll back");
    await outside;
    expect(await read).toEqual({ n: 0 });
    // the rollback took back the transaction's own row only: the outside insert was never part of it
    expect(await keys()).toEqual(["outside"]);
  });

  test("transactions locking one name are serialised: read-then-write loses no update", async () => {
    await db.query("INSERT INTO t (k, n) VALUES ('c', 0)").run();
    const bump = () =>
      db.transaction(
        async (tx) => {
          const row = await tx.query<{ n: number }, []>("SELECT n FROM t WHERE k = 'c'").get();
          await turns(3); // let the others run as far as they can meanwhile
          await tx.query("UPDATE t SET n = ? WHERE k = 'c'").run(row!.n + 1);
        },
        { locks: ["counter"] },
      );
    await Promise.all([bump(), bump(), bump(), bump()]);
    expect(await db.query<{ n: number }, []>("SELECT n FROM t WHERE k = 'c'").get()).toEqual({ n: 4 });
  });

  test("exec runs several statements; a transaction's value is what its callback returned", async () => {
    await db.exec("INSERT INTO t (k) VALUES ('p'); INSERT INTO t (k) VALUES ('q')");
    const n = await db.transaction(async (tx) => {
      await tx.exec("UPDATE t SET n = 1");
      return (await tx.query("UPDATE t SET n = 2 WHERE k = ?").run("p")).changes;
    });
    expect(n).toBe(1);
    expect(await db.query("SELECT k, n FROM t ORDER BY k").all()).toEqual([
      { k: "p", n: 2 },
      { k: "q", n: 1 },
    ]);
  });
});

test("SQLite: a statement that waits for the connection longer than the wait timeout fails loudly", async () => {
  const sqlite = new SqliteDatabase(new BunSqlite(":memory:"), { waitTimeoutMs: 50 });
  await sqlite.exec("CREATE TABLE t (k TEXT PRIMARY KEY)");
  // the mistake this guards against: a statement on the database awaited inside a transaction, which
  // on SQLite waits for the connection the transaction itself holds
  const outcome = await sqlite
    .transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES ('a')").run();
      await sqlite.query("SELECT 1").get();
    })
    .catch((e: unknown) => e);
  expect(outcome).toBeInstanceOf(ConnectionWaitTimeout);
  expect(await sqlite.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
  await sqlite.close();
});
