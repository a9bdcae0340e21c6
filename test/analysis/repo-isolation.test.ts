/**
 * Failure isolation per repository, over the real GitHub client and the simulator: a blocked repository
 * (451), one deleted after it was listed (404), a commit whose diff GitHub will not render (500), and a
 * repository failing with 5xx after retries each leave that claim unverifiable with a flag naming the
 * reason, while the rest of the verification completes. Several repositories all failing is GitHub down.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { GitHubUnavailableError } from "../../src/github/types.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { assembleCandidate, bulkDump, honestHistory } from "../support/github-sim/scenarios/index.ts";
import { memoryDb } from "../support/memory-db.ts";
import { linkedClaim, resume } from "./fixtures.ts";

const login = "iso-dev";
let sim: GitHubSimulator;

beforeAll(async () => {
  sim = await startGitHubSimulator({
    candidates: [
      assembleCandidate({
        login,
        repos: [
          honestHistory({ login, name: "good-one" }),
          honestHistory({ login, name: "takedown", commits: 30 }),
          honestHistory({ login, name: "vanished", commits: 20 }),
          honestHistory({ login, name: "flaky", commits: 20 }),
          bulkDump({ login, name: "huge-diff", files: 150, linesPerFile: 30 }),
        ],
      }),
    ],
  });
}, 120_000);
afterAll(async () => {
  await sim?.stop();
});

const source = () => createGitHubSource({ baseUrl: sim.url, token: "t", db: memoryDb(), backoffUnitMs: 1 });
const claims = (...names: string[]) =>
  resume(names.map((n) => linkedClaim(n.replace(/-/g, " "), `github.com/${login}/${n}`)));

describe("one bad repository does not fail the verification", () => {
  test("451 blocked: the claim is unverifiable with a flag naming the block; the honest claim still counts", async () => {
    sim.block(`${login}/takedown`);
    try {
      const out = await runAnalysis({ hostUsername: login, resume: claims("good-one", "takedown"), github: source() });
      expect(out.verifiedProjects.map((p) => p.repoUrl)).toEqual([`github.com/${login}/good-one`]);
      expect(out.verifiedProjects[0]!.matchStrength).toBe("HIGH");
      const flag = out.flags.find((f) => f.rule === "REPO_UNAVAILABLE")!;
      expect(flag.severity).toBe("WARNING");
      expect(flag.message).toContain("451");
      expect(flag.message).toContain(`${login}/takedown`);
      expect(out.unmatchedClaims.map((u) => u.name)).toEqual(["takedown"]);
      // unverified, not refuted: weight 0.5 in the mean, no penalty
      expect(out.scoreBreakdown.claims.find((c) => c.name === "takedown")!.weight).toBe(0.5);
      expect(out.confidenceScore).toBeGreaterThanOrEqual(40);
      expect(out.confidenceScore).toBeLessThanOrEqual(70);
    } finally {
      sim.block(`${login}/takedown`, false);
    }
  });

  test("404 after listing and a lasting 5xx on one repository: unavailable, verification completes", async () => {
    sim.injectFaults({ status: 404, count: 1, match: `/repos/${login}/vanished/commits` });
    sim.injectFaults({ status: 502, count: 10, match: `/repos/${login}/flaky/` });
    const out = await runAnalysis({
      hostUsername: login,
      resume: claims("good-one", "vanished", "flaky"),
      github: source(),
    });
    sim.clearFaults();
    const reasons = out.flags.filter((f) => f.rule === "REPO_UNAVAILABLE").map((f) => f.message);
    expect(reasons.some((m) => m.includes("vanished") && m.includes("404"))).toBe(true);
    expect(reasons.some((m) => m.includes("flaky") && m.includes("502"))).toBe(true);
    expect(out.verifiedProjects.map((p) => p.name)).toEqual(["good one"]);
  });

  test("a diff GitHub cannot render (500) is reported as a huge commit, not a failure", async () => {
    const commits = sim.world.repo(`${login}/huge-diff`)!;
    const oldest = (await sim.world.commits(commits)).at(-1)!.sha;
    sim.failDiff(`${login}/huge-diff`, oldest);
    const out = await runAnalysis({ hostUsername: login, resume: claims("good-one", "huge-diff"), github: source() });
    expect(out.verifiedProjects.map((p) => p.name).sort()).toEqual(["good one", "huge diff"]);
    const dump = out.flags.find((f) => f.rule === "BULK_DUMP" && f.repo === `${login}/huge-diff`)!;
    expect(dump.message).toContain("could not render");
    // a 500 on a diff is retried once, never three times
    expect(sim.calls(`/commits/${oldest}`).length).toBe(2);
  });

  test("every matched repository failing with 5xx is GitHub down: the job's error, not a result", async () => {
    sim.injectFaults({ status: 503, count: 1000, match: (p) => p.startsWith(`/repos/${login}/`) });
    try {
      const err = await runAnalysis({
        hostUsername: login,
        resume: claims("good-one", "flaky"),
        github: source(),
      }).catch((e) => e);
      expect(err).toBeInstanceOf(GitHubUnavailableError);
    } finally {
      sim.clearFaults();
    }
  });
});
