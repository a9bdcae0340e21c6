/**
 * reportUrl: with PUBLIC_URL set, a COMPLETED result (polled and sent by webhook alike) carries the
 * address of a share link to its report, made with the result and living REPORT_LINK_TTL.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PermanentJobError } from "../../src/jobs/job-errors.ts";
import { linkCreator } from "../../src/report/share-link.ts";
import type { VerificationSteps } from "../../src/verification/verification-job.ts";
import { fixedSteps, makePdf, pollUntil, type RunningTestApp, startTestApp, submit } from "../support/harness.ts";
import { startReceiver } from "./dashboard-support.ts";

const PUBLIC = "https://claimcheck.example.com";
const receiver = startReceiver();
let withUrl: RunningTestApp;
let without: RunningTestApp;

/** Fixed steps whose analysis fails for one user (a FAILED job has no report to link). */
function steps(): VerificationSteps {
  const base = fixedSteps(77);
  return {
    extract: base.extract,
    analyze: async (i) => {
      if (i.hostUsername === "no-such-user")
        throw new PermanentJobError("github_user_not_found", "GitHub has no user named no-such-user");
      return base.analyze(i);
    },
  };
}

beforeAll(async () => {
  withUrl = await startTestApp({ steps: steps(), env: { PUBLIC_URL: PUBLIC, REPORT_LINK_TTL: "3d" } });
  withUrl.app.accounts.setWebhook("default", receiver.url);
  without = await startTestApp({ steps: steps() });
});
afterAll(async () => {
  await withUrl?.stop();
  await without?.stop();
  receiver.stop();
});

async function finished(t: RunningTestApp, user: string): Promise<Record<string, unknown>> {
  const res = await submit(t.url, t.key, { resume: await makePdf(), hostUsername: user });
  const { trackingId } = (await res.json()) as { trackingId: string };
  return pollUntil(async () => {
    const r = (await (
      await fetch(`${t.url}/v1/jobs/${trackingId}`, { headers: { authorization: `Bearer ${t.key}` } })
    ).json()) as Record<string, unknown>;
    return r.status === "COMPLETED" || r.status === "FAILED" ? r : null;
  }, `job of ${user}`);
}

