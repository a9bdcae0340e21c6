/**
 * Never fail while there is something to verify, through the real server (createApp with the
 * production steps: isolated PDF extraction, the GitHub client, the analysis) and the GitHub
 * simulator on loopback. A resume with no projects section still names or links the candidate's
 * repositories: the extractor infers the projects from repository links anywhere, and the
 * repository-first path matches a repository the resume names as work outside any recognised
 * section. A resume that names none still ends no_projects_found.
 *
 * A resume read with low confidence is matched repository-first against its whole text: the result
 * says so (extraction, and each project's foundBy), and so do the share page and its PDF. An honest
 * resume read the same way gains no project it does not name.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { VerificationResultSchema } from "../../src/contract/index.ts";
import type { VerificationResult } from "../../src/verification/result.ts";
import { ResumeBuilder } from "../fixtures/resume/fixture-builder.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { type RunningTestApp, startTestApp, verifyAndWait } from "../support/harness.ts";
import { pdfText } from "../support/pdf-text.ts";

const PUBLIC = "https://claimcheck.example.com";
let sim: Awaited<ReturnType<typeof startGitHubSimulator>>;
let server: RunningTestApp;

beforeAll(async () => {
  sim = await startGitHubSimulator({
    candidates: sampleCandidates().filter((c) => c.login === "alice-honest"),
    tokens: ["e2e-token"],
  });
  server = await startTestApp({ env: { GITHUB_API_URL: sim.url, GITHUB_TOKEN: "e2e-token", PUBLIC_URL: PUBLIC } });
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

/** No projects section, no project the extractor can find: a resume it reads with low confidence. */
async function unsureResume(contact: string, bullets: string[]): Promise<Uint8Array> {
  const b = await ResumeBuilder.create();
  b.text(50, 60, "Alice Honest", { size: 20, font: "bold" });
  b.text(50, 80, contact, { size: 10 });
  b.text(50, 110, "EXPERIENCE", { size: 13, font: "bold" });
  b.text(50, 130, "Software Engineer, Example Corp", { size: 11, font: "bold" });
  b.text(450, 130, "2020 - 2024", { size: 10 });
  for (const [i, t] of bullets.entries()) b.text(60, 148 + 15 * i, `• ${t}`, { size: 10 });
  b.text(50, 210, "SKILLS", { size: 13, font: "bold" });
  b.text(50, 230, "TypeScript, Go, PostgreSQL, prompt engineering", { size: 10 });
  b.text(50, 260, "EDUCATION", { size: 13, font: "bold" });
  b.text(50, 280, "BSc Computer Science, State University", { size: 11, font: "bold" });
  return b.save();
}

const projectsOf = (r: VerificationResult) =>
  r.verifiedProjects.map((p) => {
    const x = p as typeof p & { matchedBy?: string; foundBy?: { shape: string; section: string } };
    return [x.repoUrl, x.matchedBy, x.foundBy?.shape];
  });

describe("a resume read with low confidence is matched repository-first", () => {
  test("its repository's address in the header and a name in experience become claims, and the result says how", async () => {
    const r = await verify(
      await unsureResume("alice@example.com · github.com/alice-honest/trailmap", [
        "Maintained the billing service and its deploy pipeline.",
        "In my own time I built Weather Dash, a dashboard for local forecasts.",
      ]),
    );
    expect(r.status).toBe("COMPLETED");
    expect(Value.Check(VerificationResultSchema, r)).toBe(true);
    expect(r.extraction).toEqual({
      confidence: 0,
      lowConfidence: true,
      repositoryFirst: true,
      reasons: ["no projects section was found", "no project was found"],
    });
    // exactly the two repositories the resume names: not the candidate's other three
    expect(projectsOf(r)).toEqual([
      ["github.com/alice-honest/trailmap", "mention", "repository-first"],
      ["github.com/alice-honest/weather-dash", "mention", "repository-first"],
    ]);
    for (const p of r.verifiedProjects) expect(p.commits).toBeGreaterThan(0);

    // the recruiter's report says it plainly, on the share page and in its PDF
    const path = new URL(r.reportUrl as string).pathname;
    const page = await (await fetch(`${server.url}${path}`)).text();
    expect(page).toContain(
      "The resume was read with low confidence (no projects section was found; no project was found)",
    );
    expect(page).toContain("(repository-first). 2 projects were found that way:");
    const pdf = await fetch(`${server.url}${path}/report.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("The resume was read with low confidence");
    expect(text).toContain("found repository-first");
  }, 120_000);

  test("an honest resume read with low confidence gains no project it does not name", async () => {
    const r = await verify(
      await unsureResume("alice@example.com · github.com/alice-honest", [
        "Maintained the billing service and the weather data feeds.",
        "Wrote prompts and trail maps for the planning team.",
      ]),
    );
    expect(r.status).toBe("FAILED");
    expect(r.error?.code).toBe("no_projects_found");
  }, 120_000);

  test("a resume read with confidence carries its extraction and each project's foundBy, and the report says nothing of it", async () => {
    const b = await ResumeBuilder.create();
    b.text(50, 60, "Alice Honest", { size: 20, font: "bold" });
    b.text(50, 110, "PROJECTS", { size: 13, font: "bold" });
    b.text(50, 130, "Weather Dash", { size: 11, font: "bold" });
    b.text(450, 130, "2022 - 2024", { size: 10 });
    b.linkedText(50, 146, "github.com/alice-honest/weather-dash", "https://github.com/alice-honest/weather-dash", {
      size: 10,
    });
    b.text(60, 161, "• A dashboard for local forecasts in TypeScript and React.", { size: 10 });
    b.text(50, 200, "EXPERIENCE", { size: 13, font: "bold" });
    b.text(50, 220, "Software Engineer, Example Corp", { size: 11, font: "bold" });
    const r = await verify(await b.save());
    expect(r.status).toBe("COMPLETED");
    expect(r.extraction?.lowConfidence).toBe(false);
    expect(r.extraction?.repositoryFirst).toBe(false);
    expect(r.extraction?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(projectsOf(r)).toEqual([["github.com/alice-honest/weather-dash", "link", "entry"]]);
    const page = await (await fetch(`${server.url}${new URL(r.reportUrl as string).pathname}`)).text();
    expect(page).not.toContain('id="reading"');
  }, 120_000);
});
