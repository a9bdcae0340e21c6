/**
 * Three `serve` processes on one PostgreSQL database, a burst of submissions from one client spread over
 * them: the monthly quota and the idempotency keys hold exactly across replicas (each acceptance is
 * serialised with the same client's, wherever it runs), while another client is accepted beside them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { makePdf, submit, tempDir } from "../support/harness.ts";
import { freshDatabaseUrl, postgresBinDir, stopSharedPostgres } from "../support/postgres.ts";
import { deadPort } from "../webhooks/helpers/receivers.ts";

describe.skipIf(!postgresBinDir())("limits across three replicas (PostgreSQL)", () => {
  const replicas: ChildServer[] = [];
  const tmp = tempDir();
  let env: Record<string, string>;

  beforeAll(async () => {
    env = { DATABASE_URL: await freshDatabaseUrl("limits"), GITHUB_API_URL: `http://127.0.0.1:${deadPort()}` };
    expect((await runCliProcess(["migrate"], env)).code).toBe(0);
    for (let i = 0; i < 3; i++)
      replicas.push(await startChildServer({ ...env, DATA_DIR: `${tmp.dir}/r${i}`, WORKER_CONCURRENCY: "1" }));
  }, 120_000);

  afterAll(async () => {
    for (const r of replicas) {
      r.kill("SIGKILL");
      await r.exited;
    }
    tmp.cleanup();
    await stopSharedPostgres();
  });

  const cli = async (...args: string[]) => {
    const r = await runCliProcess(args, env);
    expect(r.code).toBe(0);
    return r.stdout.trim();
  };

  test("a quota of 12 admits exactly 12 of 36 concurrent submissions; an idempotency key makes one job", async () => {
    await cli("clients", "add", "tight", "--monthly-quota", "12", "--rate-limit", "0");
    await cli("clients", "add", "roomy", "--monthly-quota", "0", "--rate-limit", "0");
    const tight = await cli("keys", "create", "--name", "t", "--client", "tight");
    const roomy = await cli("keys", "create", "--name", "r", "--client", "roomy");
    const pdf = await makePdf();
    const on = (i: number) => replicas[i % replicas.length]!.url;

    const burst = await Promise.all(
      Array.from({ length: 36 }, (_, i) => submit(on(i), tight, { resume: pdf, hostUsername: `user${i}` })),
    );
    const beside = await Promise.all(
      Array.from({ length: 6 }, (_, i) => submit(on(i), roomy, { resume: pdf, hostUsername: `other${i}` })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 202).length).toBe(12);
    expect(statuses.filter((s) => s === 429).length).toBe(24);
    expect(beside.map((r) => r.status)).toEqual([202, 202, 202, 202, 202, 202]);

    // one Idempotency-Key sent to every replica at once: one job, the others replay it
    const same = await Promise.all(
      replicas.map((r) =>
        submit(r.url, roomy, { resume: pdf, hostUsername: "once" }, { "Idempotency-Key": "same-key-everywhere" }),
      ),
    );
    expect(same.map((r) => r.status)).toEqual([202, 202, 202]);
    const ids = new Set(
      await Promise.all(same.map(async (r) => ((await r.json()) as { trackingId: string }).trackingId)),
    );
    expect(ids.size).toBe(1);
    expect(same.filter((r) => r.headers.get("idempotent-replayed") === "true").length).toBe(2);
  }, 120_000);
});
