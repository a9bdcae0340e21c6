/**
 * A PostgreSQL that stops answering without refusing anything (a network partition: a proxy that holds
 * every byte and closes nothing). The replica keeps answering what needs no database (/healthz), reports
 * itself not ready within the readiness timeout, refuses what needs the database with a 503 once its
 * statements get no answer in time, stores nothing half-done, and once the network carries bytes again
 * it recovers by itself: it is ready again, and the work in progress at the cut completes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { VerificationSteps } from "../../src/verification/verification-job.ts";
import { fixedSteps, makePdf, pollUntil, submit, tempDir, testConfig } from "../support/harness.ts";
import { type PostgresServer, postgresBinDir, startPostgres } from "../support/postgres.ts";
import { type StallProxy, startStallProxy } from "../support/stall-proxy.ts";

describe.skipIf(!postgresBinDir())("a network partition between the replica and PostgreSQL", () => {
  let pg: PostgresServer;
  let proxy: StallProxy;
  let app: App;
  let url: string;
  let key: string;
  let pdf: Uint8Array;
  let cleanup = () => {};
  const { promise: analysisReleased, resolve: releaseAnalysis } = Promise.withResolvers<void>();
  const { promise: analysisStarted, resolve: analysing } = Promise.withResolvers<void>();

  beforeAll(async () => {
    pg = await startPostgres();
    const direct = await pg.createDatabase("partition");
    proxy = await startStallProxy(pg.port);
    const viaProxy = direct.replace(`:${pg.port}/`, `:${proxy.port}/`);
    const base = fixedSteps(71);
    const steps: VerificationSteps = {
      ...base,
      async analyze(input) {
        analysing();
        await analysisReleased;
        return base.analyze(input);
      },
    };
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    app = await createApp(
      testConfig(tmp.dir, {
        DATABASE_URL: viaProxy,
        DB_STATEMENT_TIMEOUT: "1s", // no answer 5 s after the statement timeout: the connection is stuck
        DB_CONNECT_TIMEOUT: "1s",
        JOB_LEASE: "3s",
      }),
      { logger: silentLogger, steps },
    );
    url = await app.start();
    key = (await app.accounts.createKey("partition")).key;
    pdf = await makePdf();
  }, 120_000);

  afterAll(async () => {
    proxy?.resume();
    await app?.stop();
    proxy?.stop();
    pg?.stop();
    cleanup();
  });

  const poll = async (id: string) =>
    (await (await fetch(`${url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      status: string;
    };

  test("healthz answers, readyz says not ready, writes fail with 503 and store nothing; all recovers after", async () => {
    const first = await submit(url, key, { resume: pdf, hostUsername: "before-cut" });
    expect(first.status).toBe(202);
    const { trackingId } = (await first.json()) as { trackingId: string };
    await analysisStarted; // the job is in progress when the network stops

    proxy.pause();
    const order: string[] = [];
    releaseAnalysis(); // its outcome now has to reach a database that does not answer
    const during = submit(url, key, { resume: pdf, hostUsername: "during-cut" }, { "Idempotency-Key": "cut-1" }).then(
      (r) => {
        order.push("submission answered");
        return r;
      },
    );

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    order.push("healthz answered");

    // answered while the proxy still stalls every byte (it resumes only below): readiness gives up on a
    // database that does not answer instead of waiting for it; a /readyz that waited would never answer here
    const ready = await fetch(`${url}/readyz`);
    order.push("readyz answered");
    expect(ready.status).toBe(503);
    expect(JSON.stringify(await ready.json())).toContain("database");

    const refused = await during;
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: "database_unavailable" });
    expect(order.slice(0, 2)).toEqual(["healthz answered", "readyz answered"]);
    // still cut off: the liveness answer does not depend on the database
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    proxy.resume();
    await pollUntil(async () => (await fetch(`${url}/readyz`)).status === 200, "the replica to be ready again", 60_000);
    // the same request, retried as the 503 said: accepted as new (nothing of the first try was stored)
    const retried = await pollUntil(
      async () => {
        const r = await submit(url, key, { resume: pdf, hostUsername: "during-cut" }, { "Idempotency-Key": "cut-1" });
        return r.status === 202 ? r : null;
      },
      "the retried submission to be accepted",
      30_000,
      200,
    );
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    const second = ((await retried.json()) as { trackingId: string }).trackingId;

    // the job in progress at the cut completes, and so does the new one
    for (const id of [trackingId, second])
      await pollUntil(async () => (await poll(id)).status === "COMPLETED", `job ${id} to complete`, 60_000, 100);
    const rows = await app.db
      .query<{ n: number }>("SELECT count(*) AS n FROM verifications WHERE host_username = 'during-cut'")
      .get();
    expect(rows).toEqual({ n: 1 });
  }, 120_000);
});
