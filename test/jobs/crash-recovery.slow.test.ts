import { afterEach, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStorage } from "../../src/storage/backend.ts";
import { describeEachBackend } from "../support/backends.ts";
import { type ChildServer, runCliProcess, startChildServer } from "../support/child-server.ts";
import { makePdf, pollUntil, submit, tempDir } from "../support/harness.ts";

const started: ChildServer[] = [];
const dirs: Array<() => void> = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    s.kill("SIGKILL");
    await s.exited;
  }
  for (const c of dirs.splice(0)) c();
});

type Env = Record<string, string> & { DATA_DIR: string };

async function boot(env: Env, extra: Record<string, string> = {}) {
  const s = await startChildServer({ ...env, JOB_LEASE: "2s", WORKER_CONCURRENCY: "4", ...extra }, [
    "test/support/gated-server.ts",
  ]);
  started.push(s);
  return s;
}

async function finalEvents(env: Env): Promise<Array<{ tracking_id: string; n: number }>> {
  const db = await openStorage({ dbPath: join(env.DATA_DIR, "claimcheck.db"), databaseUrl: env.DATABASE_URL ?? null });
  try {
    return await db
      .query<{ tracking_id: string; n: number }, []>(
        "SELECT tracking_id, count(*) AS n FROM final_events GROUP BY tracking_id",
      )
      .all();
  } finally {
    await db.close();
  }
}

describeEachBackend("crash recovery (real processes)", (backend) => {
  const setup = async (): Promise<Env> => {
    const tmp = tempDir();
    dirs.push(tmp.cleanup);
    return { DATA_DIR: tmp.dir, ...(await backend.env()) };
  };
  test("jobs acknowledged before a SIGKILL mid-job finish exactly once after restart", async () => {
    const env = await setup();
    const key = (await runCliProcess(["keys", "create", "--name", "crash", "--create"], env)).stdout.trim();
    expect(key).toStartWith("cck_");
    const first = await boot(env);
    const pdf = await makePdf();
    const logins = ["alice", "bob", "carol"];
    const ids: string[] = [];
    for (const login of logins) {
      const res = await submit(first.url, key, { resume: pdf, hostUsername: login });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { trackingId: string }).trackingId);
    }
    // all three are mid-analysis in the first process
    await pollUntil(() => logins.every((l) => existsSync(join(env.DATA_DIR, `started-${l}`))), "jobs to start");
    first.kill("SIGKILL");
    expect(await first.exited).not.toBe(0);

    writeFileSync(join(env.DATA_DIR, "release"), "go");
    const second = await boot(env);
    for (const id of ids) {
      const final = await pollUntil(
        async () => {
          const j = (await (
            await fetch(`${second.url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } })
          ).json()) as { status: string };
          return j.status === "COMPLETED" ? j : null;
        },
        `job ${id} to complete after restart`,
        60_000,
        50,
      );
      expect(final).toMatchObject({ trackingId: id, confidenceScore: 66 });
    }
    const events = await finalEvents(env);
    expect(events.map((e) => e.tracking_id).sort()).toEqual([...ids].sort());
    expect(events.every((e) => e.n === 1)).toBe(true);
  }, 90_000);

  test("SIGTERM: new requests refused, in-flight work finishes within the grace period, exit 0", async () => {
    const env = await setup();
    const key = (await runCliProcess(["keys", "create", "--name", "term", "--create"], env)).stdout.trim();
    const s = await boot(env, { SHUTDOWN_GRACE: "20s" });
    const res = await submit(s.url, key, { resume: await makePdf(), hostUsername: "dave" });
    const { trackingId } = (await res.json()) as { trackingId: string };
    await pollUntil(() => existsSync(join(env.DATA_DIR, "started-dave")), "job to start");
    s.kill("SIGTERM");
    // the listener closes at once; the job is still in flight
    await pollUntil(
      async () =>
        fetch(`${s.url}/healthz`).then(
          () => false,
          () => true,
        ),
      "listener to close",
    );
    expect(s.proc.exitCode).toBeNull();
    writeFileSync(join(env.DATA_DIR, "release"), "go");
    expect(await s.exited).toBe(0);
    expect(await finalEvents(env)).toEqual([{ tracking_id: trackingId, n: 1 }]);
  }, 60_000);

  test("SIGTERM past the grace period releases unfinished work; the next start finishes it", async () => {
    const env = await setup();
    const key = (await runCliProcess(["keys", "create", "--name", "grace", "--create"], env)).stdout.trim();
    const s = await boot(env, { SHUTDOWN_GRACE: "200ms", JOB_LEASE: "60s" });
    const { trackingId } = (await (
      await submit(s.url, key, { resume: await makePdf(), hostUsername: "erin" })
    ).json()) as { trackingId: string };
    await pollUntil(() => existsSync(join(env.DATA_DIR, "started-erin")), "job to start");
    s.kill("SIGTERM");
    expect(await s.exited).toBe(0);
    expect(await finalEvents(env)).toEqual([]);
    writeFileSync(join(env.DATA_DIR, "release"), "go");
    // released, not leased: the restarted server takes it at once, despite the 60 s lease setting
    const again = await boot(env, { JOB_LEASE: "60s" });
    await pollUntil(
      async () => {
        const j = (await (
          await fetch(`${again.url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${key}` } })
        ).json()) as { status: string };
        return j.status === "COMPLETED";
      },
      "released job to complete",
      20_000,
      50,
    );
    expect(await finalEvents(env)).toEqual([{ tracking_id: trackingId, n: 1 }]);
  }, 60_000);
});
