/**
 * Never fail while there is something to verify, through the real server (createApp with the
 * production steps: isolated PDF extraction, the GitHub client, the analysis) and the GitHub
 * simulator on loopback. A resume with no projects section still names or links the candidate's
 * repositories: the extractor infers the projects from repository links anywhere, and the
 * repository-first path matches a repository the resume names as work outside any recognised
 * section. A resume that names none still ends no_projects_found.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { VerificationResult } from "../../src/verification/result.ts";
import { ResumeBuilder } from "../fixtures/resume/fixture-builder.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { type RunningTestApp, startTestApp, verifyAndWait } from "../support/harness.ts";

let sim: Awaited<ReturnType<typeof startGitHubSimulator>>;
let server: RunningTestApp;

beforeAll(async () => {
  sim = await startGitHubSimulator({
    candidates: sampleCandidates().filter((c) => c.login === "alice-honest"),
    tokens: ["e2e-token"],
  });
  server = await startTestApp({ env: { GITHUB_API_URL: sim.url, GITHUB_TOKEN: "e2e-token" } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await sim?.stop();
});

const verify = (pdf: Uint8Array): Promise<VerificationResult> =>
  verifyAndWait(server.url, server.key, { resume: pdf, hostUsername: "alice-honest" });

/** A one-column resume with an experience section and no projects section. */
async function experienceOnly(bullets: Array<{ text: string; link?: [string, string] }>): Promise<Uint8Array> {
  const b = await ResumeBuilder.create();
  b.text(50, 60, "Alice Honest", { size: 20, font: "bold" });
  b.text(50, 80, "alice@example.com", { size: 10 });
  b.text(50, 110, "EXPERIENCE", { size: 13, font: "bold" });
  b.text(50, 130, "Software Engineer, Example Corp", { size: 11, font: "bold" });
  b.text(450, 130, "2020 - 2024", { size: 10 });
  bullets.forEach((bullet, i) => {
    const y = 148 + 15 * i;
    const x = b.text(60, y, `• ${bullet.text}`, { size: 10 });
    if (bullet.link) b.linkedText(x + 3, y, bullet.link[0], bullet.link[1], { size: 10 });
  });
  b.text(50, 260, "EDUCATION", { size: 13, font: "bold" });
  b.text(50, 280, "BSc Computer Science, State University", { size: 11, font: "bold" });
  return b.save();
}

describe("never fail while there is something to verify", () => {
  test("a repository the resume names as work outside any projects section is matched (matchedBy mention)", async () => {
    const r = await verify(
      await experienceOnly([
        { text: "Maintained the billing service and its deploy pipeline." },
        { text: "In my own time I built Weather Dash, a dashboard for local forecasts." },
      ]),
    );
    expect(r.status).toBe("COMPLETED");
    const project = r.verifiedProjects?.find((p) => p.repoUrl === "github.com/alice-honest/weather-dash");
    expect(project).toBeDefined();
    expect((project as { matchedBy?: string } | undefined)?.matchedBy).toBe("mention");
    expect(project?.commits).toBeGreaterThan(0);
  }, 90_000);

  test("a repository linked from an experience bullet is a claim without any projects section", async () => {
    const r = await verify(
      await experienceOnly([
        { text: "Maintained the billing service.", link: ["(source)", "https://github.com/alice-honest/weather-dash"] },
      ]),
    );
    expect(r.status).toBe("COMPLETED");
    const project = r.verifiedProjects?.find((p) => p.repoUrl === "github.com/alice-honest/weather-dash");
    expect((project as { matchedBy?: string } | undefined)?.matchedBy).toBe("link");
  }, 90_000);

  test("a resume that names none of the candidate's repositories still ends no_projects_found", async () => {
    const r = await verify(await experienceOnly([{ text: "Maintained the billing service using Weather APIs." }]));
    expect(r.status).toBe("FAILED");
    expect(r.error?.code).toBe("no_projects_found");
    expect(r.error?.message).toContain("repositories");
  }, 90_000);
});
