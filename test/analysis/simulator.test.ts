/**
 * runAnalysis over the real GitHub client against the simulator's labelled scenario library: every
 * scenario's expected flags are raised at (at least) their severity, none goes above its allowed maximum,
 * and the candidate's commits are counted exactly.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { SEVERITY_RANK, type Severity } from "../../src/analysis/types.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { memoryDb } from "../support/memory-db.ts";
import { linkedClaim, resume } from "./fixtures.ts";

const candidates = sampleCandidates();
let sim: GitHubSimulator;

beforeAll(async () => {
  sim = await startGitHubSimulator({ candidates });
});
afterAll(async () => {
  await sim?.stop();
});

const source = () => createGitHubSource({ baseUrl: sim.url, token: "t", db: memoryDb(), backoffUnitMs: 1 });
const atLeast = (got: Severity, want: Severity) => SEVERITY_RANK[got] <= SEVERITY_RANK[want];

describe("scenario library through runAnalysis", () => {
  for (const cand of candidates) {
    for (const s of cand.scenarios) {
      test(`${s.scenario} (${s.fullName})`, async () => {
        const name = s.fullName.split("/")[1]!;
        const out = await runAnalysis({
          hostUsername: cand.login,
          resume: resume([linkedClaim(name, `github.com/${s.fullName}`)]),
          github: source(),
        });
        const repoFlags = out.flags.filter(
          (f) =>
            f.repo?.toLowerCase() === s.fullName.toLowerCase() &&
            f.rule !== "EMPTY_REPO" &&
            f.rule !== "NO_CANDIDATE_COMMITS",
        );
        const missing = s.label.expected
          .filter((want) => !repoFlags.some((f) => f.rule === want.rule && atLeast(f.severity, want.severity)))
          .map((w) => `${w.rule} at ${w.severity}`);
        expect(missing).toEqual([]);
        const worst = repoFlags.reduce<Severity | null>(
          (w, f) => (w === null || SEVERITY_RANK[f.severity] < SEVERITY_RANK[w] ? f.severity : w),
          null,
        );
        if (s.label.maxSeverity === null) expect(repoFlags.map((f) => f.message)).toEqual([]);
        else if (worst && !atLeast(s.label.maxSeverity, worst))
          expect(repoFlags.filter((f) => !atLeast(s.label.maxSeverity!, f.severity)).map((f) => f.message)).toEqual([]);
        expect(out.verifiedProjects[0]?.commits ?? 0).toBe(s.label.candidateCommits);
      }, 120_000);
    }
  }
});
