/**
 * The server the ATS simulators call in the in-process tests: production wiring (isolated extraction, the
 * analysis) over a fresh SQLite file, the GitHub simulator for `candidates`, loopback allowed for the
 * simulators (ATS_ALLOW_PRIVATE), and a short retry schedule.
 */
import { type App, createApp } from "../../../src/app.ts";
import { silentLogger } from "../../../src/lib/log.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../github-sim/github-simulator.ts";
import type { CandidateSpec } from "../github-sim/scenarios/index.ts";
import { tempDir, testConfig } from "../harness.ts";

export interface AtsTestApp {
  app: App;
  url: string;
  github: GitHubSimulator;
  /** assessments and verifications stored: a refused request must leave both as they were */
  counts(): Promise<{ assessments: number; verifications: number }>;
  stop(): Promise<void>;
}

export async function startAtsTestApp(candidates: CandidateSpec[]): Promise<AtsTestApp> {
  const tmp = tempDir();
  const github = await startGitHubSimulator({ candidates, tokens: ["t"] });
  const app = await createApp(
    testConfig(tmp.dir, {
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: "t",
      ATS_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "50ms,50ms",
    }),
    { logger: silentLogger },
  );
  const url = await app.start();
  return {
    app,
    url,
    github,
    counts: async () => ({
      assessments: await app.integrations.store.countAssessments(),
      verifications: Object.values(await app.verifications.countsByStatus()).reduce((a, b) => a + b, 0),
    }),
    async stop() {
      await app.stop();
      await github.stop();
      tmp.cleanup();
    },
  };
}
