/**
 * PostgreSQL goes away under a running service (a restart, a failover, a cut connection) and comes back:
 * while it is gone, requests are refused with a 503 the client can act on (never a 500, never a hang)
 * and nothing half-done is stored; afterwards the same service serves again without a restart of its
 * own, and the work acknowledged before the outage is finished.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { fixedSteps, makePdf, pollUntil, submit, tempDir, testConfig } from "../support/harness.ts";
import { type PostgresServer, postgresBinDir, startPostgres } from "../support/postgres.ts";

describe.skipIf(!postgresBinDir())("the database goes away and comes back", async () => {
  let pg: PostgresServer;
  let app: App;
  let url: string;
  let key: string;
  let cleanup = () => {};
  let pdf: Uint8Array;

  beforeAll(async () => {
    pg = await startPostgres(); // its own server: this test stops it
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    // a job whose outcome could not be written during the outage runs again once its lease lapses
    app = await createApp(testConfig(tmp.dir, { DATABASE_URL: await pg.createDatabase("outage"), JOB_LEASE: "2s" }), {
      logger: silentLogger,
      steps: fixedSteps(66),
    });
    url = await app.start();
    key = (await app.accounts.createKey("outage")).key;
    pdf = await makePdf();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    pg?.stop();
    cleanup();
  });

  const poll = (id: string) => fetch(`${url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } });
  const count = async (sql: string) => (await app.db.query<{ n: number }>(sql).get())!.n;

  test("503 database_unavailable with Retry-After while it is down; served again, and nothing lost, once it is back", async () => {
    const before = await submit(url, key, { resume: pdf, hostUsername: "before-outage" });
    expect(before.status).toBe(202);
    const { trackingId } = (await before.json()) as { trackingId: string };

    pg.halt();
    const refused = await submit(
      url,
      key,
      { resume: pdf, hostUsername: "during-outage" },
      { "Idempotency-Key": "k-1" },
    );
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ error: "database_unavailable" });
    const polled = await poll(trackingId);
    expect(polled.status).toBe(503);
    expect(await polled.json()).toMatchObject({ error: "database_unavailable" });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.stringify(await ready.json())).toContain("database");

    pg.restart();
    // the same request, retried as the 503 said: accepted once, by the same service, without its restart
    const retried = await pollUntil(
      async () => {
        const r = await submit(url, key, { resume: pdf, hostUsername: "during-outage" }, { "Idempotency-Key": "k-1" });
        return r.status === 202 ? r : null;
      },
      "the service to accept again after the database came back",
      30_000,
      200,
    );
    const second = ((await retried.json()) as { trackingId: string }).trackingId;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    for (const id of [trackingId, second]) {
      const done = await pollUntil(
        async () => {
          const body = (await (await poll(id)).json()) as { status: string; confidenceScore?: number };
          return body.status === "COMPLETED" ? body : null;
        },
        `job ${id} to complete after the outage`,
        30_000,
        100,
      );
      expect(done.confidenceScore).toBe(66);
    }
    // the refused request left nothing behind: two verifications, two jobs, two PDFs, one idempotency record
    expect(await count("SELECT count(*) AS n FROM verifications")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM jobs")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM resume_files")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM idempotency_keys")).toBe(1);
  }, 120_000);
});
