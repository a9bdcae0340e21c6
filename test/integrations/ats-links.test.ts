/**
 * The links given to an ATS, on SQLite and PostgreSQL alike: no table holds their tokens (the report
 * link and the re-run page are derived under the report link key as they are shown); the report link
 * lives as long as the result is kept unless ATS_LINK_TTL says otherwise, is revoked like any share link
 * (its page says so, the ATS is told), and once its result is purged its page says the result was purged
 * (410 Gone), not that there is nothing there. Without a key no link can be given: the ATS is refused
 * in its own error shape and nothing is stored.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { App } from "../../src/app.ts";
import { NO_ACCOUNT_TEXT } from "../../src/integrations/index.ts";
import { RESULT_PURGED, UNTIL_PURGED } from "../../src/report/index.ts";
import type { Database } from "../../src/storage/index.ts";
import { resumeOf, sampleResumePdf } from "../demo/resume-pdf.ts";
import type { AshbySimulator } from "../support/ats-sim/ashby-sim.ts";
import { type AtsTestApp, connectAshby, startAtsTestApp } from "../support/ats-sim/ats-test-app.ts";
import { type GreenhouseSimulator, startGreenhouseSimulator } from "../support/ats-sim/greenhouse-sim.ts";
import { describeEachBackend } from "../support/backends.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { pollUntil } from "../support/harness.ts";

const alice = sampleCandidates().find((c) => c.login === "alice-honest")!;
const candidate = { first_name: "Alice", last_name: "Honest", email: "alice@example.com" };
const CUSTOMER_KEY = "ashby-customer-key-0123456789";
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** Every table's every row as text: whatever a token was written into, it shows here. */
async function everyStoredText(db: Database): Promise<string> {
  const tables =
    db.dialect === "sqlite"
      ? await db
          .query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
          .all()
      : await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'").all();
  expect(tables.map((t) => t.name)).toContain("ats_assessments");
  const out: string[] = [];
  for (const { name } of tables)
    for (const row of await db.query<Record<string, unknown>>(`SELECT * FROM ${name}`).all())
      out.push(
        JSON.stringify(row, (_k, v) =>
          v instanceof Uint8Array ? Buffer.from(v).toString("latin1") : typeof v === "bigint" ? String(v) : v,
        ),
      );
  return out.join("\n");
}

