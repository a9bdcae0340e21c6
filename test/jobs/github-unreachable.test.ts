/**
 * A verification whose GitHub cannot be reached says so while it is polled (stage fetching, stageDetail
 * naming the problem, giveUpAt) and fails github_unavailable once GitHub has not answered for the give-up
 * window, in its first attempt: no retries stretch it further. The real service with the production steps
 * (PDF extraction in its child process, the GraphQL and REST clients) against an address that refuses
 * every connection, as a machine without network does.
 */
import { afterEach, expect, test } from "bun:test";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { sampleResumePdf } from "../demo/resume-pdf.ts";
import { describeEachBackend } from "../support/backends.ts";
import { pollUntil, submit, tempDir, testConfig } from "../support/harness.ts";

const GIVE_UP_MS = 3_000;
let app: App | null = null;
let cleanup: (() => void) | null = null;
afterEach(async () => {
  await app?.stop();
  cleanup?.();
  app = null;
});

/** A loopback address nothing listens on (a port just released): every connection is refused. */
function refusingAddress(): string {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const url = `http://127.0.0.1:${s.port}`;
  s.stop(true);
  return url;
}

interface Polled {
  status: string;
  stage?: string;
  stageDetail?: string;
  giveUpAt?: string;
  error?: { code: string; message: string };
  completedAt?: string;
}

describeEachBackend("GitHub unreachable", (backend) => {
  test("the polled job says GitHub cannot be reached and until when; it fails github_unavailable then, in one attempt", async () => {
    const tmp = tempDir();
    cleanup = tmp.cleanup;
    app = createApp(
      testConfig(tmp.dir, { GITHUB_API_URL: refusingAddress(), GITHUB_TOKEN: "t", ...(await backend.env()) }),
      { logger: silentLogger, githubGiveUpMs: GIVE_UP_MS },
    );
    const url = await app.start();
    const key = app.accounts.createKey("offline").key;
    const pdf = await sampleResumePdf({
      name: "Alice Honest",
      githubLogin: "alice-honest",
      projects: [{ name: "Weather Dash", repoUrl: "github.com/alice-honest/weather-dash" }],
    });
    const res = await submit(url, key, { resume: pdf, hostUsername: "alice-honest" });
    expect(res.status).toBe(202);
    const { trackingId } = (await res.json()) as { trackingId: string };
    const poll = async () =>
      (await (
        await fetch(`${url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as Polled;

    const waiting = await pollUntil(async () => {
      const j = await poll();
      return j.stageDetail ? j : null;
    }, "the polled job to say what it waits for");
    expect(waiting).toMatchObject({ status: "processing", stage: "fetching" });
    expect(waiting.stageDetail).toContain("GitHub cannot be reached");
    expect(waiting.stageDetail).toContain("github_unavailable");
    const giveUpAt = Date.parse(waiting.giveUpAt!);
    expect(waiting.stageDetail).toContain(waiting.giveUpAt!);

    const failed = await pollUntil(async () => {
      const j = await poll();
      return j.status === "FAILED" || j.status === "COMPLETED" ? j : null;
    }, "the job to fail");
    expect(failed.error?.code).toBe("github_unavailable");
    expect(failed.error?.message).toContain("could not be reached");
    expect(failed.stageDetail).toBeUndefined();
    // it waited the window out, then ended at once: the first attempt, no retry with backoff after it
    expect(Date.parse(failed.completedAt!)).toBeGreaterThanOrEqual(giveUpAt);
    const job = app.db
      .query<{ attempts: number; state: string }, [string]>(
        "SELECT j.attempts, j.state FROM jobs j JOIN verifications v ON v.job_id = j.id WHERE v.tracking_id = ?",
      )
      .get(trackingId);
    expect(job).toEqual({ attempts: 1, state: "failed" });
  }, 60_000);
});
