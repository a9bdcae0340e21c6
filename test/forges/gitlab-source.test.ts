import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGitLabSource } from "../../src/forges/gitlab/gitlab-source.ts";
import { MemoryResponseCache } from "../../src/forges/http/response-cache.ts";
import { ForgeRateLimitedError, ForgeUnavailableError } from "../../src/forges/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import doc from "../fixtures/forges/gitlab-openapi.json";
import { forgeCandidate } from "../support/forge-sim/forge-candidate.ts";
import { backdatedIntoOldProject } from "../support/forge-sim/forge-scenarios.ts";
import { ServedLog } from "../support/forge-sim/served-log.ts";
import { honestHistory, SCENARIO_NOW } from "../support/github-sim/scenarios/index.ts";
import { type GitLabSimulator, startGitLabSimulator } from "../support/gitlab-sim/gitlab-simulator.ts";
import { pollUntil } from "../support/harness.ts";
import { arrivalLags } from "./forge-scenarios.ts";

const log = new ServedLog(doc, { nulls: "any", listsByElement: true });
const clock = new ManualClock(Date.parse(SCENARIO_NOW));
const waits: number[] = [];
let sim: GitLabSimulator;

const source = (o: { token?: string | null; maxCommitPages?: number; cache?: boolean } = {}) =>
  createGitLabSource({
    config: {
      host: "gitlab.com",
      kind: "gitlab",
      apiBase: `${sim.url}/api/v4`,
      token: o.token === undefined ? "glpat-test" : o.token,
    },
    clock,
    backoffUnitMs: 1,
    sleep: async (ms) => {
      waits.push(ms);
      clock.advance(ms);
    },
    maxCommitPages: o.maxCommitPages,
    cache: o.cache === false ? null : new MemoryResponseCache(),
  });

const repoOf = async (s: ReturnType<typeof source>, name: string) => (await s.getRepo("alice", name))!;
const DAY = 86_400_000;

beforeAll(async () => {
  sim = await startGitLabSimulator({
    clock,
    onServe: log.record,
    candidates: [forgeCandidate("alice", { name: "Alice A" })],
    users: [{ login: "bob", name: "Bob B", createdAt: "2019-01-01T00:00:00Z", publicEmail: "bob@work.example" }],
  });
  await sim.addRepo(backdatedIntoOldProject({ login: "alice" }).repo);
  const notes = honestHistory({ login: "bob", name: "notes" }).repo;
  const bob = { name: "Bob B", email: "bob@work.example" };
  await sim.addRepo({ ...notes, commits: notes.commits.map((c) => ({ ...c, author: bob, committer: bob })) });
});
afterAll(() => sim.stop());

describe("GitLab source: accounts and projects", () => {
  test("the user, the projects they own, a project by path; unknown user and project are null", async () => {
    const s = source();
    const user = await s.getUser("alice");
    expect(user).toMatchObject({
      login: "alice",
      name: "Alice A",
      createdAt: "2018-03-14T10:00:00.000Z",
      publicRepos: 5,
    });
    const repos = await s.listUserRepos("alice");
    expect(repos.map((r) => r.fullName).sort()).toEqual(
      ["alice/fastcsv", "alice/ledger-core", "alice/pixel-art", "alice/survey-kit", "alice/weather-dash"].sort(),
    );
    const fork = repos.find((r) => r.name === "fastcsv")!;
    expect(fork).toMatchObject({ fork: true, parent: "upstream-org/fastcsv", pushedAt: null });
    expect(await s.getUser("nobody")).toBeNull();
    expect(await s.listUserRepos("nobody")).toEqual([]);
    expect(await s.getRepo("alice", "nope")).toBeNull();
    expect(s.capabilities().lacks.map((l) => l.evidence)).toContain("commit-accounts");
  });

  test("a refused token is a clear error naming the setting", async () => {
    const strict = await startGitLabSimulator({ clock, tokens: ["good"] });
    try {
      const s = createGitLabSource({
        config: { host: "gitlab.example.com", kind: "gitlab", apiBase: `${strict.url}/api/v4`, token: "bad" },
        clock,
        backoffUnitMs: 1,
      });
      const err = await s.getUser("alice").catch((e) => e);
      expect(err).toBeInstanceOf(ForgeUnavailableError);
      expect(String(err.message)).toContain("GITLAB_TOKEN");
    } finally {
      await strict.stop();
    }
  });
});

