import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGitHubClient } from "../../src/github/github-client.ts";
import { MemoryRateGateStore, RateGate, type RateGateStore, reserveOf } from "../../src/github/rate-gate.ts";
import { SharedRateGateStore } from "../../src/github/shared-rate-gate.ts";
import { GitHubRateLimitedError } from "../../src/github/types.ts";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/database.ts";
import { PostgresDatabase } from "../../src/storage/postgres/postgres-database.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

/**
 * Three replicas on one token, each with 32 requests at a time (WORKER_CONCURRENCY x GITHUB_CONCURRENCY
 * by default), spend a window until their gates refuse: real time, real timers, the simulator answering
 * after 5 ms. With the shared gate the window stops at the reserve; with a gate per replica (before) the
 * replicas, each counting only its own requests in flight, go past it.
 */
const REPLICAS = 3;
const CONCURRENCY = 32;
const RESERVE = reserveOf(5000);

describe.skipIf(!postgresBinDir())("three replicas spending one token together", () => {
  let sim: GitHubSimulator;
  let url: string;
  const opened: Database[] = [];
  const stores: SharedRateGateStore[] = [];

  beforeAll(async () => {
    url = await freshDatabaseUrl("rategateload");
    opened.push(await openStorage({ dbPath: "", databaseUrl: url }));
    sim = await startGitHubSimulator({ users: [{ login: "dev", createdAt: "2020-01-01T00:00:00Z" }] });
    sim.setLatency(5);
  }, 120_000);
  afterAll(async () => {
    for (const s of stores) await s.close();
    for (const db of opened) await db.close();
    await sim?.stop();
    await stopSharedPostgres();
  });

  /** Every replica's workers send until refused; the token's window as the simulator holds it then. */
  async function spend(token: string, storeOf: () => RateGateStore) {
    sim.rateLimit.set({ limit: 5000, remaining: 400 }, token);
    const replicas = Array.from({ length: REPLICAS }, () =>
      createGitHubClient({ baseUrl: sim.url, token, gate: new RateGate(storeOf()), retries: 0 }),
    );
    const sentBefore = sim.callLog.length;
    await Promise.all(
      replicas.flatMap((client) =>
        Array.from({ length: CONCURRENCY }, async () => {
          for (;;) {
            try {
              await client.get("/users/{username}", { username: "dev" });
            } catch (err) {
              if (err instanceof GitHubRateLimitedError) return;
              throw err;
            }
          }
        }),
      ),
    );
    const calls = sim.callLog.slice(sentBefore);
    return {
      remaining: sim.rateLimit.state(token).remaining,
      refusedByGitHub: calls.filter((c) => c.cause === "rate-limit").length,
    };
  }

  test("through the shared gate they stop at the reserve; GitHub refuses none of them", async () => {
    const shared = await spend("tok-shared", () => {
      const db = new PostgresDatabase(url, { poolSize: 4 });
      opened.push(db);
      const store = new SharedRateGateStore(db);
      stores.push(store);
      return store;
    });
    expect(shared.refusedByGitHub).toBe(0);
    expect(shared.remaining).toBeGreaterThanOrEqual(RESERVE - 2);
    // before: each replica's own gate counted only its own requests in flight
    const apart = await spend("tok-apart", () => new MemoryRateGateStore());
    expect(apart.remaining).toBeLessThan(RESERVE);
  }, 60_000);
});
