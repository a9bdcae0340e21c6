/**
 * Ashby end to end, in process: the Ashby simulator (its published contract) starts assessments on a real
 * server; the server reads the resume through Ashby's candidate.info and file.info with the customer's
 * key, verifies the account against the GitHub simulator and pushes assessment.update on queueing,
 * completion and failure, with strictly increasing timestamps. Refused requests change nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { App } from "../../src/app.ts";
import { NO_ACCOUNT_TEXT } from "../../src/integrations/index.ts";
import { resumeOf, sampleResumePdf } from "../demo/resume-pdf.ts";
import type { AshbySimulator } from "../support/ats-sim/ashby-sim.ts";
import { type AtsTestApp, connectAshby, startAtsTestApp } from "../support/ats-sim/ats-test-app.ts";
import { describeEachBackend } from "../support/backends.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { pollUntil } from "../support/harness.ts";

const alice = sampleCandidates().find((c) => c.login === "alice-honest")!;
let t: AtsTestApp;
let app: App;
let url: string;
let ashby: AshbySimulator;
const CUSTOMER_KEY = "ashby-customer-key-0123456789";

const counts = () => t.counts();
const idOf = (r: { body: unknown }) => (r.body as { results: { assessment_id: string } }).results.assessment_id;
const updatesOf = (id: string) => ashby.updates.filter((u) => u.assessment_id === id);

describeEachBackend("Ashby", (backend) => {
  beforeAll(async () => {
    t = await startAtsTestApp([alice], await backend.env());
    app = t.app;
    url = t.url;
    ashby = await connectAshby(t, CUSTOMER_KEY, alice);
    ashby.addCandidate({
      id: "cand-nolink",
      firstName: "Nolan",
      lastName: "Link",
      email: "nolan@example.com",
      resume: await sampleResumePdf({ ...resumeOf(alice), name: "Nolan Link", githubLogin: undefined }),
    });
    ashby.addCandidate({
      id: "cand-noresume",
      firstName: "No",
      lastName: "Resume",
      email: "n@example.com",
      resume: null,
    });
  }, 60_000);

  afterAll(async () => {
    await ashby?.stop();
    await t?.stop();
  });

  describe("a candidate reaches the claimcheck stage of an Ashby interview plan", () => {
    test("assessment.list offers the connection's profiles", async () => {
      const list = await ashby.list();
      expect(list.results.map((r) => r.assessment_type_id)).toEqual(["code-claims"]);
    });

    test("Started, then Completed with score, verdict and report link as typed values", async () => {
      const started = await ashby.start("code-claims", "cand-alice");
      expect(started.status).toBe(200);
      const id = idOf(started);
      const done = await pollUntil(() => ashby.shown(id)?.assessment_result, "the completion update", 60_000);
      const [first, last] = [updatesOf(id)[0]!, ashby.shown(id)!];
      expect(first.assessment_status?.value).toBe("Started");
      expect(last.assessment_status?.value).toBe("Completed");
      expect(last.timestamp).toBeGreaterThan(first.timestamp);
      const a = (await app.integrations.store.assessment(id))!;
      const v = (await app.verifications.get(a.trackingId!))!;
      const score = (JSON.parse(v.result!) as { confidenceScore: number }).confidenceScore;
      expect(done).toMatchObject({ type: "numeric_score", value: score });
      const meta = Object.fromEntries(last.metadata!.map((m) => [m.identifier, m]));
      expect(meta.score).toMatchObject({ type: "numeric_score", value: score });
      const recorded = (JSON.parse(v.result!) as { verdict: { code: string; label: string } }).verdict;
      expect(meta.verdict).toMatchObject({ type: "string", value: recorded.label });
      expect(meta.verdict_code).toMatchObject({ type: "string", value: recorded.code });
      expect(meta.report_url?.type).toBe("url");
      expect(String(meta.report_url?.value)).toStartWith(`${url}/share/`);
      expect(last.assessment_profile_url?.value).toBe(meta.report_url!.value);
      expect((await fetch(String(meta.report_url!.value))).status).toBe(200);
      expect(ashby.contractErrors).toEqual([]);
    }, 90_000);

    test("no account on the resume: the update says so, with the re-run page; a re-run completes it", async () => {
      const id = idOf(await ashby.start("code-claims", "cand-nolink"));
      const first = await pollUntil(() => ashby.shown(id), "the needs-account update", 30_000);
      expect(first.assessment_result?.value).toContain(NO_ACCOUNT_TEXT);
      const rerun = String(first.assessment_profile_url!.value);
      expect(rerun).toContain("/integrations/assessments/");
      const res = await fetch(rerun, {
        method: "POST",
        body: "account=github.com/alice-honest",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      expect(res.status).toBe(303);
      await pollUntil(
        () => ashby.shown(id)?.assessment_status?.value === "Completed",
        "the re-run's completion",
        60_000,
      );
      const ts = updatesOf(id).map((u) => u.timestamp);
      expect(ts).toEqual([...ts].sort((a, b) => a - b));
      expect(new Set(ts).size).toBe(ts.length);
      expect(updatesOf(id).map((u) => u.assessment_status?.value)).toEqual([
        "Needs an account",
        "Started",
        "Completed",
      ]);
      expect(ashby.contractErrors).toEqual([]);
    }, 90_000);

    test("an update Ashby does not take is retried, and the updates still arrive in order", async () => {
      ashby.failUpdates(1);
      const id = idOf(await ashby.start("code-claims", "cand-alice"));
      await pollUntil(
        () => ashby.shown(id)?.assessment_status?.value === "Completed",
        "the completion after a retry",
        60_000,
      );
      expect(updatesOf(id).map((u) => u.assessment_status?.value)).toEqual(["Started", "Completed"]);
      // the simulator shows the update as it answers; the server records the answer just after
      const calls = await pollUntil(async () => {
        const all = await app.integrations.store.callbacksOf(id);
        return all.every((c) => c.state === "delivered") ? all : null;
      }, "the updates recorded as delivered");
      expect(calls.map((c) => [c.state, c.attempts])).toEqual([
        ["delivered", 2],
        ["delivered", 1],
      ]);
    }, 90_000);

    test("assessment.cancel stops further updates", async () => {
      const id = idOf(await ashby.start("code-claims", "cand-nolink"));
      await pollUntil(() => ashby.shown(id), "the first update", 30_000);
      const r = await ashby.cancel(id);
      expect(r).toEqual({ status: 200, body: { success: true, results: { assessment_id: id } } });
      expect((await app.integrations.store.assessment(id))!.state).toBe("cancelled");
    });
  });

  describe("requests Ashby must be refused get its error answer and change nothing", () => {
    const refused = (r: { status: number; body: unknown }, status: number, code: string) => {
      expect(r.status).toBe(status);
      expect(r.body).toMatchObject({ success: false, errors: [code] });
      expect((r.body as { message: string }).message).toBeString();
    };

    test("no key, an unknown key, a Greenhouse connection's key: 401", async () => {
      const before = await counts();
      refused(await ashby.raw("assessment.list", { method: "POST", body: "{}", key: null }), 401, "unauthorized");
      refused(await ashby.raw("assessment.start", { method: "POST", body: "{}", key: "wrong" }), 401, "unauthorized");
      const gh = await app.integrations.connections.create({ kind: "greenhouse", client: "default" });
      refused(await ashby.raw("assessment.list", { method: "POST", body: "{}", key: gh.key }), 401, "unauthorized");
      expect(await counts()).toEqual(before);
    });

    test("a malformed start, an unknown assessment type or id, a candidate without a resume: 422", async () => {
      const before = await counts();
      refused(await ashby.raw("assessment.start", { method: "POST", body: "{oops" }), 422, "invalid_json");
      refused(
        await ashby.raw("assessment.start", {
          method: "POST",
          body: JSON.stringify({ assessment_type_id: "code-claims" }),
        }),
        422,
        "invalid_request",
      );
      refused(await ashby.start("nope", "cand-alice"), 422, "unknown_assessment_type");
      refused(await ashby.start("code-claims", "cand-noresume"), 422, "no_resume");
      refused(await ashby.cancel("ats_unknown"), 422, "assessment_not_found");
      expect(await counts()).toEqual(before);
    });
  });
});
