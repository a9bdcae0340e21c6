/**
 * While a job is pending, GET /v1/jobs/:trackingId tells a polling client when to come back
 * (Retry-After) and, while processing, what the job is doing (`stage`): each stage is held open by a
 * gate so the test sees every one of them, then released.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { VerificationSteps } from "../../src/verification/verification-job.ts";
import { describeEachBackend } from "../support/backends.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

let gates = { extract: gate(), fetch: gate(), analyse: gate() };
const base = fixedSteps(71);
const steps: VerificationSteps = {
  async extract(pdf, signal) {
    await gates.extract.opened;
    return base.extract(pdf, signal);
  },
  async analyze(input) {
    await gates.fetch.opened;
    input.onStage?.("analysing");
    await gates.analyse.opened;
    return base.analyze(input);
  },
};

let t: RunningTestApp;
const poll = async (id: string) => {
  const res = await fetch(`${t.url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${t.key}` } });
  return { res, body: (await res.json()) as Record<string, unknown> };
};

// on PostgreSQL the stage is kept in the row (any replica answers it); on SQLite in this process's memory
describeEachBackend("polling", (backend) => {
  beforeAll(async () => {
    gates = { extract: gate(), fetch: gate(), analyse: gate() };
    t = await startTestApp({ steps, env: { WORKER_CONCURRENCY: "1", ...(await backend.env()) } });
  });
  afterAll(async () => {
    for (const g of Object.values(gates)) g.open();
    await t?.stop();
  });

  test("pending jobs answer Retry-After and, while processing, the stage; a final result answers neither", async () => {
    const ids: string[] = [];
    for (const login of ["first", "second"]) {
      const res = await submit(t.url, t.key, { resume: await makePdf(), hostUsername: login });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { trackingId: string }).trackingId);
    }
    const [first, second] = ids as [string, string];

    const stageOf = async (want: string) =>
      pollUntil(async () => {
        const p = await poll(first);
        return p.body.stage === want ? p : null;
      }, `stage ${want}`);

    const extracting = await stageOf("extracting");
    expect(extracting.body.status).toBe("processing");
    expect(extracting.res.headers.get("retry-after")).toBe("2");

    // one worker: the second job waits in the queue, with a longer poll interval and no stage
    const queued = await poll(second);
    expect(queued.body).toMatchObject({ status: "queued", hostUsername: "second" });
    expect(queued.body.stage).toBeUndefined();
    expect(queued.res.headers.get("retry-after")).toBe("5");

    gates.extract.open();
    expect((await stageOf("fetching")).res.headers.get("retry-after")).toBe("2");
    gates.fetch.open();
    await stageOf("analysing");
    gates.analyse.open();

    const done = await pollUntil(async () => {
      const p = await poll(first);
      return p.body.status === "COMPLETED" ? p : null;
    }, "the first job to complete");
    expect(done.res.headers.get("retry-after")).toBeNull();
    expect(done.body.stage).toBeUndefined();
    expect(done.body.confidenceScore).toBe(71);
  });
});
