/**
 * The server the ATS simulators call in the in-process tests: production wiring (isolated extraction, the
 * analysis) over a fresh database (SQLite, or PostgreSQL when `env` names DATABASE_URL: see
 * describeEachBackend), the GitHub simulator for `candidates`, loopback allowed for the simulators
 * (ATS_ALLOW_PRIVATE), a report link key (REPORT_LINK_KEY, which PostgreSQL needs) and a short retry schedule.
 */
import { type App, createApp } from "../../../src/app.ts";
import { silentLogger } from "../../../src/lib/log.ts";
import { resumeOf, sampleResumePdf } from "../../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../github-sim/github-simulator.ts";
import type { CandidateSpec } from "../github-sim/scenarios/index.ts";
import { tempDir, testConfig } from "../harness.ts";
import { type AshbySimulator, startAshbySimulator } from "./ashby-sim.ts";

export interface AtsTestApp {
  app: App;
  url: string;
  github: GitHubSimulator;
  /** assessments and verifications stored: a refused request must leave both as they were */
  counts(): Promise<{ assessments: number; verifications: number }>;
  stop(): Promise<void>;
}

/** The report link key the test servers derive their links with. */
export const TEST_LINK_KEY = "ats-test-report-link-key-0123456789abcdef";

export async function startAtsTestApp(
  candidates: CandidateSpec[],
  env: Record<string, string> = {},
): Promise<AtsTestApp> {
  const tmp = tempDir();
  const github = await startGitHubSimulator({ candidates, tokens: ["t"] });
  const app = await createApp(
    testConfig(tmp.dir, {
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: "t",
      ATS_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "50ms,50ms",
      REPORT_LINK_KEY: TEST_LINK_KEY,
      ...env,
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

/**
 * An Ashby connection of the default client on `t`, with the Ashby simulator that calls it (the
 * simulator's address is known once it runs, the partner key once the connection exists), and the
 * candidate "cand-alice" whose resume links `alice`'s GitHub account.
 */
export async function connectAshby(t: AtsTestApp, customerKey: string, alice: CandidateSpec): Promise<AshbySimulator> {
  let partnerKey = "";
  const sim = startAshbySimulator({
    partnerBase: `${t.url}/integrations/ashby`,
    get partnerKey() {
      return partnerKey;
    },
    customerKey,
  });
  partnerKey = (
    await t.app.integrations.connections.create({
      kind: "ashby",
      client: "default",
      ashbyApiKey: customerKey,
      ashbyApiUrl: sim.url,
    })
  ).key;
  sim.addCandidate({
    id: "cand-alice",
    firstName: "Alice",
    lastName: "Honest",
    email: "alice@example.com",
    resume: await sampleResumePdf(resumeOf(alice)),
  });
  return sim;
}