describe("GitLab source: evidence", () => {
  test("an honest history: every commit tied to the account, each arriving minutes after it was committed", async () => {
    const s = source();
    const ev = await s.repoEvidence(await repoOf(s, "weather-dash"), "alice");
    expect(ev.candidateCommitCount).toBe(48);
    expect(ev.truncated).toBe(false);
    expect(ev.forge.identity).toEqual({ emails: ["alice@example.com"], basis: ["pushed"] });
    expect(ev.lineCounts?.path).toBe("every-commit");
    expect(ev.rootCommit?.stats?.files.length).toBeGreaterThan(0);
    expect(ev.languages).toEqual({ TypeScript: 100 });
    expect(ev.forge.languageUnit).toBe("percent");
    const t = ev.forge.anchoredTimes!;
    expect(t.coversSince).toBeUndefined();
    const lags = arrivalLags(ev);
    expect(lags.every((lag) => lag !== null && lag >= 0 && lag < 3 * 3_600_000)).toBe(true);
  });

  test("a backdated history in an old project: its dates look honest, its push arrived long after them", async () => {
    const s = source();
    const ev = await s.repoEvidence(await repoOf(s, "ledger-core"), "alice");
    expect(ev.candidateCommitCount).toBe(120);
    const t = ev.forge.anchoredTimes!;
    expect(t.pushes).toHaveLength(1);
    expect(Object.keys(t.arrivals)).toHaveLength(120);
    const lags = arrivalLags(ev, "authorDate") as number[];
    expect(Math.min(...lags)).toBeGreaterThan(20 * DAY);
    // nothing in git says so: committer dates follow author dates, all after the project was created
    expect(
      ev.candidateCommits.every((c) => Math.abs(Date.parse(c.committerDate) - Date.parse(c.authorDate)) < DAY),
    ).toBe(true);
    expect(ev.candidateCommits.every((c) => c.authorDate > ev.repo.createdAt)).toBe(true);
  });

  test("an honest import: the old commits arrive in the push that followed creation, later work push by push", async () => {
    const s = source();
    const repo = await repoOf(s, "survey-kit");
    const ev = await s.repoEvidence(repo, "alice");
    const t = ev.forge.anchoredTimes!;
    const [first, ...later] = t.pushes;
    expect(first!.before).toBeNull();
    expect(first!.commitCount).toBe(140);
    expect(Date.parse(first!.at) - Date.parse(repo.createdAt)).toBe(60_000);
    const imported = ev.candidateCommits.filter((c) => t.arrivals[c.sha] === first!.at);
    expect(imported).toHaveLength(140);
    expect(imported.every((c) => Date.parse(c.authorDate) < Date.parse(repo.createdAt))).toBe(true);
    const after = ev.candidateCommits.filter((c) => t.arrivals[c.sha] !== first!.at);
    expect(after).toHaveLength(40);
    expect(later.length).toBeGreaterThan(5);
    expect(after.every((c) => Date.parse(t.arrivals[c.sha]!) - Date.parse(c.committerDate) < 3 * 3_600_000)).toBe(true);
  });

  test("a fork: what it adds beyond its parent, and the candidate's share", async () => {
    const s = source();
    const ev = await s.repoEvidence(await repoOf(s, "fastcsv"), "alice");
    expect(ev.aheadOfParent).toEqual({ total: 12, byCandidate: 12 });
    expect(ev.candidateCommitCount).toBe(12);
    expect(ev.otherAuthors.reduce((n, a) => n + a.count, 0)).toBe(150);
  });

  test("pages: a long history read within the page budget is truncated, its total still GitLab's", async () => {
    const s = source({ maxCommitPages: 2 });
    const ev = await s.repoEvidence(await repoOf(s, "pixel-art"), "alice");
    expect(ev.candidateCommits).toHaveLength(200);
    expect(ev.truncated).toBe(true);
    expect(ev.candidateCountExact).toBe(false);
    expect(ev.totalCommitCount).toBe(790);
    const full = await source({ maxCommitPages: 10 }).repoEvidence(await repoOf(s, "pixel-art"), "alice");
    expect(full.candidateCommitCount).toBe(790);
    expect(full.forge.anchoredTimes!.pushes).toHaveLength(1);
  });

  test("identity by public email, and by name only when nothing stronger ties an email", async () => {
    const s = source();
    const bob = await s.repoEvidence((await s.getRepo("bob", "notes"))!, "bob");
    expect(bob.forge.identity.basis).toContain("public-email");
    expect(bob.candidateCommitCount).toBeGreaterThan(0);
    clock.advance(4 * 365 * DAY);
    try {
      const old = await source().repoEvidence(await repoOf(s, "weather-dash"), "alice");
      // every push event has aged out: the name is all that ties the commits to the account
      expect(old.forge.anchoredTimes!.pushes).toEqual([]);
      expect(old.forge.anchoredTimes!.coversSince).toBe(new Date(clock.now() - 3 * 365 * DAY).toISOString());
      expect(old.forge.identity.basis).toEqual(["name"]);
      expect(old.candidateCommitCount).toBe(48);
    } finally {
      clock.set(Date.parse(SCENARIO_NOW));
    }
  });
});

