/**
 * Share links: made on a job's page, opened without a session (the report and nothing else), recorded,
 * and gone (410) once revoked or expired; unknown tokens are 404.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ManualClock } from "../../src/lib/clock.ts";
import { ReportLinks } from "../../src/report/report-links.ts";
import { shareReference } from "../../src/report/share-link.ts";
import { pdfText } from "../support/pdf-text.ts";
import { CookieClient, csrfOf, FAST_DASHBOARD, signedInClient } from "./dashboard-support.ts";
import { AGENCY, type DemoWorld, startDemoWorld } from "./demo-world.ts";

let w: DemoWorld;
let admin: CookieClient;

beforeAll(async () => {
  w = await startDemoWorld({ dashboard: FAST_DASHBOARD });
  w.t.app.accounts.setWebhook(AGENCY, "https://ats.northwind.example/hooks/claimcheck");
  admin = await signedInClient(w.t);
}, 180_000);
afterAll(async () => {
  await w?.stop();
});

/** Create a share link on the job's page as a signed-in user; the page shows its address once. */
async function createLink(c: CookieClient, trackingId: string, days = "14"): Promise<string> {
  const page = await c.get(`/dashboard/jobs/${trackingId}`);
  const res = await c.post(`/dashboard/jobs/${trackingId}/share`, { _csrf: csrfOf(page.text), days });
  expect(res.res.status).toBe(200);
  const url = /id="share-link" readonly value="([^"]+)"/.exec(res.text)?.[1];
  expect(url).toBeDefined();
  return url!;
}

