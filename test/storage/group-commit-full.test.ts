/**
 * SQLite rolls the whole transaction back on SQLITE_FULL. Group commit must then reject every item of
 * the batch with that cause (found by the disk-pressure chaos run), not with the "cannot commit - no
 * transaction is active" that a commit of the vanished transaction raises.
 */
import { expect, test } from "bun:test";
import { openDatabase } from "../../src/storage/database.ts";
import { GroupCommit } from "../../src/storage/group-commit.ts";
import type { Transaction } from "../../src/storage/sql-database.ts";

/** The SQLite error behind a failure (itself, or the cause of the TransactionAborted it led to). */
const sqliteCode = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === "TRANSACTION_ABORTED" ? err.cause?.code : err.code;
};

test("a full database fails the whole batch with SQLITE_FULL; nothing of it is stored; later batches work", async () => {
  const db = await openDatabase(":memory:", { migrate: false });
  await db.exec("CREATE TABLE t (b BLOB)");
  const pages = (await db.query<{ page_count: number }, []>("PRAGMA page_count").get())!.page_count;
  await db.exec(`PRAGMA max_page_count = ${pages + 1}`);
  const gc = new GroupCommit(db);
  const insert = (bytes: number) => async (tx: Transaction) =>
    (await tx.query("INSERT INTO t VALUES (?)").run(new Uint8Array(bytes))).changes;
  const results = await Promise.allSettled([gc.run(insert(10)), gc.run(insert(200_000)), gc.run(insert(10))]);
  for (const r of results) {
    expect(r.status).toBe("rejected");
    expect(sqliteCode((r as PromiseRejectedResult).reason)).toBe("SQLITE_FULL");
  }
  expect(await db.query<{ n: number }, []>("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
  expect(db.raw.inTransaction).toBe(false);
  await db.exec("PRAGMA max_page_count = 1073741823");
  expect(await gc.run(insert(200_000))).toBe(1);
  await db.close();
});
