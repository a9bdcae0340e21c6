/**
 * On PostgreSQL an acceptance (idempotency, quota and rate checks, the job) is serialised with the other
 * acceptances of the same client only, on every replica: its limits stay exact, and another client's
 * submissions do not wait for it. A second connection plays the other replica, holding a transaction
 * open with client A's lock. While a submission of A waits for that lock, it waits on the server, never
 * in this process: the replica keeps answering /healthz (within 100 ms) and other clients' requests meanwhile.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";
import type { Database } from "../../src/storage/sql-database.ts";
import { fixedSteps, makePdf, pollUntil, submit, tempDir, testConfig } from "../support/harness.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

describe.skipIf(!postgresBinDir())("acceptances are serialised per client across replicas (PostgreSQL)", () => {
  let app: App;
  let url: string;
  let other: Database;
  let cleanup = () => {};
  let pdf: Uint8Array;

  beforeAll(async () => {
    const databaseUrl = await freshDatabaseUrl("scope");
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    app = await createApp(testConfig(tmp.dir, { DATABASE_URL: databaseUrl }), {
      logger: silentLogger,
      steps: fixedSteps(),
    });
    url = await app.start();
    other = await openStorage({ dbPath: "", databaseUrl });
    pdf = await makePdf();
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await app?.stop();
    cleanup();
    await stopSharedPostgres();
  });

  const keyOf = async (name: string) => {
    await app.accounts.addClient(name);
    return {
      key: (await app.accounts.createKey(`k-${name}`, name)).key,
      clientId: (await app.accounts.client(name)).id,
    };
  };
  /** Advisory locks some session waits for right now (granted = false). */
  const lockWaiters = async () =>
    (await app.db
      .query<{ n: number }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
      .get())!.n;

  test("while another replica holds client A's acceptance, this one answers /healthz and B, and A's waits for it", async () => {
    const a = await keyOf("a");
    const b = await keyOf("b");
    const events: string[] = [];
    // the other replica, mid-acceptance for client A: the same scope, taken the same way, transaction open
    const { promise: held, resolve: holding } = Promise.withResolvers<void>();
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    const otherReplica = other.transaction(
      async (tx) => {
        await tx.query("SELECT 1").get();
        holding();
        await released;
      },
      { locks: [`acceptance:${a.clientId}`] },
    );
    await held;

    const blocked = submit(url, a.key, { resume: pdf, hostUsername: "octocat" }).then((r) => {
      events.push("A answered");
      return r;
    });
    // A's acceptance is waiting for the lock, on the server
    await pollUntil(async () => (await lockWaiters()) > 0, "A's acceptance to wait for the lock");

    // /healthz, asked ten times while A waits: each answered, and the order below shows it is before the
    // lock is released (a process blocked on the statement would answer none before the other replica commits)
    for (let i = 0; i < 10; i++) {
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
    }
    events.push("healthz answered");

    const forB = await submit(url, b.key, { resume: pdf, hostUsername: "octocat" });
    events.push("B accepted");
    expect(forB.status).toBe(202);
    const { trackingId } = (await forB.json()) as { trackingId: string };
    const polled = await fetch(`${url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${b.key}` } });
    expect(polled.status).toBe(200);
    events.push("B polled");

    // still waiting, and nothing of A's acceptance is stored meanwhile
    expect(await lockWaiters()).toBeGreaterThan(0);
    expect(
      (await app.db
        .query<{ n: number }>("SELECT count(*) AS n FROM verifications WHERE client_id = ?")
        .get(a.clientId))!.n,
    ).toBe(0);
    events.push("other replica commits");
    release();
    await otherReplica;
    const forA = await blocked;
    expect(forA.status).toBe(202);
    expect(events).toEqual(["healthz answered", "B accepted", "B polled", "other replica commits", "A answered"]);
  }, 60_000);
});
