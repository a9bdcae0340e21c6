import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { GitHubRateLimitedError } from "../../src/github/types.ts";
import { openStorage } from "../../src/storage/backend.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import type { VerificationSteps } from "../../src/verification/verification-job.ts";
import { CookieClient, FAST_DASHBOARD, signedInClient } from "../dashboard/dashboard-support.ts";
import { runCliProcess } from "../support/child-server.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";

/**
 * Several replicas on one PostgreSQL database: migrations that race, every data command through
 * DATABASE_URL, and two services (each its own connection, worker and dispatcher) answering for each other.
 */
const noPostgres = !postgresBinDir();
afterAll(() => stopSharedPostgres());

describe.skipIf(noPostgres)("replicas on one PostgreSQL database", () => {
  let url: string;
  let a: RunningTestApp;
  let b: RunningTestApp;
  const cli = (...args: string[]) => runCliProcess(args, { DATABASE_URL: url, DATA_DIR: "/nonexistent/never-used" });

  beforeAll(async () => {
    url = await freshDatabaseUrl("replicas");
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  test("three `claimcheck migrate` started together migrate once; a fourth finds the schema current", async () => {
    const runs = await Promise.all([cli("migrate"), cli("migrate"), cli("migrate")]);
    for (const r of runs) expect(r.code).toBe(0);
    const applied = runs.filter((r) => r.stdout.startsWith("applied migrations"));
    expect(applied).toHaveLength(1);
    const versions = MIGRATIONS.map((m) => m.version);
    expect(applied[0]!.stdout).toContain(`applied migrations ${versions.join(", ")} to PostgreSQL`);
    expect((await cli("migrate")).stdout).toContain(
      `is up to date (migration ${versions.at(-1)} of ${MIGRATIONS.length})`,
    );
    // a DATABASE_URL that is not PostgreSQL's is a configuration problem: exit 78, as for every command
    expect((await runCliProcess(["migrate", "--database-url", "mysql://x/y"])).code).toBe(78);
  }, 60_000);

  test("keys, clients, webhook and admin commands work on DATABASE_URL; backup points to pg_dump", async () => {
    expect((await cli("clients", "add", "acme", "--monthly-quota", "0", "--rate-limit", "0")).code).toBe(0);
    const key = (await cli("keys", "create", "--name", "ci", "--client", "acme")).stdout.trim();
    expect(key).toMatch(/^cck_/);
    const keys = JSON.parse((await cli("keys", "list", "--json")).stdout) as Array<{ client: string }>;
    expect(keys.map((k) => k.client)).toEqual(["acme"]);
    const hook = await cli("webhook", "set", "--client", "acme", "--url", "https://hooks.example.com/cc");
    expect(hook.code).toBe(0);
    expect((await cli("webhook", "show", "--client", "acme")).stdout).toContain("https://hooks.example.com/cc");
    const admin = await cli("admin", "create", "--url", "https://cc.example.com");
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain("https://cc.example.com/dashboard/setup?token=");
    const jobs = await cli("jobs", "list", "--json");
    expect(jobs.code).toBe(0);
    const backup = await cli("backup", "--out", "/tmp/never-written.db");
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain("pg_dump");
  }, 60_000);

  test("two replicas: a key made by the CLI works on both at once; a job submitted to one is polled on the other", async () => {
    const env = { DATABASE_URL: url };
    a = await startTestApp({ steps: fixedSteps(64), env, dashboard: FAST_DASHBOARD });
    b = await startTestApp({ steps: fixedSteps(64), env, dashboard: FAST_DASHBOARD });
    const key = (await cli("keys", "create", "--name", "both")).stdout.trim();
    const pdf = await makePdf();
    const onA = await submit(a.url, key, { resume: pdf, hostUsername: "octocat" });
    expect(onA.status).toBe(202);
    const { trackingId } = (await onA.json()) as { trackingId: string };
    const done = await pollUntil(async () => {
      const r = (await (
        await fetch(`${b.url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as { status: string; confidenceScore?: number };
      return r.status === "COMPLETED" ? r : null;
    }, "the job to complete, polled on the other replica");
    expect(done.confidenceScore).toBe(64);
    // the uploaded PDF is in the database: readable on the replica that did not receive it
    expect(await b.app.verifications.resume(trackingId)).toEqual(pdf);
    // one replica's key is known to the other, and a revocation on one applies to the other at once
    const { key: other, apiKey: row } = await a.app.accounts.createKey("on-a");
    expect((await submit(b.url, other, { resume: pdf, hostUsername: "octocat" })).status).toBe(202);
    await b.app.accounts.revokeKey(row.id);
    expect((await submit(a.url, other, { resume: pdf, hostUsername: "octocat" })).status).toBe(401);
  }, 60_000);

  test("the GitHub rate-limit gate is one for both: a window one replica saw holds back the other", async () => {
    const budget = "https://api.github.com:tokenhash:core";
    const resetAt = Date.now() + 3_600_000;
    expect(a.app.githubGate).not.toBe(b.app.githubGate);
    a.app.githubGate.record(budget, { limit: 5000, remaining: 50, resetAt }); // written through in the background
    // B refuses to send a request on it as soon as it reads the shared window (within a refresh interval)
    const refused = await pollUntil(
      () =>
        b.app.githubGate.admit(budget).then(
          () => {
            b.app.githubGate.release(budget);
            return null;
          },
          (e: unknown) => e,
        ),
      "B to see A's window",
    );
    expect(refused).toBeInstanceOf(GitHubRateLimitedError);
    expect(b.app.githubGate.available(budget)).toBe(0);
    expect(b.app.githubGate.window(budget)).toEqual({ limit: 5000, remaining: 50, resetAt });
  });

  test("a dashboard session opened on one replica works on the other", async () => {
    const onA = await signedInClient(a, { username: "ops", password: "a long enough password" });
    const onB = new CookieClient(b.url);
    for (const [k, v] of onA.jar) onB.jar.set(k, v);
    const page = await onB.get("/dashboard");
    expect(page.res.status).toBe(200);
    expect(page.text).toContain("ops");
  }, 60_000);

  test("NOTIFY: a job inserted through one connection wakes a listener on another", async () => {
    const one = await openStorage({ dbPath: "", databaseUrl: url });
    const two = await openStorage({ dbPath: "", databaseUrl: url });
    try {
      const { promise: woken, resolve: wake } = Promise.withResolvers<void>();
      await two.listen("claimcheck_jobs", () => wake());
      await one
        .query(
          "INSERT INTO jobs (kind, payload, state, max_attempts, run_at, created_at, updated_at) VALUES (?, ?, 'queued', 1, 0, 0, 0)",
        )
        .run("nothing", "{}");
      await woken;
    } finally {
      await one.close();
      await two.close();
    }
  }, 120_000);
});

describe.skipIf(noPostgres)("the stage of a job in progress, polled on any replica", () => {
  let a: RunningTestApp;
  let b: RunningTestApp;
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  afterAll(async () => {
    release();
    await a?.stop();
    await b?.stop();
  });

  test("whichever replica works the job, both answer its stage (kept in the row on PostgreSQL)", async () => {
    const base = fixedSteps(66);
    const steps: VerificationSteps = {
      async extract(pdf, signal) {
        await held; // the job stays in its first stage until the test has polled both replicas
        return base.extract(pdf, signal);
      },
      analyze: base.analyze,
    };
    const env = { DATABASE_URL: await freshDatabaseUrl("stages") };
    a = await startTestApp({ steps, env });
    b = await startTestApp({ steps, env });
    const res = await submit(a.url, a.key, { resume: await makePdf(), hostUsername: "octocat" });
    const { trackingId } = (await res.json()) as { trackingId: string };
    for (const t of [a, b]) {
      const body = await pollUntil(async () => {
        const r = await fetch(`${t.url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${a.key}` } });
        const j = (await r.json()) as { status: string; stage?: string };
        return j.stage ? j : null;
      }, "the stage");
      expect(body).toMatchObject({ status: "processing", stage: "extracting" });
    }
    release();
    await pollUntil(
      async () => (await b.app.verifications.get(trackingId))?.status === "COMPLETED",
      "the job to complete",
    );
  }, 60_000);
});