describe("GitLab source: transport", () => {
  test("ETags: a second read of the same project is answered 304; a commit's diff is never asked again", async () => {
    const s = source();
    const repo = await repoOf(s, "weather-dash");
    await s.repoEvidence(repo, "alice");
    const cold = s.stats().calls;
    const diffs = sim.calls("/diff").length;
    await s.repoEvidence(repo, "alice");
    expect(s.stats().notModified).toBeGreaterThan(0);
    expect(s.stats().servedFromCache).toBeGreaterThan(0);
    expect(sim.calls("/diff").length).toBe(diffs);
    expect(s.stats().calls - cold).toBeLessThan(cold);
  });

  test("429 with Retry-After is waited out as GitLab asks; a spent budget defers until its reset", async () => {
    const s = source();
    waits.length = 0;
    sim.rateLimit.throttle({ count: 1, retryAfterSec: 2 });
    expect(await s.getUser("alice")).not.toBeNull();
    expect(waits).toContain(2000);
    sim.rateLimit.exhaust({ resetAt: clock.now() + 30 * 60_000 });
    const err = await source()
      .getUser("alice")
      .catch((e) => e);
    expect(err).toBeInstanceOf(ForgeRateLimitedError);
    expect(err.resetAt).toBe(clock.now() + 30 * 60_000);
    expect(err.host).toBe("gitlab.com");
    sim.rateLimit.reset();
  });

  test("a window at its reserve stops requests before they are sent", async () => {
    const s = source();
    await s.getUser("alice");
    sim.rateLimit.set({ remaining: 10 }, "glpat-test");
    await s.getRepo("alice", "weather-dash");
    const before = sim.callLog.length;
    const err = await s.getRepo("alice", "pixel-art").catch((e) => e);
    expect(err).toBeInstanceOf(ForgeRateLimitedError);
    expect(sim.callLog.length).toBe(before);
    sim.rateLimit.reset();
  });

  test("5xx bursts and resets are retried; a project that keeps failing is reported unavailable, not fatal", async () => {
    const s = source();
    sim.injectFaults({ status: 502, count: 2, match: "/users" });
    sim.injectFaults({ kind: "reset", count: 1, match: "/users" });
    expect((await s.getUser("alice"))?.login).toBe("alice");
    const repo = await repoOf(s, "weather-dash");
    sim.injectFaults({ status: 503, count: 50, match: "/repository/commits" });
    const ev = await s.repoEvidence(repo, "alice");
    expect(ev.unavailable).toEqual({
      status: 503,
      reason: "gitlab.com kept failing on it (503) after several retries",
    });
    sim.clearFaults();
    sim.injectFaults({ status: 500, count: 50, match: "/users" });
    await expect(source().getUser("alice")).rejects.toBeInstanceOf(ForgeUnavailableError);
    sim.clearFaults();
  });

  test("an answer that never comes times out and is asked again", async () => {
    const s = createGitLabSource({
      config: { host: "gitlab.com", kind: "gitlab", apiBase: `${sim.url}/api/v4`, token: "glpat-test" },
      clock,
      backoffUnitMs: 1,
      requestTimeoutMs: 200,
      sleep: async (ms) => {
        clock.advance(ms);
      },
      cache: null,
    });
    sim.injectFaults({ kind: "hang", count: 1, match: "/users" });
    expect((await s.getUser("alice"))?.login).toBe("alice");
    expect(sim.calls((c) => c.path.endsWith("/users") && c.status === 0)).toHaveLength(1);
  });

  test("every answer the source caused matched GitLab's description", () => {
    expect(log.errors()).toEqual([]);
  });
});

describe("GitLab source: the job's deadline", () => {
  test("a host that hangs cannot hold a job: the job's abort stops the request in flight, with no retry", async () => {
    const job = new AbortController();
    const s = createGitLabSource({
      config: { host: "gitlab.com", kind: "gitlab", apiBase: `${sim.url}/api/v4`, token: "glpat-test" },
      // a timeout far beyond the test: only the job's signal can end the wait
      requestTimeoutMs: 600_000,
      cache: null,
      signal: job.signal,
    });
    sim.injectFaults({ kind: "hang", count: 5, match: "/users" });
    try {
      const pending = s.getUser("alice").catch((e) => e);
      await pollUntil(() => sim.calls((c) => c.path.endsWith("/users")).length > 0, "the request to reach the host");
      job.abort(new Error("the job's deadline passed"));
      const err = await pending;
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toBe("the job's deadline passed");
      expect(s.stats().calls).toBe(1);
      // an aborted job sends nothing more
      await expect(s.getRepo("alice", "weather-dash")).rejects.toThrow("the job's deadline passed");
      expect(s.stats().calls).toBe(1);
    } finally {
      sim.clearFaults();
    }
  });
});
