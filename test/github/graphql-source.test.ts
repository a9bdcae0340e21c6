import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type AnalysisOutcome, runAnalysis } from "../../src/analysis/run-analysis.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { RateGate } from "../../src/github/rate-gate.ts";
import { GitHubRateLimitedError } from "../../src/github/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import type { Database } from "../../src/storage/database.ts";
import { perfectExtraction } from "../demo/resume-pdf.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { type CandidateSpec, candidateIdentity, sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { memoryDb } from "../support/memory-db.ts";

const clock = new ManualClock();
const candidates = sampleCandidates();
let sim: GitHubSimulator;
beforeAll(async () => {
  sim = await startGitHubSimulator({ clock, candidates });
});
afterAll(() => sim.stop());

const loginOf = (c: CandidateSpec) => c.users[0]!.login;
/** a resume linking every repository the candidate owns */
const resumeOf = (c: CandidateSpec) =>
  perfectExtraction({
    name: loginOf(c),
    githubLogin: loginOf(c),
    projects: c.repos
      .filter((r) => r.owner === loginOf(c))
      .map((r) => ({ name: r.name, repoUrl: `github.com/${r.owner}/${r.name}` })),
  });

const analyse = async (c: CandidateSpec, o: { graphql?: boolean; token?: string | null; db?: Database } = {}) => {
  const src = createEvidenceSource({
    baseUrl: sim.url,
    token: o.token === undefined ? "tok" : o.token,
    db: o.db ?? memoryDb(),
    clock,
    backoffUnitMs: 1,
    graphql: o.graphql,
  });
  const before = sim.callLog.length;
  const out = await runAnalysis({ hostUsername: loginOf(c), resume: resumeOf(c), github: src });
  return { out, src, log: sim.callLog.slice(before) };
};

/**
 * What only GraphQL can know: REST reads a history of more than 100 commits in pages and calls its count
 * an estimate; GraphQL reads every commit and knows it. Everything else must be identical.
 */
const comparable = (o: AnalysisOutcome) => ({
  ...o,
  githubCalls: null,
  verifiedProjects: o.verifiedProjects.map(({ commitsEstimated: _e, ...p }) => p),
});

describe("REST and GraphQL feed the same evidence", () => {
  test.each(candidates.map((c) => [loginOf(c), c] as const))(
    "%s: the same score, projects, flags and messages over either API",
    async (_login, c) => {
      const rest = await analyse(c, { graphql: false });
      const gql = await analyse(c);
      expect(rest.log.some((e) => e.graphql)).toBe(false);
      expect(gql.src.path()).toBe("graphql");
      expect(gql.src.budget()).toMatchObject({ limit: 5000, remaining: sim.rateLimit.graphqlState("tok").remaining });
      expect(gql.log.filter((e) => e.graphql).length).toBeGreaterThanOrEqual(2);
      const a = comparable(rest.out);
      const b = comparable(gql.out);
      // the churn check counts the commits it read with their files: REST's sample also holds the
      // commits of the heaviest weeks; the verdict (rule, severity, share, median) is the same
      const churn = (o: typeof a) =>
        o.flags.map((f) =>
          f.rule === "TRIVIAL_CHURN"
            ? {
                ...f,
                message: f.message.replace(/of \d+ sampled/, "of N sampled"),
                evidence: { ...f.evidence, sampled: 0 },
              }
            : f,
        );
      expect({ ...b, flags: churn(b) }).toEqual({ ...a, flags: churn(a) });
      expect(gql.out.verifiedProjects.every((p) => p.commitsEstimated === undefined)).toBe(true);
    },
  );

  test("a repository GraphQL does not answer (blocked) is read over REST: the same REPO_UNAVAILABLE", async () => {
    const alice = candidates[0]!;
    sim.block(`${loginOf(alice)}/${alice.repos[0]!.name}`);
    try {
      const rest = await analyse(alice, { graphql: false });
      const gql = await analyse(alice);
      expect(gql.out.flags.some((f) => f.rule === "REPO_UNAVAILABLE")).toBe(true);
      expect(comparable(gql.out)).toEqual(comparable(rest.out));
    } finally {
      sim.block(`${loginOf(alice)}/${alice.repos[0]!.name}`, false);
    }
  });
});

