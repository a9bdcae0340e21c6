import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { GitHubRateLimitedError, type GitHubSource, type RepoEvidence } from "../../src/github/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import type { Database } from "../../src/storage/database.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { type CandidateSpec, sampleCandidates } from "../support/github-sim/scenarios/index.ts";
import { freshDb } from "./fixtures.ts";

/** The evidence fetchers over the scenario library: what RepoEvidence holds, and what it costs. */

const clock = new ManualClock(Date.parse("2026-01-01T00:00:00Z"));
let sim: GitHubSimulator;
let candidates: CandidateSpec[];
const evidence = new Map<string, RepoEvidence>();
const costs = new Map<string, number>();

const source = (db: Database = freshDb(), over: Partial<Parameters<typeof createGitHubSource>[0]> = {}) =>
  createGitHubSource({ baseUrl: sim.url, token: "t", db, clock, backoffUnitMs: 1, ...over });

/** One lean verification: user, repositories, evidence for each; returns the source for its stats. */
async function verify(src: GitHubSource, login: string): Promise<GitHubSource> {
  await src.getUser(login);
  for (const repo of await src.listUserRepos(login)) {
    const before = src.stats().calls;
    evidence.set(repo.fullName, await src.repoEvidence(repo, login));
    costs.set(repo.fullName, src.stats().calls - before);
  }
  return src;
}

beforeAll(async () => {
  candidates = sampleCandidates();
  sim = await startGitHubSimulator({ clock, candidates });
  for (const c of candidates) await verify(source(), c.login);
  // (60 s: four candidates built and read cold take about 25 s on a busy 2-core machine)
}, 60_000);
afterAll(() => sim.stop());

const ev = (fullName: string) => evidence.get(fullName)!;

