/**
 * SQLite rolls the whole transaction back on SQLITE_FULL. Group commit must then reject every item of
 * the batch with that cause (found by the disk-pressure chaos run), not with the "cannot commit - no
 * transaction is active" that a commit of the vanished transaction raises.
 */
import { expect, test } from "bun:test";
import { openDatabase } from "../../src/storage/database.ts";
import { GroupCommit } from "../../src/storage/group-commit.ts";

test("a full database fails the whole batch with SQLITE_FULL; nothing of it is stored; later batches work", async () => {
  const db = openDatabase(":memory:", { migrate: false });
  db.exec("CREATE TABLE t (b BLOB)");
  const pages = db.query<{ page_count: number }, []>("PRAGMA page_count").get()!.page_count;
  db.exec(`PRAGMA max_page_count = ${pages + 1}`);
  const gc = new GroupCommit(db);
  const insert = (bytes: number) => () => db.query("INSERT INTO t VALUES (?)").run(new Uint8Array(bytes)).changes;
  const results = await Promise.allSettled([gc.run(insert(10)), gc.run(insert(200_000)), gc.run(insert(10))]);
  for (const r of results) {
    expect(r.status).toBe("rejected");
    expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_FULL" });
  }
  expect(db.query<{ n: number }, []>("SELECT count(*) AS n FROM t").get()!.n).toBe(0);
  expect(db.inTransaction).toBe(false);
  db.exec("PRAGMA max_page_count = 1073741823");
  expect(await gc.run(insert(200_000))).toBe(1);
  db.close();
});