describe("reportUrl", () => {
  test("a COMPLETED result carries it, the webhook payload carries the same, and it opens the report", async () => {
    const result = await finished(withUrl, "jane-dev");
    const url = result.reportUrl as string;
    expect(url).toMatch(/^https:\/\/claimcheck\.example\.com\/share\/[A-Za-z0-9_-]{43}$/);
    const delivered = await pollUntil(
      () => receiver.received.map((r) => JSON.parse(r.body)).find((b) => b.trackingId === result.trackingId),
      "the webhook delivery",
    );
    expect(delivered.reportUrl).toBe(url);
    // the contract's fields are untouched beside it
    for (const k of [
      "trackingId",
      "hostUsername",
      "confidenceScore",
      "status",
      "verifiedProjects",
      "flags",
      "completedAt",
    ])
      expect(delivered[k]).toEqual(result[k]);
    const page = await fetch(`${withUrl.url}${new URL(url).pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Test Candidate");
    const links = await withUrl.app.reportLinks.forJob(result.trackingId as string);
    expect(links).toHaveLength(1);
    // the audit trail names the API key the job came with (its id, never its secret)
    const keyId = (await withUrl.app.db
      .query<{ api_key_id: string }, [string]>("SELECT api_key_id FROM verifications WHERE tracking_id = ?")
      .get(result.trackingId as string))!.api_key_id;
    expect(keyId).toMatch(/^key_/);
    expect(links[0]!.createdBy).toBe(`api:${keyId}`);
    expect(linkCreator(links[0]!.createdBy)).toBe(`the API, with key ${keyId} (reportUrl)`);
    expect(links[0]!.expiresAt - links[0]!.createdAt).toBe(3 * 86_400_000);
    expect(links[0]!.openedCount).toBe(1);
    // polling again answers the same address: it is part of the stored result
    const again = (await (
      await fetch(`${withUrl.url}/v1/jobs/${result.trackingId}`, {
        headers: { authorization: `Bearer ${withUrl.key}` },
      })
    ).json()) as Record<string, unknown>;
    expect(again.reportUrl).toBe(url);
  });

  test("the link's token is in no table: the stored result and the webhook's payload hold none", async () => {
    const result = await finished(withUrl, "jane-dev");
    const token = new URL(result.reportUrl as string).pathname.slice("/share/".length);
    const stored = await withUrl.app.db
      .query<{ result: string }, [string]>("SELECT result FROM verifications WHERE tracking_id = ?")
      .get(result.trackingId as string);
    expect(stored!.result).not.toContain(token);
    expect(stored!.result).not.toContain("reportUrl");
    const payloads = await pollUntil(async () => {
      const rows = await withUrl.app.db
        .query<{ payload: string }, [string]>("SELECT payload FROM webhook_deliveries WHERE tracking_id = ?")
        .all(result.trackingId as string);
      return rows.length ? rows : null;
    }, "the delivery row");
    for (const p of payloads) expect(p.payload).not.toContain(token);
    const links = await withUrl.app.db
      .query<{ token_hash: string }, [string]>("SELECT token_hash FROM report_links WHERE tracking_id = ?")
      .all(result.trackingId as string);
    expect(links.map((l) => l.token_hash).join()).not.toContain(token);
  });

  test("a revoked link is not served again: polling and a resend say reportUrl null, revoked", async () => {
    const result = await finished(withUrl, "jane-dev");
    const id = result.trackingId as string;
    const [link] = await withUrl.app.reportLinks.forJob(id);
    await withUrl.app.reportLinks.revoke(id, link!.id, "admin1");
    const polled = (await (
      await fetch(`${withUrl.url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${withUrl.key}` } })
    ).json()) as Record<string, unknown>;
    expect(polled.reportUrl).toBeNull();
    expect(polled.reportLinkState).toBe("revoked");
    // The first delivery is settled (recorded delivered), not merely received: a resend while its attempt is still
    // being recorded is refused as in flight.
    await pollUntil(async () => (await withUrl.app.webhooks.service.status(id)) === "delivered", "the first delivery");
    const before = receiver.received.length;
    await withUrl.app.webhooks.service.resend(id);
    withUrl.app.webhooks.start();
    const resent = await pollUntil(
      () =>
        receiver.received
          .slice(before)
          .map((r) => JSON.parse(r.body))
          .find((b) => b.trackingId === id),
      "the resend",
    );
    expect(resent.reportUrl).toBeNull();
    expect(resent.reportLinkState).toBe("revoked");
    expect(resent.confidenceScore).toBe(polled.confidenceScore);
  });

  test("a link made before links were derived (its token random) is not shown again: not_shown", async () => {
    const result = await finished(withUrl, "jane-dev");
    await withUrl.app.reportLinks.create(result.trackingId as string, "api");
    const polled = (await (
      await fetch(`${withUrl.url}/v1/jobs/${result.trackingId}`, {
        headers: { authorization: `Bearer ${withUrl.key}` },
      })
    ).json()) as Record<string, unknown>;
    expect(polled).toMatchObject({ reportUrl: null, reportLinkState: "not_shown" });
  });

  test("a FAILED result has none; without PUBLIC_URL no result has one", async () => {
    const failed = await finished(withUrl, "no-such-user");
    expect(failed.status).toBe("FAILED");
    expect(failed).not.toHaveProperty("reportUrl");
    const plain = await finished(without, "jane-dev");
    expect(plain.status).toBe("COMPLETED");
    expect(plain).not.toHaveProperty("reportUrl");
    expect(await without.app.reportLinks.forJob(plain.trackingId as string)).toEqual([]);
  });

  test("REPORT_LINK_TTL is validated: 1h to 365d", async () => {
    const { loadConfig } = await import("../../src/config/config.ts");
    expect(loadConfig({}).reportLinkTtlMs).toBe(14 * 86_400_000);
    for (const bad of ["30m", "366d", "soon"])
      expect(() => loadConfig({ REPORT_LINK_TTL: bad })).toThrow("REPORT_LINK_TTL");
  });
});
