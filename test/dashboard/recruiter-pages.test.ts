/**
 * What a recruiter meets around the report: a failed verification says why in plain words and offers to
 * fix and submit it again (the form comes back filled in); the jobs list says the reason, not a code; a
 * share page says at its top what it is, who shared it and until when; an unknown page points to the
 * jobs, never to an overview a recruiter cannot open; the upload form speaks no operator words.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PermanentJobError } from "../../src/jobs/job-errors.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, submit } from "../support/harness.ts";
import { type CookieClient, signedInClient, startDashboardApp } from "./dashboard-support.ts";

let t: RunningTestApp;
let recruiter: CookieClient;
let failed = "";
let done = "";
const steps = fixedSteps(88);

beforeAll(async () => {
  t = await startDashboardApp({
    steps: {
      ...steps,
      analyze: async (input) => {
        if (input.hostUsername === "no-such-candidate")
          throw new PermanentJobError("github_user_not_found", "GitHub has no user no-such-candidate");
        return steps.analyze(input);
      },
    },
  });
  recruiter = await signedInClient(t, { username: "riley", password: "a long enough password" }, "recruiter");
  const pdf = await makePdf();
  const ack = async (hostUsername: string) =>
    ((await (await submit(t.url, t.key, { resume: pdf, hostUsername })).json()) as { trackingId: string }).trackingId;
  failed = await ack("no-such-candidate");
  done = await ack("jane-dev");
  await pollUntil(
    async () =>
      (await Promise.all([failed, done].map((id) => t.app.verifications.get(id)))).every(
        (v) => v?.status === "COMPLETED" || v?.status === "FAILED",
      ),
    "both jobs final",
    30_000,
  );
});
afterAll(async () => {
  await t.stop();
});

describe("a recruiter's pages", () => {
  test("a failed verification: the reason in plain words, and a way to fix and submit it again", async () => {
    const page = (await recruiter.get(`/dashboard/jobs/${failed}`)).text;
    expect(page).toContain('data-verdict="not_verified"');
    expect(page).toContain("GitHub has no user with this username. Check the spelling");
    expect(page).not.toContain("github_user_not_found");
    const again = /<a class="button primary" href="([^"]+)" id="submit-again">Fix and submit again<\/a>/.exec(page);
    expect(again).not.toBeNull();
    // nothing to share or print for a verification that did not run
    expect(page).not.toContain('id="sharing"');
    expect(page).not.toContain("report.pdf");
    const form = (await recruiter.get(again![1]!.replace(/&amp;/g, "&"))).text;
    expect(form).toContain('value="no-such-candidate"');
    expect(form).toContain('name="client" value="default"');
  });

  test("the jobs list says why a job failed, not its code", async () => {
    const list = (await recruiter.get("/dashboard/jobs")).text;
    const row = new RegExp(`<tr data-tracking-id="${failed}">[\\s\\S]*?</tr>`).exec(list)![0];
    expect(row).toContain("Not verified");
    expect(row).toContain("GitHub has no user with this username");
    expect(row).not.toContain("github_user_not_found");
  });

  test("a share page says at its top what it is, who shared it and until when", async () => {
    const page = (await recruiter.get(`/dashboard/jobs/${done}`)).text;
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1]!;
    const made = await recruiter.post(`/dashboard/jobs/${done}/share`, { _csrf: csrf, days: "7" });
    const link =
      /id="share-link"[^>]*value="([^"]+)"/.exec(made.text)?.[1] ??
      /value="([^"]*\/share\/[^"]+)"/.exec(made.text)![1]!;
    const shared = await (await fetch(link)).text();
    const head = /<header class="share-head" id="share-head">([\s\S]*?)<\/header>/.exec(shared);
    expect(head).not.toBeNull();
    expect(shared.indexOf('id="share-head"')).toBeLessThan(shared.indexOf('id="verdict"'));
    expect(head![1]).toContain("A candidate report from claimcheck");
    expect(head![1]).toContain("shared with you read-only by riley");
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(head![1]).toMatch(new RegExp(`works until (${until}|\\d{4}-\\d{2}-\\d{2}) \\(UTC\\)`));
    expect(shared).not.toMatch(/<a [^>]*href="\/dashboard/);
  });

  test("an unknown page points a recruiter to the jobs, never to the overview", async () => {
    const missing = await recruiter.get("/dashboard/no-such-page");
    expect(missing.res.status).toBe(404);
    expect(missing.text).toContain('<a href="/dashboard/jobs">Back to the jobs</a>');
    expect(missing.text).not.toContain('href="/dashboard"');
  });

  test("the upload form speaks a recruiter's words", async () => {
    const form = (await recruiter.get("/dashboard/submit")).text.replace(/<[^>]*>/g, " ");
    for (const operatorWords of ["quota", "rate limit", "as the API does it", "hostUsername"])
      expect(form).not.toContain(operatorWords);
  });
});
