/**
 * On PostgreSQL an acceptance (idempotency, quota and rate checks, the job) is serialised with the other
 * acceptances of the same client only, on every replica: its limits stay exact, and another client's
 * submissions do not wait for it. A second connection plays the other replica, holding a transaction open.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";
import { type PostgresDatabase, WRITER_LOCK } from "../../src/storage/postgres/postgres-database.ts";
import { fixedSteps, makePdf, tempDir, testConfig } from "../support/harness.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

describe.skipIf(!postgresBinDir())("acceptances are serialised per client across replicas (PostgreSQL)", () => {
  let app: App;
  let other: PostgresDatabase;
  let cleanup = () => {};
  let pdf: Uint8Array;

  beforeAll(async () => {
    const url = await freshDatabaseUrl("scope");
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    app = createApp(testConfig(tmp.dir, { DATABASE_URL: url }), { logger: silentLogger, steps: fixedSteps() });
    other = openStorage({ dbPath: "", databaseUrl: url }) as PostgresDatabase;
    // a lock this replica cannot get fails after 300 ms instead of blocking its thread for the test
    app.db.exec("SET lock_timeout = 300");
    pdf = await makePdf();
  }, 120_000);

  afterAll(async () => {
    other?.close();
    await app?.stop();
    cleanup();
    await stopSharedPostgres();
  });

  /** A client with a key (made before the other replica takes any lock: creating one is a writer-wide write). */
  const clientWithKey = (name: string) => {
    app.accounts.addClient(name);
    const { row } = app.accounts.createKey(`k-${name}`, name);
    return { keyId: row.id, client: app.accounts.client(name) };
  };
  const submitAs = (principal: ReturnType<typeof clientWithKey>) =>
    app.verifications.submit({
      principal,
      hostUsername: "octocat",
      pdf,
      filename: null,
      idempotencyKey: null,
    });

  test("while another replica holds client A's acceptance, B's goes through and A's waits for it", async () => {
    const a = clientWithKey("a");
    const b = clientWithKey("b");
    const clientA = a.client.id;
    // the other replica, mid-acceptance for client A: the same scope, taken the same way, transaction open
    other.exec("BEGIN");
    other.lockScopes([`acceptance:${clientA}`]);
    try {
      expect((await submitAs(b)).status).toBe("queued"); // not blocked by A's open acceptance
      let waited: unknown = null;
      try {
        await submitAs(a);
      } catch (e) {
        waited = e;
      }
      expect((waited as { code?: string } | null)?.code).toBe("55P03"); // lock_not_available: it waited for A's
      // and no half of it was stored
      expect(
        app.db.query<{ n: number }>("SELECT count(*) AS n FROM verifications WHERE client_id = ?").get(clientA)!.n,
      ).toBe(0);
    } finally {
      other.exec("ROLLBACK");
    }
    // A's lock released: A is accepted again
    expect((await submitAs(a)).status).toBe("queued");
  }, 60_000);

  test("a writer-wide (immediate) transaction elsewhere does not hold acceptances up", async () => {
    const c = clientWithKey("c");
    other.exec("BEGIN");
    other.query(`SELECT pg_advisory_xact_lock(${WRITER_LOCK})`).get();
    try {
      expect((await submitAs(c)).status).toBe("queued");
    } finally {
      other.exec("ROLLBACK");
    }
  }, 60_000);
});
