/**
 * Through the real service (HTTP API, job engine, worker, isolated PDF reader, GitHub client over the
 * SQLite cache) against the GitHub simulator: a repository GitHub blocks (451) and a commit whose diff
 * GitHub cannot render (500) each leave the verification COMPLETED, the claim reported with its reason.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type App, createApp } from "../../src/app.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { VerificationResult } from "../../src/verification/result.ts";
import { type SampleResume, sampleResumePdf } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { assembleCandidate, bulkDump, honestHistory } from "../support/github-sim/scenarios/index.ts";
import { tempDir, testConfig, verifyAndWait } from "../support/harness.ts";

const login = "blocked-dev";
let sim: GitHubSimulator;
let app: App;
let url: string;
let key: string;
let cleanup: () => void;

beforeAll(async () => {
  const video = honestHistory({ login, name: "video-tool", commits: 30 });
  const blocked = { ...video, repo: { ...video.repo, blocked: true } };
  sim = await startGitHubSimulator({
    tokens: ["iso-token"],
    candidates: [
      assembleCandidate({
        login,
        repos: [honestHistory({ login, name: "weather-dash" }), blocked, bulkDump({ login, name: "ml-pipeline" })],
      }),
    ],
  });
  const tmp = tempDir();
  cleanup = tmp.cleanup;
  app = await createApp(testConfig(tmp.dir, { GITHUB_API_URL: sim.url, GITHUB_TOKEN: "iso-token" }), {
    logger: silentLogger,
  });
  url = await app.start();
  key = (await app.accounts.createKey("iso")).key;
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await sim?.stop();
  cleanup?.();
});

async function verify(projects: SampleResume["projects"]): Promise<VerificationResult> {
  const pdf = await sampleResumePdf({ name: "Blocked Dev", githubLogin: login, projects });
  return verifyAndWait(url, key, { resume: pdf, hostUsername: login });
}

describe("per-repository failures through the service", () => {
  test("a blocked repository (451): COMPLETED, the claim unverifiable with a WARNING naming the block", async () => {
    const r = await verify([
      { name: "Weather Dash", repoUrl: `github.com/${login}/weather-dash` },
      { name: "Video Tool", repoUrl: `github.com/${login}/video-tool` },
    ]);
    expect(r.status).toBe("COMPLETED");
    expect(r.verifiedProjects.map((p: { repoUrl: string }) => p.repoUrl)).toEqual([`github.com/${login}/weather-dash`]);
    const flag = r.flags.find((f: { message: string }) => f.message.includes("video-tool"));
    expect(flag?.severity).toBe("WARNING");
    expect(flag?.message).toContain("451");
    expect(sim.calls("/repos/blocked-dev/video-tool").every((c) => c.status === 451)).toBe(true);
  }, 90_000);

  test("a diff GitHub cannot render (500): COMPLETED, the commit reported as too large to read", async () => {
    const repo = sim.world.repo(`${login}/ml-pipeline`)!;
    const oldest = (await sim.world.commits(repo)).at(-1)!.sha;
    sim.failDiff(`${login}/ml-pipeline`, oldest);
    const r = await verify([
      { name: "Weather Dash", repoUrl: `github.com/${login}/weather-dash` },
      { name: "ML Pipeline", repoUrl: `github.com/${login}/ml-pipeline` },
    ]);
    expect(r.status).toBe("COMPLETED");
    expect(r.verifiedProjects.length).toBe(2);
    const dump = r.flags.find((f: { message: string }) => f.message.includes("could not render"));
    expect(dump?.severity).toBe("WARNING");
    expect(sim.calls(`/commits/${oldest}`).every((c) => c.status === 500)).toBe(true);
  }, 90_000);
});
