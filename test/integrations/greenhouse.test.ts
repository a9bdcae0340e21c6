/**
 * Greenhouse end to end, in process: the Greenhouse simulator (its published contract) calls a real
 * server wired as in production (isolated extraction, the GitHub simulator, the analysis), the resume is
 * downloaded from the simulator over loopback (ATS_ALLOW_PRIVATE), the PATCH comes back on completion
 * and the profile shows what test_status answers. Refused requests change nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { App } from "../../src/app.ts";
import { NO_ACCOUNT_TEXT } from "../../src/integrations/index.ts";
import { resumeOf, sampleResumePdf } from "../demo/resume-pdf.ts";
import { type AtsTestApp, startAtsTestApp } from "../support/ats-sim/ats-test-app.ts";
import { type GreenhouseSimulator, startGreenhouseSimulator } from "../support/ats-sim/greenhouse-sim.ts";
import { describeEachBackend } from "../support/backends.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { pollUntil } from "../support/harness.ts";

const alice = sampleCandidates().find((c) => c.login === "alice-honest")!;
let t: AtsTestApp;
let app: App;
let url: string;
let gh: GreenhouseSimulator;
let key: string;

const candidate = { first_name: "Alice", last_name: "Honest", email: "alice@example.com" };
const counts = () => t.counts();

describeEachBackend("Greenhouse", (backend) => {
  beforeAll(async () => {
    t = await startAtsTestApp([alice], await backend.env());
    app = t.app;
    url = t.url;
    key = (await app.integrations.connections.create({ kind: "greenhouse", client: "default", name: "acme" })).key;
    gh = startGreenhouseSimulator({ partnerBase: `${url}/integrations/greenhouse`, key });
  }, 60_000);

  afterAll(async () => {
    await gh?.stop();
    await t?.stop();
  });

  describe("a recruiter sends the test from a Greenhouse stage", () => {
    test("list_tests offers the connection's profiles", async () => {
      expect(await gh.listTests()).toEqual([{ partner_test_id: "code-claims", partner_test_name: "Code claims" }]);
    });

    test("the resume's GitHub account is verified and the profile shows score, verdict and the report link", async () => {
      const sent = await gh.sendTest({
        testId: "code-claims",
        candidate,
        resume: await sampleResumePdf(resumeOf(alice)),
      });
      expect(sent.status).toBe(200);
      const id = (sent.body as { partner_interview_id: string }).partner_interview_id;
      const shown = await pollUntil(() => gh.shown.get(id), "the PATCH and the profile's test_status", 60_000);
      const a = (await app.integrations.store.assessment(id))!;
      const v = (await app.verifications.get(a.trackingId!))!;
      expect(v.hostUsername).toBe("alice-honest");
      const result = JSON.parse(v.result!) as { confidenceScore: number };
      expect(shown.partner_status).toBe("complete");
      expect(shown.partner_score).toBe(result.confidenceScore);
      // the verdict recorded with the result, in its words and its code
      const recorded = (JSON.parse(v.result!) as { verdict: { code: string; label: string } }).verdict;
      expect(shown.metadata?.Verdict).toBe(recorded.label);
      expect(shown.metadata?.["Verdict Code"]).toBe(recorded.code);
      expect(shown.metadata?.Accounts).toBe("github.com:alice-honest");
      expect(shown.partner_profile_url).toStartWith(`${url}/share/`);
      // the profile link opens the report without a login, as long as the result is kept
      const page = await fetch(shown.partner_profile_url!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("as long as the result is kept");
      expect(gh.patches.find((p) => p.take === sent.take)?.authorization).toBe(
        `Basic ${Buffer.from(`${key}:`).toString("base64")}`,
      );
      expect(gh.contractErrors).toEqual([]);
    }, 90_000);

    test("a resume without a code-hosting account says so, and the re-run page verifies the account a recruiter adds", async () => {
      const pdf = await sampleResumePdf({ ...resumeOf(alice), githubLogin: undefined });
      const sent = await gh.sendTest({ testId: "code-claims", candidate, resume: pdf });
      const id = (sent.body as { partner_interview_id: string }).partner_interview_id;
      const first = await pollUntil(() => gh.shown.get(id), "the no-account status", 60_000);
      expect(first.partner_status).toBe("complete");
      expect(String(first.metadata?.Result)).toContain(NO_ACCOUNT_TEXT);
      expect(first.partner_score ?? null).toBeNull();
      const rerun = first.partner_profile_url!;
      expect(rerun).toContain("/integrations/assessments/");
      expect(await (await fetch(rerun)).text()).toContain('name="account"');
      // a name that is no account is refused on the page, and nothing runs
      const bad = await fetch(rerun, {
        method: "POST",
        body: "account=-nope-",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(bad.status).toBe(400);
      expect((await app.integrations.store.assessment(id))!.state).toBe("needs_account");
      const ok = await fetch(rerun, {
        method: "POST",
        body: "account=alice-honest",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      expect(ok.status).toBe(303);
      const done = await pollUntil(
        () =>
          gh.shown.get(id)?.partner_score !== undefined && gh.shown.get(id)?.partner_score !== null
            ? gh.shown.get(id)
            : null,
        "the re-run's result on the profile",
        60_000,
      );
      expect(done.partner_profile_url).toStartWith(`${url}/share/`);
      expect(done.metadata?.Accounts).toBe("github.com:alice-honest");
    }, 120_000);

    test("a resume kept for a re-run goes with retention; the page then says to send it again", async () => {
      const pdf = await sampleResumePdf({ ...resumeOf(alice), githubLogin: undefined });
      const sent = await gh.sendTest({ testId: "code-claims", candidate, resume: pdf });
      const id = (sent.body as { partner_interview_id: string }).partner_interview_id;
      await pollUntil(() => gh.shown.get(id), "the no-account status", 60_000);
      expect((await app.integrations.store.assessment(id))!.hasResume).toBe(true);
      expect(await app.integrations.store.purgeHeldResumes(Date.now() + 1)).toBeGreaterThanOrEqual(1);
      const a = (await app.integrations.store.assessment(id))!;
      expect(a.hasResume).toBe(false);
      const res = await fetch((await app.integrations.assessments.view(a)).profileUrl!, {
        method: "POST",
        body: "account=alice-honest",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBe(410);
      expect(await res.text()).toContain("no longer kept");
      expect((await app.integrations.store.assessment(id))!.state).toBe("needs_account");
    }, 60_000);

    test("a PATCH Greenhouse does not take is retried on the webhook schedule", async () => {
      gh.failPatches(1);
      const sent = await gh.sendTest({
        testId: "code-claims",
        candidate,
        resume: await sampleResumePdf(resumeOf(alice)),
      });
      const id = (sent.body as { partner_interview_id: string }).partner_interview_id;
      await pollUntil(() => gh.shown.get(id), "the retried PATCH", 60_000);
      expect(gh.patches.filter((p) => p.take === sent.take).length).toBe(2);
      // the simulator shows the result as it answers; the server records the answer just after
      const calls = await pollUntil(async () => {
        const all = await app.integrations.store.callbacksOf(id);
        return all.every((c) => c.state === "delivered") ? all : null;
      }, "the PATCH recorded as delivered");
      expect(calls.map((c) => [c.state, c.attempts])).toEqual([["delivered", 2]]);
    }, 90_000);
  });

  describe("requests Greenhouse must be refused get its error answer and change nothing", () => {
    const refusedWith = async (r: { status: number; body: unknown }, status: number) => {
      expect(r.status).toBe(status);
      expect((r.body as { errors: string[] }).errors[0]).toBeString();
    };

    test("no key, an unknown key, another ATS's key, a revoked connection: 401", async () => {
      const before = await counts();
      const send = { method: "POST", headers: { "content-type": "application/json" }, body: "{}" };
      await refusedWith(await gh.raw("list_tests", { key: null }), 401);
      await refusedWith(await gh.raw("send_test", { ...send, key: "cck_0000000000000000000000000000000000" }), 401);
      const ashby = await app.integrations.connections.create({ kind: "ashby", client: "default", ashbyApiKey: "x" });
      await refusedWith(await gh.raw("list_tests", { key: ashby.key }), 401);
      const revoked = await app.integrations.connections.create({ kind: "greenhouse", client: "default" });
      await app.integrations.connections.revoke(revoked.connection.id);
      await refusedWith(await gh.raw("test_status?partner_interview_id=x", { key: revoked.key }), 401);
      expect(await counts()).toEqual(before);
    });

    test("a body that is not JSON, misses the candidate, names an unknown test: 400/404", async () => {
      const before = await counts();
      const post = (body: string) =>
        gh.raw("send_test", { method: "POST", headers: { "content-type": "application/json" }, body });
      await refusedWith(await post("{not json"), 400);
      await refusedWith(await post(JSON.stringify({ partner_test_id: "code-claims", url: "https://x" })), 400);
      await refusedWith(
        await post(
          JSON.stringify({
            partner_test_id: "nope",
            candidate: { ...candidate, resume_url: "http://x" },
            url: "https://x",
          }),
        ),
        404,
      );
      await refusedWith(await gh.raw("response_error", { method: "POST", body: "[]" }), 400);
      await refusedWith(await gh.raw("test_status?partner_interview_id=ats_unknown", {}), 404);
      await refusedWith(await gh.raw("test_status", {}), 400);
      expect(await counts()).toEqual(before);
    });

    test("a resume that cannot be had (none, a cloud metadata address, not a PDF): 422, nothing queued", async () => {
      const before = await counts();
      await refusedWith(await gh.sendTest({ testId: "code-claims", candidate, resume: null }), 422);
      const metadata = await gh.sendTest({
        testId: "code-claims",
        candidate,
        resume: null,
        resumeUrl: "http://169.254.169.254/latest",
      });
      await refusedWith(metadata, 422);
      expect(JSON.stringify(metadata.body)).toContain("metadata");
      await refusedWith(
        await gh.sendTest({ testId: "code-claims", candidate, resume: new TextEncoder().encode("hello") }),
        422,
      );
      expect(await counts()).toEqual(before);
    });

    test("a client over its monthly quota: 429, nothing queued, nothing recorded", async () => {
      const used = (await counts()).verifications;
      await app.accounts.setLimits("default", { monthlyQuota: used });
      try {
        const before = await counts();
        const r = await gh.sendTest({
          testId: "code-claims",
          candidate,
          resume: await sampleResumePdf(resumeOf(alice)),
        });
        await refusedWith(r, 429);
        expect(await counts()).toEqual(before);
      } finally {
        await app.accounts.setLimits("default", { monthlyQuota: 0 });
      }
    }, 60_000);

    test("response_error is taken with 200", async () => {
      const r = await gh.raw("response_error", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_call: "test_status", errors: ["partner_score is not a number"] }),
      });
      expect(r).toEqual({ status: 200, body: { status: 200 } });
    });
  });
});
