import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGitHubClient } from "../../src/github/github-client.ts";
import { processRateGate, RateGate, reserveOf } from "../../src/github/rate-gate.ts";
import type { RateLimitSnapshot } from "../../src/github/rate-limit-policy.ts";
import { createRateGate, SharedRateGateStore } from "../../src/github/shared-rate-gate.ts";
import { mergeShared, newerWindow, type SharedPart, writeShared } from "../../src/github/shared-rate-gate-store.ts";
import { GitHubRateLimitedError } from "../../src/github/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import { PostgresDatabase, PostgresError } from "../../src/storage/postgres/postgres-database.ts";
import type { SqlParams, Statement } from "../../src/storage/sql-database.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

const win = (remaining: number, resetAt: number, limit = 5000): RateLimitSnapshot => ({ limit, remaining, resetAt });
const part = (window: RateLimitSnapshot | null, pausedUntil = 0): SharedPart => ({ window, pausedUntil });

describe("merge rules of the shared gate state", () => {
  test("within one reset the lowest remaining wins; a later reset replaces; an earlier one never does", () => {
    expect(newerWindow(null, win(10, 1000))).toBe(true);
    expect(newerWindow(win(10, 1000), null)).toBe(false);
    expect(newerWindow(win(10, 1000), win(9, 1000))).toBe(true);
    expect(newerWindow(win(10, 1000), win(11, 1000))).toBe(false);
    expect(newerWindow(win(10, 1000), win(10, 1000))).toBe(false);
    expect(newerWindow(win(10, 1000), win(4999, 2000))).toBe(true);
    expect(newerWindow(win(4999, 2000), win(10, 1000))).toBe(false); // a slow replica's stale answer
  });

  test("the greatest pause wins, whichever side it comes from; window and pause merge independently", () => {
    expect(mergeShared(part(win(5, 1000), 300), part(win(7, 1000), 200))).toEqual(part(win(5, 1000), 300));
    expect(mergeShared(part(win(7, 1000), 200), part(win(5, 1000), 300))).toEqual(part(win(5, 1000), 300));
    expect(mergeShared(part(null, 0), part(win(5, 1000), 0))).toEqual(part(win(5, 1000), 0));
    expect(mergeShared(part(win(5, 2000), 0), part(null, 900))).toEqual(part(win(5, 2000), 900));
  });

  test("on SQLite (one process) the service keeps the process's in-memory gate", async () => {
    const db = await openStorage({ dbPath: ":memory:", databaseUrl: null });
    try {
      const made = createRateGate(db);
      expect(made.gate).toBe(processRateGate);
      expect(made.store).toBeNull();
    } finally {
      await db.close();
    }
  });
});

/** A database whose statements fail while `broken` (the database unreachable, as the stores see it). */
function breakable(db: Database): Database & { broken: boolean } {
  const refused = () => Promise.reject(new PostgresError("connect ECONNREFUSED 127.0.0.1:5432", null, null));
  const wrapper: Database & { broken: boolean } = {
    broken: false,
    dialect: db.dialect,
    query<R, P extends SqlParams>(sql: string): Statement<R, P> {
      const q = db.query<R, P>(sql);
      return {
        get: (...p: P) => (wrapper.broken ? refused() : q.get(...p)),
        all: (...p: P) => (wrapper.broken ? refused() : q.all(...p)),
        run: (...p: P) => (wrapper.broken ? refused() : q.run(...p)),
      };
    },
    exec: (sql) => (wrapper.broken ? refused() : db.exec(sql)),
    transaction: (fn, opts) => (wrapper.broken ? refused() : db.transaction(fn, opts)),
    check: (ms) => db.check(ms),
    runAlone: (name, fn) => db.runAlone(name, fn),
    exclusively: (name, fn) => db.exclusively(name, fn),
    listen: (channel, fn) => db.listen(channel, fn),
    close: () => db.close(),
  };
  return wrapper;
}

