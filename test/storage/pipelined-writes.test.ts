import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { Database } from "../../src/storage/database.ts";
import { GroupCommit } from "../../src/storage/group-commit.ts";
import { PostgresDatabase, type PostgresError } from "../../src/storage/postgres/postgres-database.ts";
import { write } from "../../src/storage/sql-database.ts";
import { describeEachBackend } from "../support/backends.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

afterAll(() => stopSharedPostgres());

let db: Database;
const ids = () =>
  db
    .query<{ id: number }, []>("SELECT id FROM t ORDER BY id")
    .all()
    .map((r) => r.id);
const insert = (id: number) => write(db, "INSERT INTO t (id) VALUES (?)", id);
const duplicate = (e: unknown) => /unique|UNIQUE/.test(String((e as Error).message));

/** `write`: the same outcome on both backends; on PostgreSQL without a round trip per write. */
describeEachBackend("write (pipelined on PostgreSQL)", (backend) => {
  beforeEach(async () => {
    db = await backend.open();
    db.exec("DROP TABLE IF EXISTS t");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY)");
  });
  afterEach(() => db.close());

  test("writes in a transaction commit with it", () => {
    db.transaction(() => {
      for (let i = 1; i <= 5; i++) insert(i);
    })();
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
  });

  test("a write that fails fails its transaction with its own error, and nothing of it is committed", () => {
    insert(2);
    let error: unknown = null;
    try {
      db.transaction(() => {
        insert(1);
        insert(2); // duplicate key
        insert(3);
      })();
    } catch (e) {
      error = e;
    }
    expect(duplicate(error)).toBe(true);
    if (backend.name === "postgres") expect((error as PostgresError).code).toBe("23505");
    expect(ids()).toEqual([2]);
    // the next transaction is not affected by the earlier failure
    db.transaction(() => insert(4))();
    expect(ids()).toEqual([2, 4]);
  });

  test("a failed write in a savepoint rolls back only that savepoint", () => {
    insert(9);
    const inner = db.transaction((id: number) => insert(id));
    const outcome: string[] = [];
    db.transaction(() => {
      insert(1);
      for (const id of [2, 9, 3]) {
        try {
          inner(id);
          outcome.push(`ok ${id}`);
        } catch (e) {
          outcome.push(duplicate(e) ? `duplicate ${id}` : `other ${id}`);
        }
      }
    })();
    expect(outcome).toEqual(["ok 2", "duplicate 9", "ok 3"]);
    expect(ids()).toEqual([1, 2, 3, 9]);
  });

  test("outside a transaction a write runs at once and fails at once", () => {
    insert(1);
    expect(() => insert(1)).toThrow();
    expect(ids()).toEqual([1]);
  });

  test("a handler throwing after its writes were sent rolls them back, failed or not", () => {
    insert(5);
    expect(() =>
      db.transaction(() => {
        insert(6);
        insert(5); // fails: at once on SQLite, at the end on PostgreSQL, where the throw below comes first
        throw new Error("quota exceeded");
      })(),
    ).toThrow(backend.name === "postgres" ? "quota exceeded" : "UNIQUE");
    db.transaction(() => insert(7))();
    expect(ids()).toEqual([5, 7]);
  });

  test("group commit: a failed write rejects only its own item", async () => {
    insert(2);
    const gc = new GroupCommit(db);
    const results = await Promise.allSettled([1, 2, 3].map((id) => gc.run(() => insert(id))));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(ids()).toEqual([1, 2, 3]);
  });
});

describe.skipIf(!postgresBinDir())("write on PostgreSQL", () => {
  test("writes inside a transaction cost no round trip each: one wait at the end of the transaction", async () => {
    const pg = new PostgresDatabase(await freshDatabaseUrl("pipelined"));
    try {
      pg.exec("CREATE TABLE t (id INTEGER PRIMARY KEY)");
      const original = pg.execute.bind(pg);
      const awaited: string[] = [];
      pg.execute = (sql, params) => {
        awaited.push(sql);
        return original(sql, params);
      };
      pg.transaction(() => {
        for (let i = 1; i <= 20; i++) write(pg, "INSERT INTO t (id) VALUES (?)", i);
      })();
      pg.execute = original;
      expect(awaited).toEqual(["SELECT 1", "COMMIT"]);
      expect(pg.query<{ n: number }>("SELECT count(*) AS n FROM t").get()).toEqual({ n: 20 });
    } finally {
      pg.close();
    }
  }, 60_000);
});