describeEachBackend("the links an ATS is given", (backend) => {
  let t: AtsTestApp;
  let app: App;
  let url: string;
  let gh: GreenhouseSimulator;
  let ashby: AshbySimulator;

  beforeAll(async () => {
    t = await startAtsTestApp([alice], await backend.env());
    app = t.app;
    url = t.url;
    const key = (await app.integrations.connections.create({ kind: "greenhouse", client: "default" })).key;
    gh = startGreenhouseSimulator({ partnerBase: `${url}/integrations/greenhouse`, key });
    ashby = await connectAshby(t, CUSTOMER_KEY, alice);
  }, 120_000);

  afterAll(async () => {
    await gh?.stop();
    await ashby?.stop();
    await t?.stop();
  });

  /** A Greenhouse test sent with alice's resume, shown complete; its id and what test_status answers. */
  const completedTest = async () => {
    const sent = await gh.sendTest({
      testId: "code-claims",
      candidate,
      resume: await sampleResumePdf(resumeOf(alice)),
    });
    expect(sent.status).toBe(200);
    const id = (sent.body as { partner_interview_id: string }).partner_interview_id;
    const shown = await pollUntil(() => gh.shown.get(id), "the completed test on the profile", 60_000);
    expect(shown.partner_profile_url).toStartWith(`${url}/share/`);
    return { id, shown, take: sent.take };
  };

  test("no table holds a token given to an ATS: report links and re-run pages are derived as shown", async () => {
    const done = await completedTest();
    const nolink = await gh.sendTest({
      testId: "code-claims",
      candidate,
      resume: await sampleResumePdf({ ...resumeOf(alice), githubLogin: undefined }),
    });
    const nolinkId = (nolink.body as { partner_interview_id: string }).partner_interview_id;
    const waiting = await pollUntil(() => gh.shown.get(nolinkId), "the no-account status", 60_000);
    expect(String(waiting.metadata?.Result)).toContain(NO_ACCOUNT_TEXT);
    expect(waiting.partner_profile_url).toContain("/integrations/assessments/");
    const started = await ashby.start("code-claims", "cand-alice");
    const ashbyId = (started.body as { results: { assessment_id: string } }).results.assessment_id;
    const last = await pollUntil(
      () => (ashby.shown(ashbyId)?.assessment_result ? ashby.shown(ashbyId) : null),
      "Ashby's completion update",
      60_000,
    );
    const ashbyLink = String(last.assessment_profile_url!.value);
    expect(ashbyLink).toStartWith(`${url}/share/`);
    // every call Ashby is owed has been sent (its body is stored): the link is added as it goes
    await pollUntil(
      async () => (await app.integrations.store.callbacksOf(ashbyId)).every((c) => c.state === "delivered"),
      "Ashby's updates recorded as delivered",
    );
    // each address works, shown again the same
    expect((await fetch(done.shown.partner_profile_url!)).status).toBe(200);
    expect((await fetch(ashbyLink)).status).toBe(200);
    expect(await (await fetch(waiting.partner_profile_url!)).text()).toContain('name="account"');
    expect((await gh.raw(`test_status?partner_interview_id=${done.id}`, {})).body).toMatchObject({
      partner_profile_url: done.shown.partner_profile_url,
    });
    const stored = await everyStoredText(app.db);
    expect(stored).toContain(done.id); // the scan sees the assessments
    for (const address of [done.shown.partner_profile_url!, waiting.partner_profile_url!, ashbyLink])
      expect(stored).not.toContain(tokenOf(address));
    expect(gh.contractErrors).toEqual([]);
    expect(ashby.contractErrors).toEqual([]);
  }, 180_000);

  test("the report link lives as long as the result is kept; revoked, its page says so and the ATS is told", async () => {
    const { id, shown } = await completedTest();
    const a = (await app.integrations.store.assessment(id))!;
    const link = (await app.reportLinks.forJob(a.trackingId!)).find((l) => l.id === a.reportLinkId)!;
    expect(link).toMatchObject({ createdBy: "greenhouse", expiresAt: UNTIL_PURGED, state: "live" });
    await app.reportLinks.revoke(a.trackingId!, link.id, "admin");
    const page = await fetch(shown.partner_profile_url!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("revoked");
    const status = await gh.raw(`test_status?partner_interview_id=${id}`, {});
    expect(status.body).toMatchObject({
      partner_status: "complete",
      partner_profile_url: shown.partner_profile_url,
      metadata: { "Report Link": "revoked" },
    });
  }, 90_000);

  test("once the result is purged, the link's page says so (410 Gone), and so does the ATS's status", async () => {
    const { id, shown } = await completedTest();
    const a = (await app.integrations.store.assessment(id))!;
    expect((await fetch(shown.partner_profile_url!)).status).toBe(200);
    // the verification's row goes, and with it its share links' records
    await app.db.query("DELETE FROM verifications WHERE tracking_id = ?").run(a.trackingId);
    expect(await app.reportLinks.forJob(a.trackingId!)).toEqual([]);
    for (const address of [shown.partner_profile_url!, `${shown.partner_profile_url}/report.pdf`]) {
      const page = await fetch(address);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain(RESULT_PURGED.replace(/'/g, "&#39;"));
    }
    // a token that names nothing is still "not found"
    expect((await fetch(`${url}/share/${"A".repeat(43)}`)).status).toBe(404);
    const status = await gh.raw(`test_status?partner_interview_id=${id}`, {});
    expect(status.body).toMatchObject({
      partner_status: "complete",
      partner_profile_url: shown.partner_profile_url,
      metadata: { Result: "the result was purged (retention)", "Report Link": "purged" },
    });
  }, 90_000);

  if (backend.name === "postgres")
    test("without a report link key (PostgreSQL, no REPORT_LINK_KEY) an ATS is refused in its shape and nothing is stored", async () => {
      const keyless = await startAtsTestApp([alice], { ...(await backend.env()), REPORT_LINK_KEY: "" });
      try {
        const key = (await keyless.app.integrations.connections.create({ kind: "greenhouse", client: "default" })).key;
        const sim = startGreenhouseSimulator({ partnerBase: `${keyless.url}/integrations/greenhouse`, key });
        try {
          const before = await keyless.counts();
          const sent = await sim.sendTest({
            testId: "code-claims",
            candidate,
            resume: await sampleResumePdf(resumeOf(alice)),
          });
          expect(sent.status).toBe(503);
          expect((sent.body as { errors: string[] }).errors[0]).toContain("REPORT_LINK_KEY");
          expect(await keyless.counts()).toEqual(before);
        } finally {
          await sim.stop();
        }
      } finally {
        await keyless.stop();
      }
    }, 120_000);
});