describe("evidence per scenario", () => {
  test("honest history: every commit counted, root, languages, manifest, the oldest commit sampled", () => {
    const e = ev("alice-honest/weather-dash");
    expect([e.candidateCommitCount, e.totalCommitCount, e.candidateCommits.length, e.truncated]).toEqual([
      48,
      48,
      48,
      false,
    ]);
    expect(e.rootCommit?.authorLogin).toBe("alice-honest");
    expect(e.rootCommit?.message).toBe("Initial commit");
    expect(Object.keys(e.languages)).toEqual(["TypeScript"]);
    expect(e.manifestFiles).toEqual(["package.json"]);
    expect(e.manifestDependencies).toEqual(["react", "typescript", "vite", "zod"]);
    expect(e.agentFiles).toEqual([]);
    expect(e.sampledWithStats.map((c) => c.sha)).toEqual([e.candidateCommits[47]!.sha]);
    expect(e.sampledWithStats[0]!.stats!.additions).toBeGreaterThan(20);
    expect(e.otherAuthors).toEqual([]);
    expect(e.candidateCommits[0]!.authorDate >= e.candidateCommits[47]!.authorDate).toBe(true);
  });

  test("AI-assisted repository: agent files found at the root", () => {
    expect(ev("alice-honest/prompt-lab").agentFiles).toEqual(["CLAUDE.md", "AGENTS.md"]);
  });

  test("bot commits are other authors, never the candidate's", () => {
    const e = ev("alice-honest/invoice-api");
    expect(e.candidateCommitCount).toBe(30);
    expect(e.otherAuthors).toEqual([
      {
        login: "dependabot[bot]",
        email: "49699333+dependabot[bot]@users.noreply.github.com",
        count: 15,
        earliestAuthorDate: expect.any(String),
        earliestSha: expect.any(String),
      },
    ]);
    expect(e.candidateCommits.every((c) => c.authorLogin === "alice-honest")).toBe(true);
  });

  test("unlinked email: those commits are reported apart, by email", () => {
    const e = ev("maya-mixed/dotfiles-sync");
    expect(e.candidateCommitCount).toBe(15);
    expect(e.otherAuthors).toEqual([
      {
        login: null,
        email: "maya-mixed@workstation.local",
        count: 20,
        earliestAuthorDate: expect.any(String),
        earliestSha: expect.any(String),
      },
    ]);
  });

  test("fork with own work: parent named, compare counts the candidate's commits ahead", () => {
    const e = ev("alice-honest/fastcsv");
    expect(e.repo).toMatchObject({
      fork: true,
      parent: "upstream-org/fastcsv",
      source: "upstream-org/fastcsv",
      parentDefaultBranch: "main",
    });
    expect(e.aheadOfParent).toEqual({ total: 12, byCandidate: 12 });
    expect(e.candidateCommitCount).toBe(12);
    expect(e.totalCommitCount).toBe(162);
    expect(e.rootCommit?.authorLogin).toMatch(/^maint-/);
  });

  test("fork without own work: nothing ahead, no commits of the candidate", () => {
    const e = ev("carl-copier/fastcsv");
    expect(e.aheadOfParent).toEqual({ total: 0, byCandidate: 0 });
    expect(e.candidateCommitCount).toBe(0);
    expect(e.sampledWithStats).toEqual([]);
  });

  test("upstream history re-pushed: the root and most commits belong to other accounts", () => {
    const e = ev("carl-copier/tinyhttp");
    expect(e.repo.fork).toBe(false);
    expect([e.candidateCommitCount, e.totalCommitCount]).toEqual([3, 153]);
    expect(e.rootCommit?.authorLogin).toMatch(/^qw-/);
    expect(e.otherAuthors.map((o) => o.login).sort()).toEqual(["qw-lena", "qw-omar"]);
    const others = e.otherAuthors.reduce((n, o) => n + o.count, 0);
    expect(others).toBeGreaterThanOrEqual(100); // counted over the newest and oldest pages
  });

  test("painted graph: the whole forged history read (8 pages), a 10-commit churn sample of one-line diffs", () => {
    const e = ev("mallory-painter/pixel-art");
    expect([e.candidateCommitCount, e.candidateCommits.length, e.truncated]).toEqual([792, 792, false]);
    // the 10-commit spread plus the heaviest weeks of /stats/contributors (line-counts.ts)
    expect(e.sampledWithStats.length).toBeGreaterThanOrEqual(10);
    expect(e.lineCounts?.path).toBe("heavy-weeks");
    expect(e.sampledWithStats.every((c) => c.stats!.additions === 1 && c.stats!.files.length === 1)).toBe(true);
    expect(e.languages).toEqual({});
  });

  test("random-date bot and sequential backdater: both dates kept for every commit", () => {
    const bot = ev("mallory-painter/daily-commits");
    expect(bot.candidateCommitCount).toBe(300);
    const future = bot.candidateCommits.filter(
      (c) => Date.parse(c.authorDate) > Date.parse(bot.repo.pushedAt!) + 86_400_000,
    );
    expect(future.length).toBeGreaterThanOrEqual(10);
    const seq = ev("mallory-painter/contributions");
    expect(seq.candidateCommits.every((c) => c.authorDate.endsWith("T20:01:00Z"))).toBe(true);
  });

  test("bulk dump: the sampled first commit shows thousands of lines over 100+ files", () => {
    const e = ev("maya-mixed/ml-pipeline");
    const first = e.sampledWithStats.at(-1)!;
    expect(first.sha).toBe(e.rootCommit!.sha);
    expect(e.rootCommit!.stats).toEqual(first.stats); // the root carries its stats when sampled
    expect(first.stats!.additions).toBeGreaterThanOrEqual(2000);
    expect(first.stats!.files.length).toBeGreaterThanOrEqual(100);
    expect(e.manifestDependencies).toEqual(["numpy", "pandas", "scikit-learn"]);
  });

  test("honest rebase: all 316 commits with both dates; the shared committer timestamp is visible", () => {
    const e = ev("maya-mixed/toy-compiler");
    expect([e.candidateCommitCount, e.candidateCommits.length]).toEqual([316, 316]);
    const byCommitter = new Map<string, number>();
    for (const c of e.candidateCommits) byCommitter.set(c.committerDate, (byCommitter.get(c.committerDate) ?? 0) + 1);
    expect(Math.max(...byCommitter.values())).toBe(241);
  });

  test("empty repository and renamed repository", () => {
    expect(ev("maya-mixed/future-idea").repo.empty).toBe(true);
    expect(ev("alice-honest/trailmap").candidateCommitCount).toBe(24);
  });
});