describe.skipIf(!postgresBinDir())("the rate-limit gate shared by replicas through PostgreSQL", () => {
  const clock = new ManualClock();
  const opened: Database[] = [];
  const stores: SharedRateGateStore[] = [];
  let url: string;
  let sim: GitHubSimulator;
  let n = 0;
  const budget = () => `https://api.github.com:tp${++n}:core`;

  beforeAll(async () => {
    url = await freshDatabaseUrl("rategate");
    opened.push(await openStorage({ dbPath: "", databaseUrl: url })); // migrates
    sim = await startGitHubSimulator({ clock, users: [{ login: "dev", createdAt: "2020-01-01T00:00:00Z" }] });
  }, 120_000);
  afterAll(async () => {
    for (const s of stores) await s.close();
    for (const db of opened) await db.close();
    await sim?.stop();
    await stopSharedPostgres();
  });

  /** One replica: its own connection, store and gate. */
  const replica = (opts: { db?: Database; logger?: ReturnType<typeof createLogger> } = {}) => {
    const db = opts.db ?? new PostgresDatabase(url, { poolSize: 2 });
    if (!opts.db) opened.push(db);
    const store = new SharedRateGateStore(db, { clock, autoSync: false, logger: opts.logger });
    stores.push(store);
    return { db, store, gate: new RateGate(store, { clock, maxPauseMs: 60_000 }) };
  };

  test("a window recorded by A is what B counts; B's higher figure of the same reset does not undo it", async () => {
    const a = replica();
    const b = replica();
    const key = budget();
    const resetAt = clock.now() + 3_600_000;
    a.gate.record(key, win(4000, resetAt)); // a new window: written through at once
    await a.store.settled();
    await b.store.ensureFresh(key);
    expect(b.gate.available(key)).toBe(4000 - reserveOf(5000));
    b.gate.record(key, win(4100, resetAt)); // an older answer arriving late on B
    expect(b.gate.window(key)?.remaining).toBe(4000);
    a.gate.record(key, win(4999, resetAt + 3_600_000)); // the next window, seen by A
    await a.store.settled();
    clock.advance(250); // B's mirror is a refresh interval old
    await b.store.ensureFresh(key);
    expect(b.gate.window(key)).toEqual(win(4999, resetAt + 3_600_000));
  });

  test("a lower remaining far from the reserve waits for A's next refresh; near the reserve it is written at once", async () => {
    const a = replica();
    const b = replica();
    const key = budget();
    const resetAt = clock.now() + 3_600_000;
    a.gate.record(key, win(4000, resetAt));
    await a.store.settled();
    await b.store.ensureFresh(key);
    expect(b.gate.window(key)?.remaining).toBe(4000);
    a.gate.record(key, win(3990, resetAt)); // far above the reserve: only A's mirror
    expect(a.gate.window(key)?.remaining).toBe(3990);
    await a.store.settled();
    clock.advance(250);
    await b.store.ensureFresh(key);
    expect(b.gate.window(key)?.remaining).toBe(4000);
    await a.store.sync(); // A's timer (or its next read) writes it
    clock.advance(250);
    await b.store.ensureFresh(key);
    expect(b.gate.window(key)?.remaining).toBe(3990);
    a.gate.record(key, win(3 * reserveOf(5000), resetAt)); // near the reserve: at once, no timer
    await a.store.settled();
    clock.advance(250);
    await b.store.ensureFresh(key);
    expect(b.gate.window(key)?.remaining).toBe(3 * reserveOf(5000));
  });

  test("A's requests in flight count against B's admit: at the reserve B refuses though it sent nothing", async () => {
    const a = replica();
    const b = replica();
    const key = budget();
    const resetAt = clock.now() + 3_600_000;
    a.gate.record(key, win(reserveOf(5000) + 3, resetAt));
    await a.store.settled();
    for (let i = 0; i < 3; i++) await a.gate.admit(key); // near the reserve: each written as it is decided
    const refused = await b.gate.admit(key).catch((e) => e);
    expect(refused).toBeInstanceOf(GitHubRateLimitedError);
    expect((refused as GitHubRateLimitedError).resetAt).toBe(resetAt);
    expect(b.gate.available(key)).toBe(0);
    a.gate.release(key); // one of A's answered
    await a.store.sync();
    clock.advance(250);
    await b.gate.admit(key);
  });

  test("near the reserve every admit is decided on the others' counts of now: no interval, no timer", async () => {
    const a = replica();
    const b = replica();
    const key = budget();
    const resetAt = clock.now() + 3_600_000;
    a.gate.record(key, win(reserveOf(5000) + 2, resetAt)); // two places left, for both replicas together
    await a.store.settled();
    await b.gate.admit(key);
    await a.gate.admit(key); // A's mirror knew nothing of B's: the admit read it and still fitted
    expect(await b.gate.admit(key).catch((e) => e)).toBeInstanceOf(GitHubRateLimitedError);
    expect(await a.gate.admit(key).catch((e) => e)).toBeInstanceOf(GitHubRateLimitedError);
    a.gate.release(key);
    await a.store.sync(); // A's timer: its release is written
    // B's mirror still counts A's request: the refusal it would make is made again on fresh counts
    await b.gate.admit(key);
    expect(await a.gate.admit(key).catch((e) => e)).toBeInstanceOf(GitHubRateLimitedError);
  });

  test("a pause seen by A holds B: a short one is waited out, a long one defers B's job", async () => {
    const a = replica();
    const waited: number[] = [];
    const b = replica();
    const gateB = new RateGate(b.store, {
      clock,
      maxPauseMs: 60_000,
      sleep: async (ms) => {
        waited.push(ms);
        clock.advance(ms);
      },
    });
    const key = budget();
    a.gate.pause(key, 3000);
    await a.store.settled();
    await gateB.admit(key);
    expect(waited).toEqual([3000]);
    gateB.release(key);
    a.gate.pause(key, 120_000);
    await a.store.settled();
    clock.advance(250);
    const deferred = await gateB.admit(key).catch((e) => e);
    expect(deferred).toBeInstanceOf(GitHubRateLimitedError);
    expect((deferred as GitHubRateLimitedError).resetAt).toBe(clock.now() - 250 + 120_000);
    a.gate.pause(key, 1000); // an earlier end never shortens the pause
    await a.store.settled();
    clock.advance(250);
    await b.store.ensureFresh(key);
    expect(b.store.read(key).pausedUntil).toBe(clock.now() - 500 + 120_000);
  });

  test("a replica that stops refreshing (SIGKILLed) stops counting after the expiry; retention deletes its row", async () => {
    const a = replica();
    const b = replica();
    const key = budget();
    a.gate.record(key, win(1000, clock.now() + 3_600_000));
    for (let i = 0; i < 5; i++) await a.gate.admit(key);
    await a.store.sync();
    await b.store.ensureFresh(key);
    expect(b.gate.available(key)).toBe(1000 - 5 - reserveOf(5000));
    clock.advance(b.store.expiryMs - 250); // A says nothing more
    await b.store.ensureFresh(key);
    expect(b.gate.available(key)).toBe(1000 - 5 - reserveOf(5000));
    clock.advance(250);
    await b.store.ensureFresh(key);
    expect(b.gate.available(key)).toBe(1000 - reserveOf(5000));
    const pruned = await b.store.prune();
    expect(pruned.replicas).toBeGreaterThanOrEqual(1);
    const rows = await b.db
      .query<{ n: number }>("SELECT count(*) AS n FROM github_rate_gate_flights WHERE replica = ?")
      .get(a.store.replica);
    expect(rows?.n).toBe(0);
  });

  test("a replica that stops gracefully takes its requests in flight with it", async () => {
    const a = replica();
    const b = replica();
    const key = budget();
    a.gate.record(key, win(1000, clock.now() + 3_600_000));
    await a.gate.admit(key);
    await a.gate.admit(key);
    await a.store.sync();
    await b.store.ensureFresh(key);
    expect(b.gate.available(key)).toBe(1000 - 2 - reserveOf(5000));
    await a.store.close();
    clock.advance(250);
    await b.store.ensureFresh(key);
    expect(b.gate.available(key)).toBe(1000 - reserveOf(5000));
  });

  test("the tables hold budget keys and counts, never a token", async () => {
    const a = replica();
    const token = "ghp_secretsecretsecretsecretsecret1234";
    const client = createGitHubClient({ baseUrl: sim.url, token, clock, gate: a.gate, backoffUnitMs: 1 });
    await client.get("/users/{username}", { username: "dev" });
    await a.store.sync();
    const dump = JSON.stringify([
      await a.db.query("SELECT * FROM github_rate_gate").all(),
      await a.db.query("SELECT * FROM github_rate_gate_flights").all(),
    ]);
    expect(dump).toContain(new URL(sim.url).origin);
    expect(dump).not.toContain(token);
  });

  test("over HTTP: once client A saw the budget at the reserve, client B (another replica) sends nothing", async () => {
    const a = replica();
    const b = replica();
    const make = (gate: RateGate) =>
      createGitHubClient({ baseUrl: sim.url, token: "shared-tok", clock, gate, backoffUnitMs: 1 });
    const [clientA, clientB] = [make(a.gate), make(b.gate)];
    sim.rateLimit.set({ limit: 5000, remaining: 4000 }, "shared-tok");
    await clientB.get("/users/{username}", { username: "dev" }); // B's mirror is fresh and ample
    sim.rateLimit.set({ remaining: reserveOf(5000) + 1 }, "shared-tok");
    await clientA.get("/users/{username}", { username: "dev" }); // A: remaining is now at the reserve
    await a.store.settled(); // written through (at once, in the background)
    clock.advance(250);
    const sent = sim.callLog.length;
    const refused = await clientB.get("/users/{username}", { username: "dev" }).catch((e) => e);
    expect(refused).toBeInstanceOf(GitHubRateLimitedError);
    expect(sim.callLog.length).toBe(sent);
    sim.rateLimit.reset();
  });

  test("over HTTP: a secondary limit answered to A defers B's next request without sending it", async () => {
    const a = replica();
    const b = replica();
    const make = (gate: RateGate) => createGitHubClient({ baseUrl: sim.url, token: "tok-2", clock, gate });
    const [clientA, clientB] = [make(a.gate), make(b.gate)];
    sim.rateLimit.secondary({ count: 1, retryAfterSec: 120 });
    expect(await clientA.get("/users/{username}", { username: "dev" }).catch((e) => e)).toBeInstanceOf(
      GitHubRateLimitedError,
    );
    await a.store.settled();
    const sent = sim.callLog.length;
    const deferred = await clientB.get("/users/{username}", { username: "dev" }).catch((e) => e);
    expect(deferred).toBeInstanceOf(GitHubRateLimitedError);
    expect(sim.callLog.length).toBe(sent);
    clock.advance(120_000);
    await clientB.get("/users/{username}", { username: "dev" });
    expect(sim.callLog.length).toBe(sent + 1);
  });

  test("the database failing: the gate goes on with local state, logs once, and shares what it learnt on return", async () => {
    const lines: string[] = [];
    const conn = new PostgresDatabase(url, { poolSize: 2 });
    opened.push(conn);
    const db = breakable(conn);
    const a = replica({ db, logger: createLogger("info", {}, (l) => lines.push(l)) });
    const b = replica();
    const key = budget();
    const resetAt = clock.now() + 3_600_000;
    await a.gate.admit(key); // shared while the database answers
    a.gate.release(key);
    db.broken = true;
    a.gate.record(key, win(reserveOf(5000) + 1, resetAt));
    await a.store.settled(); // its write-through failed: A goes on on its own state
    await a.gate.admit(key); // local state: one place left
    expect(await a.gate.admit(key).catch((e) => e)).toBeInstanceOf(GitHubRateLimitedError);
    a.gate.release(key);
    a.gate.pause(key, 2000);
    clock.advance(2000);
    await a.store.sync();
    await a.gate.admit(key);
    a.gate.release(key);
    const warned = lines.filter((l) => l.includes("the database failed"));
    expect(warned).toHaveLength(1);
    expect(JSON.parse(warned[0]!).error).toContain("ECONNREFUSED");
    await b.store.ensureFresh(key);
    expect(b.gate.window(key)).toBeNull(); // nothing reached the database meanwhile
    db.broken = false;
    clock.advance(5000); // the retry interval
    await a.store.ensureFresh(key);
    expect(a.gate.available(key)).toBe(1);
    expect(lines.filter((l) => l.includes("shared through the database again"))).toHaveLength(1);
    clock.advance(250);
    await b.store.ensureFresh(key);
    expect(b.gate.window(key)).toEqual(win(reserveOf(5000) + 1, resetAt)); // A's window written back
  });

  test("the SQL merge agrees with mergeShared, in any order of arrival", async () => {
    const db = opened[0]!;
    const arrivals: SharedPart[] = [
      part(win(40, 2000), 0),
      part(win(30, 2000), 500),
      part(win(35, 2000), 0),
      part(win(4999, 1000), 900), // stale window, later pause
      part(null, 100),
      part(win(4990, 3000), 0),
      part(win(4995, 3000), 0),
    ];
    for (const order of [arrivals, [...arrivals].reverse(), [2, 5, 0, 6, 1, 4, 3].map((i) => arrivals[i]!)]) {
      const key = budget();
      let expected = part(null, 0);
      let last = expected;
      for (const p of order) {
        expected = mergeShared(expected, p);
        last = await writeShared(db, key, p, clock.now());
        expect(last).toEqual(expected);
      }
      expect(last).toEqual(part(win(4990, 3000), 900));
    }
  });
});
