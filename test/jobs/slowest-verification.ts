#!/usr/bin/env bun
/**
 * The measurement behind JOB_DEADLINE's default: the slowest honest verification the service does. A
 * candidate claiming `--repos` projects (default 12), each an honest history of `--commits` commits (default
 * 1,000: the 10 pages of 100 the evidence budget reads), verified cold (empty GitHub cache) through the
 * production steps (PDF extraction in its child process, then the evidence and the analysis), with the
 * GitHub simulator answering every request after `--latency` ms, over GraphQL (a token) and over REST
 * (no token). Prints the time of each half and the GitHub requests sent.
 *
 *   bun test/jobs/slowest-verification.ts [--repos N] [--commits N] [--latency MS,MS...]
 */
import { loadConfig } from "../../src/config/config.ts";
import { RateGate } from "../../src/github/rate-gate.ts";
import { silentLogger } from "../../src/lib/log.ts";
import { openStorage } from "../../src/storage/backend.ts";
import { productionSteps } from "../../src/verification/production-steps.ts";
import { machine } from "../bench/bench-util.ts";
import { sampleResumePdf } from "../demo/resume-pdf.ts";
import { startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { assembleCandidate, honestHistory } from "../support/github-sim/scenarios/index.ts";

const argv = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? def) : def;
};
const REPOS = Number(arg("repos", "12"));
const COMMITS = Number(arg("commits", "1000"));
const LATENCIES = arg("latency", "0,100,300").split(",").map(Number);
const LANGUAGES = ["TypeScript", "Python", "Go", "Rust"] as const;

const login = "slow-honest";
const names = Array.from({ length: REPOS }, (_, i) => `project-${String(i + 1).padStart(2, "0")}`);
const spec = assembleCandidate({
  login,
  name: "Slow Honest",
  repos: names.map((name, i) =>
    honestHistory({ login, name, commits: COMMITS, months: 36, language: LANGUAGES[i % LANGUAGES.length] }),
  ),
});
console.log(`slowest honest verification — ${machine()}`);
console.log(`building ${REPOS} repositories of ${COMMITS} commits in the simulator ...`);
const sim = await startGitHubSimulator({
  candidates: [spec],
  tokens: ["t"],
  rateLimits: { authenticated: 10_000_000, anonymous: 10_000_000 },
});
const pdf = await sampleResumePdf({
  name: "Slow Honest",
  githubLogin: login,
  projects: names.map((name) => ({ name, repoUrl: `github.com/${login}/${name}` })),
});
try {
  for (const latency of LATENCIES) {
    sim.setLatency(latency);
    for (const token of ["t", ""]) {
      const config = loadConfig({ GITHUB_API_URL: sim.url, GITHUB_TOKEN: token });
      const db = openStorage({ dbPath: ":memory:", databaseUrl: null }); // cold: an empty cache each run
      const steps = productionSteps({ config, db, logger: silentLogger, gate: new RateGate() });
      const signal = new AbortController().signal;
      try {
        const before = sim.callLog.length;
        const t0 = performance.now();
        const resume = await steps.extract(pdf, signal);
        const t1 = performance.now();
        const result = await steps.analyze({ hostUsername: login, resume, signal });
        const t2 = performance.now();
        console.log(
          `latency ${String(latency).padStart(3)} ms, ${token ? "GraphQL (token)" : "REST (no token)"}: extract ${(t1 - t0).toFixed(0)} ms, evidence + analysis ${((t2 - t1) / 1000).toFixed(1)} s, ${sim.callLog.length - before} GitHub requests, ${result.verifiedProjects.length} projects verified, score ${result.confidenceScore}`,
        );
      } finally {
        await steps.close();
        db.close();
      }
    }
  }
} finally {
  await sim.stop();
}