describe("cost", () => {
  test("an ordinary repository costs 5 calls + its line counts; an empty one 1; a fork of a 162-commit project 9+", () => {
    // 48 commits: /stats/contributors twice (202, then 200) and at most 4 commits of its heaviest week
    const e = ev("alice-honest/weather-dash");
    expect(e.lineCounts?.path).toBe("heavy-weeks");
    expect(costs.get("alice-honest/weather-dash")).toBe(5 + 2 + (e.sampledWithStats.length - 1));
    expect(costs.get("maya-mixed/future-idea")).toBe(1);
    // + parent lookup, compare, and the last page of a 162-commit history; then the same line-count path
    const fork = ev("alice-honest/fastcsv");
    expect(costs.get("alice-honest/fastcsv")).toBe(9 + 2 + (fork.sampledWithStats.length - 1));
    // 4 own commits: each one read, no statistics asked for; a short history for its size is a copy
    // suspect: one search by name and one by description find no older original
    expect(ev("maya-mixed/ml-pipeline").lineCounts?.path).toBe("every-commit");
    expect(costs.get("maya-mixed/ml-pipeline")).toBe(4 + 4 + 2);
    expect(ev("maya-mixed/ml-pipeline").copyOf).toBeUndefined();
  });

  test("a huge history is never read whole: maxCommitPages bounds it and says truncated", async () => {
    const src = source(freshDb(), { maxCommitPages: 2 });
    const repo = (await src.getRepo("mallory-painter", "pixel-art"))!;
    const before = src.stats().calls;
    const e = await src.repoEvidence(repo, "mallory-painter");
    expect(e.candidateCommitCount).toBe(792);
    expect(e.candidateCommits).toHaveLength(192); // newest 100 and oldest 92
    expect(e.truncated).toBe(true);
    expect(e.candidateCommits.at(-1)!.sha).toBe(e.rootCommit!.sha);
    // listings, the 10-commit spread, and the heavy-weeks path: 2 statistics, 2 week listings, 8 commits
    expect(src.stats().calls - before).toBeLessThanOrEqual(4 + 2 + 10 + 2 + 2 + 8);
  });

  test("cold and warm verification of every sample candidate: warm is >= 90 % 304s", async () => {
    // (60 s: line counts read more commits cold, about 25 s on a busy 2-core machine; warm they come from the cache)
    const rows: string[] = [];
    for (const c of candidates) {
      const db = freshDb();
      const cold = await verify(source(db), c.login);
      const warm = await verify(source(db), c.login);
      const n = c.repos.filter((r) => r.owner === c.login).length;
      const { calls: coldCalls } = cold.stats();
      const w = warm.stats();
      rows.push(
        `${c.login}: ${n} repos, cold ${coldCalls} calls, warm ${w.calls} calls (${w.notModified} x 304, ${w.servedFromCache} without a request)`,
      );
      expect(w.notModified / w.calls).toBeGreaterThanOrEqual(0.9);
      expect(w.calls).toBeLessThanOrEqual(coldCalls);
    }
    console.log(rows.join("\n"));
  }, 60_000);

  test("a rate limit in the middle of evidence gathering surfaces as GitHubRateLimitedError", async () => {
    const src = source();
    const repos = await src.listUserRepos("alice-honest");
    sim.rateLimit.exhaust({ resetAt: clock.now() + 600_000 });
    try {
      await expect(src.repoEvidence(repos[0]!, "alice-honest")).rejects.toBeInstanceOf(GitHubRateLimitedError);
    } finally {
      sim.rateLimit.reset();
    }
  });
});
