import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { JobStore } from "../../src/jobs/job-store.ts";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database, Queryable, SqlParams } from "../../src/storage/sql-database.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

/**
 * The claim statements read the rows they claim by key, whatever the depth of the queue and the size of
 * the finished history: a plan that scans the whole jobs table costs every batch of every replica time in
 * proportion to every job queued or ever run. Checked on the plans PostgreSQL makes for the statements
 * the store sends, with a backlog and a history thousands of rows long and the table analysed.
 */
const HISTORY = 2_000;
const BACKLOG = 3_000;

interface Sent {
  sql: string;
  params: SqlParams;
}

/** A Queryable that passes every statement on to `db` and keeps what was sent. */
function recording(db: Database, sent: Sent[]): Queryable {
  return {
    dialect: db.dialect,
    exec: (sql) => db.exec(sql),
    query: <R, P extends SqlParams>(sql: string) => {
      const st = db.query<R, P>(sql);
      const keep = <T>(params: P, send: () => T): T => {
        sent.push({ sql, params });
        return send();
      };
      return {
        get: (...params: P) => keep(params, () => st.get(...params)),
        all: (...params: P) => keep(params, () => st.all(...params)),
        run: (...params: P) => keep(params, () => st.run(...params)),
      };
    },
  };
}

/** Every relation the plan of `s` reads with a sequential scan. */
async function seqScans(db: Database, s: Sent): Promise<string[]> {
  const rows = await db.query<{ plan: unknown }, SqlParams>(`EXPLAIN (FORMAT JSON) ${s.sql}`).all(...s.params);
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node["Node Type"] === "Seq Scan") found.push(String(node["Relation Name"]));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const plan = Object.values(rows[0]!)[0];
  const doc = (typeof plan === "string" ? JSON.parse(plan) : plan) as Array<{ Plan: Record<string, unknown> }>;
  walk(doc[0]!.Plan);
  return found;
}

describe.skipIf(!postgresBinDir())("claim plans on PostgreSQL", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openStorage({ dbPath: "", databaseUrl: await freshDatabaseUrl("claimplan") });
    await db.exec(`INSERT INTO jobs (kind, payload, state, attempts, max_attempts, run_at, created_at, updated_at, finished_at)
      SELECT 'noop', '{}', 'completed', 1, 5, g, g, g, g FROM generate_series(1, ${HISTORY}) AS g;
      INSERT INTO jobs (kind, payload, state, attempts, max_attempts, run_at, created_at, updated_at)
      SELECT 'noop', '{}', 'queued', 0, 5, ${HISTORY} + g, 0, 0 FROM generate_series(1, ${BACKLOG}) AS g;
      ANALYZE jobs`);
  });
  afterAll(async () => {
    await db.close();
    await stopSharedPostgres();
  });

  test("a claim and a batch's complete-and-claim read the jobs they take by key, not the whole table", async () => {
    const sent: Sent[] = [];
    const store = new JobStore(recording(db, sent));
    const now = HISTORY + BACKLOG;
    const claimed = await store.claim(["noop"], "w1", 4, now, 30_000, 60_000);
    expect(claimed.map((r) => r.run_at)).toEqual([HISTORY + 1, HISTORY + 2, HISTORY + 3, HISTORY + 4]);
    const { finished, next } = await store.completeMany(
      claimed.map((r) => ({ id: r.id, token: r.lease_token!, next: true })),
      { kinds: ["noop"], owner: "w1", leaseMs: 30_000, deadlineMs: 60_000 },
      now,
    );
    expect([...finished].sort((a, b) => a - b)).toEqual(claimed.map((r) => r.id));
    expect(next.map((r) => r.run_at)).toEqual([HISTORY + 5, HISTORY + 6, HISTORY + 7, HISTORY + 8]);
    expect(sent).toHaveLength(2);
    for (const s of sent) expect(await seqScans(db, s)).toEqual([]);
  });
});
