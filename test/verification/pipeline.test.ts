/**
 * The whole product over real parts: a real server (createApp with the production steps: isolated PDF
 * extraction, the GitHub client over the SQLite cache, the analysis), the GitHub simulator over real git
 * repositories, and a webhook receiver, all on loopback.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { VerificationResult } from "../../src/verification/result.ts";
import { type SampleResume, sampleResumePdf } from "../demo/resume-pdf.ts";
import { describeEachBackend, type TestBackend } from "../support/backends.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { type CandidateSpec, sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { makePdf, pollUntil, tempDir, testConfig, verifyAndWait } from "../support/harness.ts";

type Sim = Awaited<ReturnType<typeof startGitHubSimulator>>;
let sim: Sim;
let app: App;
let url: string;
let key: string;
let secret: string;
let cleanup: () => void;
let receiver: ReturnType<typeof Bun.serve>;
const received: Array<{ raw: string; signature: string | null }> = [];
const candidates = new Map<string, CandidateSpec>();

function resumeOf(c: CandidateSpec): SampleResume {
  const title = (s: string) =>
    s
      .split(/[-_]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ");
  return {
    name: c.user.name ?? c.login,
    githubLogin: c.login,
    projects: c.scenarios.map((s) => ({ name: title(s.fullName.split("/")[1]!), repoUrl: `github.com/${s.fullName}` })),
  };
}

async function setUp(backend: TestBackend): Promise<void> {
  received.length = 0;
  for (const c of sampleCandidates()) candidates.set(c.login, c);
  sim = await startGitHubSimulator({ candidates: [...candidates.values()], tokens: ["e2e-token"] });
  receiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      received.push({ raw: await req.text(), signature: req.headers.get("x-service-signature") });
      return new Response("ok");
    },
  });
  const tmp = tempDir();
  cleanup = tmp.cleanup;
  app = await createApp(
    testConfig(tmp.dir, {
      GITHUB_API_URL: sim.url,
      GITHUB_TOKEN: "e2e-token",
      METRICS_TOKEN: "metrics-scraper-token-0123456789",
      ...(await backend.env()),
    }),
    {
      logger: silentLogger,
    },
  );
  url = await app.start();
  key = (await app.accounts.createKey("e2e")).key;
  secret = (await app.accounts.setWebhook("default", `http://127.0.0.1:${receiver.port}/hook`)).secret;
}

async function tearDown(): Promise<void> {
  await app?.stop();
  receiver?.stop(true);
  await sim?.stop();
  cleanup?.();
}

async function verify(login: string, pdf?: Uint8Array): Promise<VerificationResult> {
  const bytes = pdf ?? (await sampleResumePdf(resumeOf(candidates.get(login)!)));
  return verifyAndWait(url, key, { resume: bytes, hostUsername: login });
}

// the whole product on each backend: on PostgreSQL the GitHub cache, the rate gate and the PDFs are in the database
describeEachBackend("end to end", (backend) => {
  beforeAll(() => setUp(backend), 60_000);
  afterAll(tearDown);

  test("an honest candidate: COMPLETED, high score, every linked project verified, webhook signed", async () => {
    const r = await verify("alice-honest");
    expect(r.status).toBe("COMPLETED");
    expect(r.confidenceScore).toBeGreaterThanOrEqual(70);
    expect(r.flags.filter((f: { severity: string }) => f.severity === "CRITICAL")).toEqual([]);
    const urls = r.verifiedProjects.map((p: { repoUrl: string }) => p.repoUrl);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const p of r.verifiedProjects) {
      expect(p.repoUrl).toMatch(/^github\.com\/[^/]+\/[^/]+$/);
      expect(["HIGH", "MEDIUM", "LOW"]).toContain(p.matchStrength);
      expect(Number.isInteger(p.commits)).toBe(true);
    }
    expect(r.scoreBreakdown).toBeDefined();
    // commit timelines are kept for the dashboard's pictures, not sent in the result
    expect(Object.keys(r)).not.toContain("commitTimelines");
    const timelines = JSON.parse((await app.verifications.get(r.trackingId))!.timelines!) as Array<{
      repo: string;
      commits: unknown[];
    }>;
    expect(timelines.length).toBe(r.verifiedProjects.filter((p: { commits: number }) => p.commits > 0).length);
    expect(timelines[0]!.commits.length).toBeGreaterThan(0);
    // the GitHub budget seen is exposed to operators
    const metrics = await (
      await fetch(`${url}/metrics`, { headers: { authorization: "Bearer metrics-scraper-token-0123456789" } })
    ).text();
    expect(metrics).toMatch(/^claimcheck_github_rate_remaining \d+$/m);
    expect(metrics).toContain("claimcheck_github_rate_limit 5000");
    const delivery = await pollUntil(
      () => received.find((d) => JSON.parse(d.raw).trackingId === r.trackingId),
      "webhook delivery",
    );
    const expected = `sha256=${createHmac("sha256", secret).update(delivery.raw).digest("hex")}`;
    expect(delivery.signature).toBe(expected);
    expect(JSON.parse(delivery.raw)).toMatchObject({
      event: "verification.completed",
      trackingId: r.trackingId,
      status: "COMPLETED",
      confidenceScore: r.confidenceScore,
    });
  }, 90_000);

  test("a graph painter: CRITICAL flags naming the repository, low score", async () => {
    const r = await verify("mallory-painter");
    expect(r.status).toBe("COMPLETED");
    expect(r.confidenceScore).toBeLessThanOrEqual(40);
    const critical = r.flags.filter((f: { severity: string }) => f.severity === "CRITICAL");
    expect(critical.length).toBeGreaterThan(0);
    expect(critical.some((f: { message: string }) => f.message.includes("mallory-painter/"))).toBe(true);
  }, 90_000);

  test("re-verifying the same candidate gives a byte-identical result apart from ids and times", async () => {
    const strip = (r: Record<string, unknown>) => {
      const { trackingId: _t, createdAt: _c, completedAt: _d, webhookStatus: _w, ...rest } = r;
      return JSON.stringify(rest);
    };
    const a = await verify("carl-copier");
    const b = await verify("carl-copier");
    expect(strip(b)).toBe(strip(a));
  }, 90_000);

  test("unknown GitHub user: FAILED github_user_not_found, and still a webhook", async () => {
    const pdf = await sampleResumePdf({
      name: "Nobody",
      projects: [{ name: "Thing", repoUrl: "github.com/no-such-user-xyz/thing" }],
    });
    const r = await verify("no-such-user-xyz", pdf);
    expect(r.status).toBe("FAILED");
    expect(r.error?.code).toBe("github_user_not_found");
    await pollUntil(
      () => received.find((d) => JSON.parse(d.raw).trackingId === r.trackingId),
      "webhook for the FAILED job",
    );
  }, 90_000);

  test("a resume with no projects: FAILED no_projects_found with a reason", async () => {
    const r = await verify(
      "alice-honest",
      await makePdf(["Alice Honest", "Experience", "Engineer at Example Corp, 2020 - 2024"]),
    );
    expect(r.status).toBe("FAILED");
    expect(r.error?.code).toBe("no_projects_found");
    expect(r.error?.message.length).toBeGreaterThan(10);
  }, 90_000);

  test("a PDF without a text layer: FAILED with an actionable reason", async () => {
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.drawRectangle({ x: 50, y: 50, width: 200, height: 100 });
    const r = await verify("alice-honest", await doc.save());
    expect(r.status).toBe("FAILED");
    expect(r.error?.code).toBe("pdf_no_text");
    expect(r.error?.message).toMatch(/text/i);
  }, 90_000);

  test("GitHub rate limit exhausted: the job waits (deferred), then completes once the budget resets", async () => {
    const resetAt = Date.now() + 2_000; // ms, like the simulator's clock
    sim.rateLimit.exhaust({ resetAt });
    const r = await verify("maya-mixed");
    expect(r.status).toBe("COMPLETED");
    expect(Date.parse(r.completedAt)).toBeGreaterThanOrEqual(resetAt);
  }, 90_000);
});