describe("a share link opened without a session", () => {
  test("shows the report and nothing else: no navigation, no operator data, no other candidate", async () => {
    const job = w.jobs["carl-copier"];
    const url = await createLink(admin, job);
    expect(url).toMatch(new RegExp(`^${w.t.url}/share/[A-Za-z0-9_-]{43}$`));
    const anon = new CookieClient(w.t.url);
    const { res, text } = await anon.get(new URL(url).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(text).toContain("Not the candidate&#39;s work");
    expect(text).toContain("Carl Copier");
    expect(text).toContain("150 of 153 commits are someone else&#39;s: the candidate added 3.");
    expect(text).toContain("not a hiring decision");
    // nothing of the operator's
    const keyPrefix = (await w.t.app.accounts.listKeys(AGENCY))[0]!.displayPrefix;
    const client = await w.t.app.accounts.client(AGENCY);
    for (const leak of [
      AGENCY,
      keyPrefix,
      w.key,
      client.webhookSecret!,
      "ats.northwind.example",
      "carl-copier.pdf", // the uploaded file's name
      "/dashboard/jobs",
      "/dashboard/clients",
      "_csrf",
      "Log out",
      "Webhook",
      ...["alice-honest", "mallory-painter", "maya-mixed"], // other candidates
    ])
      expect({ leak, found: text.includes(leak) }).toEqual({ leak, found: false });
    expect(text).not.toMatch(/<a [^>]*href="\/dashboard/); // only the stylesheet and script come from there
    expect(text).not.toContain("<form");
  });

  test("its PDF downloads too; every open is recorded with its time and what was opened", async () => {
    const job = w.jobs["alice-honest"];
    const url = await createLink(admin, job);
    const anon = new CookieClient(w.t.url);
    await anon.get(new URL(url).pathname);
    const pdf = await fetch(`${url.replace(w.t.url, w.t.url)}/report.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const link = (await w.t.app.reportLinks.forJob(job))[0]!;
    expect(link.openedCount).toBe(2);
    expect(link.firstOpenedAt).not.toBeNull();
    expect((await w.t.app.reportLinks.opens(link.id)).map((o) => o.what)).toEqual(["pdf", "page"]);
    const page = await admin.get(`/dashboard/jobs/${job}`);
    expect(page.text).toContain(`data-link-id="${link.id}"`);
    expect(page.text).toContain("2 times, last");
    expect(page.text).not.toContain(new URL(url).pathname.slice(7)); // the token is never shown again
  });

  test("without PUBLIC_URL the address is the server's own, never the request's Host header", async () => {
    const job = w.jobs["alice-honest"];
    const page = await admin.get(`/dashboard/jobs/${job}`);
    const res = await admin.post(
      `/dashboard/jobs/${job}/share`,
      { _csrf: csrfOf(page.text), days: "1" },
      { host: "attacker.example", "x-forwarded-host": "attacker.example" },
    );
    expect(res.res.status).toBe(200);
    const url = /id="share-link" readonly value="([^"]+)"/.exec(res.text)?.[1];
    expect(url).toMatch(new RegExp(`^${w.t.app.url}/share/[A-Za-z0-9_-]{43}$`));
    expect(res.text).not.toContain("attacker.example");
  });

  test("the page and its PDF print the link's own reference, never the job's id", async () => {
    const job = w.jobs["carl-copier"];
    const url = await createLink(admin, job);
    const link = (await w.t.app.reportLinks.forJob(job))[0]!;
    const reference = shareReference(link.id);
    expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    const { text } = await new CookieClient(w.t.url).get(new URL(url).pathname);
    expect(text).toContain(reference);
    expect(text).not.toContain(job);
    expect(text).not.toContain(link.id);
    const pdf = pdfText(new Uint8Array(await (await fetch(`${url}/report.pdf`)).arrayBuffer()));
    expect(pdf).toContain(reference);
    expect(pdf).not.toContain(job);
    // the job's page lists the reference beside the link, for whoever is asked about it
    expect((await admin.get(`/dashboard/jobs/${job}`)).text).toContain(reference);
  });

  test("after revocation the page and its PDF answer 410 Gone; the job page says revoked", async () => {
    const job = w.jobs["maya-mixed"];
    const url = await createLink(admin, job);
    const link = (await w.t.app.reportLinks.forJob(job))[0]!;
    const page = await admin.get(`/dashboard/jobs/${job}`);
    const revoked = await admin.post(`/dashboard/jobs/${job}/share/${link.id}/revoke`, { _csrf: csrfOf(page.text) });
    expect(revoked.res.status).toBe(303);
    for (const path of [new URL(url).pathname, `${new URL(url).pathname}/report.pdf`]) {
      const { res, text } = await new CookieClient(w.t.url).get(path);
      expect(res.status).toBe(410);
      expect(text).toContain("revoked");
      expect(text).not.toContain("Maya");
    }
    expect((await w.t.app.reportLinks.forJob(job))[0]!.state).toBe("revoked");
    expect((await admin.get(`/dashboard/jobs/${job}`)).text).toMatch(/revoked<\/span> <span class="muted">by admin/);
    // another job's link id through this job's URL is not found
    const other = (await w.t.app.reportLinks.create(w.jobs["alice-honest"], "admin")).link;
    const cross = await admin.post(`/dashboard/jobs/${job}/share/${other.id}/revoke`, { _csrf: csrfOf(page.text) });
    expect(cross.res.status).toBe(404);
    expect((await w.t.app.reportLinks.forJob(w.jobs["alice-honest"])).find((l) => l.id === other.id)!.state).toBe(
      "live",
    );
  });

  test("an expired link answers 410; a token that names no link answers 404", async () => {
    // a link made two days ago for one day (the server's clock says it has expired)
    const past = new ManualClock(Date.now() - 2 * 86_400_000);
    const { token } = await new ReportLinks(w.t.app.db, past).create(w.jobs["alice-honest"], "admin", 86_400_000);
    const expired = await fetch(`${w.t.url}/share/${token}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("expired");
    for (const bad of ["A".repeat(43), "short", "x".repeat(300)]) {
      const res = await fetch(`${w.t.url}/share/${bad}`);
      expect(res.status).toBe(404);
      expect((await fetch(`${w.t.url}/share/${bad}/report.pdf`)).status).toBe(404);
    }
  });

  test("a share link needs a final job, a valid expiry and a signed-in user", async () => {
    const job = w.jobs["alice-honest"];
    const page = await admin.get(`/dashboard/jobs/${job}`);
    for (const days of ["0", "366", "x", ""]) {
      const r = await admin.post(`/dashboard/jobs/${job}/share`, { _csrf: csrfOf(page.text), days });
      expect(r.res.status).toBe(400);
    }
    const anon = await new CookieClient(w.t.url).post(`/dashboard/jobs/${job}/share`, { days: "7" });
    expect(anon.res.status).toBe(401);
  });
});
