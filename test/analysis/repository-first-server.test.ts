/**
 * Repository-first matching through the real server (createApp with the production steps: isolated
 * PDF extraction, the GitHub client, the analysis) and the GitHub simulator on loopback: a resume read
 * with low confidence, a candidate whose account holds repositories named after the topics the
 * resume writes ("machine-learning", "software-engineering", "data-science", "portfolio",
 * "dotfiles") beside real ones it names as things. The result lists only the real ones, each found
 * repository-first, and the recruiter's report says so.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { VerificationResultSchema } from "../../src/contract/index.ts";
import type { VerificationResult } from "../../src/verification/result.ts";
import { ResumeBuilder } from "../fixtures/resume/fixture-builder.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { assembleCandidate, honestHistory } from "../support/github-sim/scenarios/index.ts";
import { type RunningTestApp, startTestApp, verifyAndWait } from "../support/harness.ts";

const LOGIN = "dana-topics";
const PUBLIC = "https://claimcheck.example.com";
const TOKEN = "topics-token";
let sim: Awaited<ReturnType<typeof startGitHubSimulator>>;
let server: RunningTestApp;

const own = (name: string, description: string, topics: string[] = []) =>
  honestHistory({ login: LOGIN, name, description, topics });

beforeAll(async () => {
  sim = await startGitHubSimulator({
    candidates: [
      assembleCandidate({
        login: LOGIN,
        name: "Dana Topics",
        repos: [
          own("trailmap", "Offline hiking trail maps"),
          own("weather-dash", "Weather dashboard with hourly forecasts and charts", ["weather", "dashboard"]),
          own("personal-website", "Static site in Astro"),
          own("machine-learning", "Course exercises"),
          own("software-engineering", "Lecture notes"),
          // its topics are what the next bullet says: another entry's words say nothing of this one
          own("data-science", "Kaggle notebooks", ["weather", "dashboard"]),
          own("portfolio", "Old portfolio template"),
          own("dotfiles", "Shell and editor configuration"),
        ],
      }),
    ],
    tokens: [TOKEN],
  });
  server = await startTestApp({ env: { GITHUB_API_URL: sim.url, GITHUB_TOKEN: TOKEN, PUBLIC_URL: PUBLIC } });
}, 60_000);

// the server first: it may still be asking the simulator
afterAll(() => Promise.resolve(server?.stop()).then(() => sim?.stop()));

/** No projects section: every claim has to be found repository-first. */
async function topicalResume(): Promise<Uint8Array> {
  const b = await ResumeBuilder.create();
  b.text(50, 60, "Dana Topics", { size: 20, font: "bold" });
  b.text(50, 80, `dana@example.com · github.com/${LOGIN}/trailmap`, { size: 10 });
  b.text(50, 110, "EXPERIENCE", { size: 13, font: "bold" });
  b.text(50, 130, "Machine Learning Engineer, Example Corp", { size: 11, font: "bold" });
  b.text(450, 130, "2020 - 2024", { size: 10 });
  const bullets = [
    "Built Data Science pipelines for the Portfolio Management team.",
    "In my own time I built Weather Dash, a dashboard for local forecasts.",
    "Personal Website: a static site in Astro with a blog.",
    "Keeps my dotfiles in sync across three machines.",
  ];
  for (const [i, t] of bullets.entries()) b.text(60, 148 + 15 * i, `• ${t}`, { size: 10 });
  b.text(50, 220, "Software Engineering Intern, Acme Labs", { size: 11, font: "bold" });
  b.text(450, 220, "2019", { size: 10 });
  b.text(50, 250, "SKILLS", { size: 13, font: "bold" });
  b.text(50, 270, "Python, Machine Learning, Data Science, TypeScript", { size: 10 });
  b.text(50, 300, "EDUCATION", { size: 13, font: "bold" });
  b.text(50, 320, "BSc Computer Science, State University", { size: 11, font: "bold" });
  return b.save();
}

describe("a resume read with low confidence, against a candidate with topic-named repositories", () => {
  test("only the repositories the resume names as things are claims, found repository-first, and the report says so", async () => {
    const r: VerificationResult = await verifyAndWait(server.url, server.key, {
      resume: await topicalResume(),
      hostUsername: LOGIN,
    });
    expect(r.status).toBe("COMPLETED");
    expect(Value.Check(VerificationResultSchema, r)).toBe(true);
    expect(r.extraction?.lowConfidence).toBe(true);
    expect(r.extraction?.repositoryFirst).toBe(true);
    const projects = r.verifiedProjects.map((p) => {
      const x = p as typeof p & { matchedBy?: string; foundBy?: { shape: string } };
      return [x.repoUrl, x.matchedBy, x.foundBy?.shape];
    });
    // not machine-learning, software-engineering, data-science, portfolio or dotfiles
    expect(projects).toEqual([
      [`github.com/${LOGIN}/personal-website`, "mention", "repository-first"],
      [`github.com/${LOGIN}/trailmap`, "mention", "repository-first"],
      [`github.com/${LOGIN}/weather-dash`, "mention", "repository-first"],
    ]);
    for (const p of r.verifiedProjects) expect(p.commits).toBeGreaterThan(0);

    const page = await (await fetch(`${server.url}${new URL(r.reportUrl as string).pathname}`)).text();
    expect(page).toContain("The resume was read with low confidence");
    expect(page).toContain("(repository-first). 3 projects were found that way:");
    for (const decoy of ["machine-learning", "software-engineering", "data-science", "dotfiles"])
      expect(page).not.toContain(`github.com/${LOGIN}/${decoy}`);
  }, 120_000);
});