describe("GraphQL path", () => {
  test("without a token the REST path runs and GraphQL is never asked", async () => {
    const { src, log } = await analyse(candidates[2]!, { token: null });
    expect(src.path()).toBe("rest");
    expect(log.some((e) => e.graphql)).toBe(false);
  });

  test("GraphQL refused (a server without it answers 404): REST for the rest of the verification, same result", async () => {
    const carl = candidates[2]!;
    const rest = await analyse(carl, { graphql: false });
    sim.setGraphql(false);
    try {
      const fallback = await analyse(carl);
      expect(fallback.src.path()).toBe("rest");
      expect(fallback.log.filter((e) => e.graphql)).toHaveLength(1);
      expect(comparable(fallback.out)).toEqual(comparable(rest.out));
    } finally {
      sim.setGraphql(true);
    }
  });

  test("GraphQL failing for a moment (5xx) is retried, not given up for REST", async () => {
    const carl = candidates[2]!;
    sim.injectFaults({ status: 502, count: 2, match: "/graphql" });
    const { src, out, log } = await analyse(carl);
    expect(src.path()).toBe("graphql");
    expect(log.filter((e) => e.graphql && e.status === 502)).toHaveLength(2);
    expect(out.confidenceScore).toBe((await analyse(carl, { graphql: false })).out.confidenceScore);
  });

  test("a spent GraphQL budget defers the job (GitHubRateLimitedError with the reset), it does not fail it", async () => {
    const resetAt = clock.now() + 30 * 60_000;
    sim.rateLimit.set({ remaining: 0, resetAt }, "tok-spent#graphql");
    const src = createEvidenceSource({
      baseUrl: sim.url,
      token: "tok-spent",
      db: memoryDb(),
      clock,
      gate: new RateGate(undefined, { clock }),
    });
    const err = await runAnalysis({ hostUsername: "carl-copier", resume: resumeOf(candidates[2]!), github: src }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(GitHubRateLimitedError);
    expect((err as GitHubRateLimitedError).resetAt).toBe(resetAt);
  });

  test("a secondary limit on GraphQL holds the token's GraphQL budget for its Retry-After and defers the job", async () => {
    const gate = new RateGate(undefined, { clock });
    sim.rateLimit.secondary({ count: 1, retryAfterSec: 120 });
    const src = createEvidenceSource({
      baseUrl: sim.url,
      token: "tok",
      db: memoryDb(),
      clock,
      gate,
    });
    const err = await runAnalysis({ hostUsername: "carl-copier", resume: resumeOf(candidates[2]!), github: src }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(GitHubRateLimitedError);
    expect((err as GitHubRateLimitedError).resetAt).toBe(clock.now() + 120_000);
    // another verification on the same token does not send anything until the pause is over
    const sent = sim.callLog.length;
    const next = createEvidenceSource({
      baseUrl: sim.url,
      token: "tok",
      db: memoryDb(),
      clock,
      gate,
    });
    expect(await next.getUser("carl-copier").catch((e) => e)).toBeInstanceOf(GitHubRateLimitedError);
    expect(sim.callLog.length).toBe(sent);
  });

  test("stable pages: after a push the warm re-run reads only the new commits and stops at the cached head", async () => {
    const maya = candidates[3]!;
    const db = memoryDb();
    const cold = await analyse(maya, { db });
    const repo = `${loginOf(maya)}/${maya.repos[0]!.name}`; // honestRebase: more than one page of history
    const before = cold.out.verifiedProjects.find((p) => p.repoUrl === `github.com/${repo}`)!;
    expect(cold.log.filter((e) => e.graphql).length).toBeGreaterThan(2); // the first read needs further pages
    const at = clock.now() - 3_600_000;
    const pushed = [1, 2, 3].map((i) => ({
      author: candidateIdentity(loginOf(maya)),
      authorDate: at + i * 60_000,
      message: `Fix ${i}`,
      files: { [`fix-${i}.txt`]: `${i}\n` },
    }));
    await sim.push(repo, pushed, new Date(at + 300_000).toISOString());
    const warm = await analyse(maya, { db });
    // the account with the linked repositories' evidence, one request: no page of history beyond the first, no REST listing
    expect(warm.log.filter((e) => e.graphql)).toHaveLength(1);
    expect(warm.log.filter((e) => e.path.endsWith("/commits"))).toHaveLength(0);
    const after = warm.out.verifiedProjects.find((p) => p.repoUrl === `github.com/${repo}`)!;
    expect(after.commits).toBe(before.commits + 3);
    expect(after.totalCommits).toBe(before.totalCommits + 3);
  });
});
