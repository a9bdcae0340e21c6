import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import { budgetKey } from "../../src/github/github-client.ts";
import { RateGate } from "../../src/github/rate-gate.ts";
import { GitHubRateLimitedError } from "../../src/github/types.ts";
import { PermanentJobError } from "../../src/jobs/job-errors.ts";
import { silentLogger } from "../../src/lib/log.ts";
import type { ExtractedResume } from "../../src/resume/types.ts";
import { openStorage } from "../../src/storage/backend.ts";
import { productionSteps } from "../../src/verification/production-steps.ts";
import { candidateResume } from "../chaos/chaos-world.ts";
import { forgeCandidate } from "../support/forge-sim/forge-candidate.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { startGitLabSimulator } from "../support/gitlab-sim/gitlab-simulator.ts";

let sim: GitHubSimulator;
beforeAll(async () => {
  sim = await startGitHubSimulator({ users: [{ login: "dev", createdAt: "2020-01-01T00:00:00Z" }] });
});
afterAll(() => sim.stop());

const resume: ExtractedResume = {
  candidateName: "Dev",
  githubProfiles: [],
  repoLinksOutsideProjects: [],
  projects: [
    {
      name: "tool",
      repoUrl: null,
      repoLinks: [],
      otherLinks: [],
      technologies: [],
      dates: null,
      description: ["a command-line tool"],
      section: "Projects",
      page: 1,
    },
  ],
  hiddenText: [],
  pages: 1,
  warnings: [],
};

describe("productionSteps", () => {
  test("the GitHub requests of a verification go through the gate the app gives (the replicas' shared one)", async () => {
    const config = loadConfig({ GITHUB_API_URL: sim.url, GITHUB_TOKEN: "t" });
    const db = await openStorage({ dbPath: ":memory:", databaseUrl: null });
    const spent = new RateGate();
    for (const resource of ["core", "graphql"] as const)
      spent.record(budgetKey(sim.url, "t", resource), { limit: 5000, remaining: 50, resetAt: Date.now() + 3_600_000 });
    const steps = productionSteps({ config, db, logger: silentLogger, gate: spent });
    try {
      const signal = new AbortController().signal;
      const refused = await steps.analyze({ hostUsername: "dev", resume, signal }).catch((e) => e);
      expect(refused).toBeInstanceOf(GitHubRateLimitedError);
      expect(sim.callLog.length).toBe(0);
      // the same verification through a gate with budget left reaches GitHub
      const open = productionSteps({ config, db, logger: silentLogger, gate: new RateGate() });
      await open.analyze({ hostUsername: "dev", resume, signal }).catch(() => null);
      await open.close();
      expect(sim.callLog.length).toBeGreaterThan(0);
    } finally {
      await steps.close();
      await db.close();
    }
  }, 120_000);

  test("an account on a configured host is read from that host; one whose host is no longer configured fails the job", async () => {
    const gitlab = await startGitLabSimulator({ candidates: [forgeCandidate("gl-dev")] });
    const db = await openStorage({ dbPath: ":memory:", databaseUrl: null });
    const signal = new AbortController().signal;
    const withGitLab = productionSteps({
      config: loadConfig({ GITHUB_API_URL: sim.url, FORGE_HOSTS: `gitlab.com@${gitlab.url}=gitlab` }),
      db,
      logger: silentLogger,
      gate: new RateGate(),
    });
    const without = productionSteps({
      config: loadConfig({ GITHUB_API_URL: sim.url, FORGE_HOSTS: "git.example.com=gitlab" }),
      db,
      logger: silentLogger,
      gate: new RateGate(),
    });
    try {
      const weather = { ...resume.projects[0]!, name: "Weather Dash", description: [] };
      const part = await withGitLab.analyze({
        hostUsername: "",
        accounts: [{ host: "gitlab.com", username: "gl-dev" }],
        resume: { ...resume, projects: [weather] },
        signal,
      });
      expect(part.verifiedProjects.map((p) => p.repoUrl)).toEqual(["gitlab.com/gl-dev/weather-dash"]);
      expect(sim.calls((c) => c.path.includes("gl-dev")).length).toBe(0);
      const gone = await without
        .analyze({ hostUsername: "", accounts: [{ host: "gitlab.example.org", username: "a" }], resume, signal })
        .catch((e) => e);
      expect(gone).toBeInstanceOf(PermanentJobError);
      expect(gone.code).toBe("host_unavailable");
      expect(gone.message).toContain("gitlab.example.org is no longer configured (FORGE_HOSTS)");
    } finally {
      await withGitLab.close();
      await without.close();
      await gitlab.stop();
      await db.close();
    }
  }, 120_000);
});

describe("productionSteps: a copy-suspect repository", () => {
  test("costs its search calls once per process however often its candidate is verified (GraphQL path)", async () => {
    // GitHub spaces search calls 2 s apart per token (30 a minute): a search per verification made every
    // verification of such a candidate wait its turn inside a worker slot, until every slot held one
    const maya = sampleCandidates().find((c) => c.login === "maya-mixed")!;
    const own = await startGitHubSimulator({ candidates: [maya], tokens: ["t"] });
    const config = loadConfig({ GITHUB_API_URL: own.url, GITHUB_TOKEN: "t" });
    const db = await openStorage({ dbPath: ":memory:", databaseUrl: null });
    const steps = productionSteps({ config, db, logger: silentLogger, gate: new RateGate() });
    try {
      const signal = new AbortController().signal;
      const resume = await steps.extract(await candidateResume(maya), signal);
      const scores = [(await steps.analyze({ hostUsername: maya.login, resume, signal })).confidenceScore];
      const first = own.calls("/search/").length;
      expect(first).toBeGreaterThan(0); // a copy suspect: the first verification searched
      expect(own.calls("/graphql").length).toBeGreaterThan(0); // the GraphQL path answered
      for (let i = 0; i < 3; i++)
        scores.push((await steps.analyze({ hostUsername: maya.login, resume, signal })).confidenceScore);
      expect(own.calls("/search/").length).toBe(first); // the next three asked nothing again
      expect(new Set(scores).size).toBe(1); // the remembered verdict is the one the search gave
    } finally {
      await steps.close();
      await db.close();
      await own.stop();
    }
  }, 60_000);
});
