import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGiteaSource } from "../../src/forges/gitea/gitea-source.ts";
import { ForgeRateLimitedError, ForgeUnavailableError } from "../../src/forges/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import doc from "../fixtures/forges/gitea-swagger.json";
import { forgeCandidate } from "../support/forge-sim/forge-candidate.ts";
import { backdatedIntoOldProject } from "../support/forge-sim/forge-scenarios.ts";
import { ServedLog } from "../support/forge-sim/served-log.ts";
import { type GiteaSimulator, startGiteaSimulator } from "../support/gitea-sim/gitea-simulator.ts";
import { copiedRepository, SCENARIO_NOW } from "../support/github-sim/scenarios/index.ts";
import { arrivalLags } from "./forge-scenarios.ts";

// Gitea answers 404 for an unknown owner on every /users/{username}/... route; its swagger lists only 200 here
const log = new ServedLog(doc, { nulls: "refs" }, { "/users/{username}/repos": [404] });
const clock = new ManualClock(Date.parse(SCENARIO_NOW));
const waits: number[] = [];
let sim: GiteaSimulator;
const DAY = 86_400_000;

const source = (o: { maxCommitPages?: number; maxWaitMs?: number } = {}) =>
  createGiteaSource({
    config: { host: "codeberg.org", kind: "gitea", apiBase: `${sim.url}/api/v1`, token: "tok" },
    clock,
    backoffUnitMs: 1,
    sleep: async (ms) => {
      waits.push(ms);
      clock.advance(ms);
    },
    maxCommitPages: o.maxCommitPages,
    maxWaitMs: o.maxWaitMs,
  });
const repoOf = async (s: ReturnType<typeof source>, name: string) => (await s.getRepo("carol", name))!;

beforeAll(async () => {
  sim = await startGiteaSimulator({
    clock,
    onServe: log.record,
    candidates: [forgeCandidate("carol", { name: "Carol C", more: [copiedRepository({ login: "carol" })] })],
  });
  await sim.addRepo(backdatedIntoOldProject({ login: "carol" }).repo);
});
afterAll(() => sim.stop());

describe("Gitea source", () => {
  test("the user, their repositories, a fork's parent; unknown user and repository are null", async () => {
    const s = source();
    expect(await s.getUser("carol")).toMatchObject({
      login: "carol",
      name: "Carol C",
      createdAt: "2018-03-14T10:00:00Z",
      publicRepos: 6,
    });
    const repos = await s.listUserRepos("carol");
    expect(repos).toHaveLength(6);
    expect(repos.find((r) => r.name === "fastcsv")).toMatchObject({
      fork: true,
      parent: "upstream-org/fastcsv",
      pushedAt: null,
    });
    expect(await s.getUser("nobody")).toBeNull();
    expect(await s.listUserRepos("nobody")).toEqual([]);
    expect(await s.getRepo("carol", "nope")).toBeNull();
  });

  test("an honest history: accounts linked by the host, stats and files with no call per commit, arrivals from the feed", async () => {
    const s = source();
    const repo = await repoOf(s, "weather-dash");
    const before = s.stats().calls;
    const ev = await s.repoEvidence(repo, "carol");
    expect(s.stats().calls - before).toBeLessThanOrEqual(5);
    expect(ev.candidateCommitCount).toBe(48);
    expect(ev.forge.identity.basis).toEqual(["host-linked"]);
    expect(ev.sampledWithStats.every((c) => (c.stats?.files.length ?? 0) > 0)).toBe(true);
    expect(ev.languages.TypeScript).toBeGreaterThan(1000);
    const t = ev.forge.anchoredTimes!;
    expect(t.source).toBe("gitea-activity-feed");
    const lags = arrivalLags(ev);
    expect(lags.every((lag) => lag !== null && lag >= 0 && lag < 3 * 3_600_000)).toBe(true);
  });

  test("a backdated history: every commit arrived in one push weeks after its dates, though the feed lists five", async () => {
    const s = source();
    const ev = await s.repoEvidence(await repoOf(s, "ledger-core"), "carol");
    const t = ev.forge.anchoredTimes!;
    expect(t.pushes).toEqual([expect.objectContaining({ commitCount: 120, before: null })]);
    expect(Object.keys(t.arrivals)).toHaveLength(120);
    const lags = arrivalLags(ev, "authorDate") as number[];
    expect(Math.min(...lags)).toBeGreaterThan(20 * DAY);
  });

  test("an honest import: the imported commits share the push that followed creation", async () => {
    const s = source();
    const repo = await repoOf(s, "survey-kit");
    const t = (await s.repoEvidence(repo, "carol")).forge.anchoredTimes!;
    expect(t.pushes[0]).toMatchObject({ before: null, commitCount: 140 });
    expect(Object.values(t.arrivals).filter((at) => at === t.pushes[0]!.at)).toHaveLength(140);
    expect(Date.parse(t.pushes[0]!.at) - Date.parse(repo.createdAt)).toBe(60_000);
  });

  test("a fork's additions; a re-committed copy of an older repository found by its identical tree", async () => {
    const s = source();
    expect((await s.repoEvidence(await repoOf(s, "fastcsv"), "carol")).aheadOfParent).toEqual({
      total: 12,
      byCandidate: 12,
    });
    const copy = await s.repoEvidence(await repoOf(s, "markdown-notes"), "carol");
    expect(copy.copyOf).toMatchObject({ original: "orig-author/markdown-notes", identicalTree: true });
  });

  test("pages of 50 with X-Total-Count: a long history read within the budget is truncated, its total exact", async () => {
    const s = source({ maxCommitPages: 3 });
    const ev = await s.repoEvidence(await repoOf(s, "pixel-art"), "carol");
    expect(ev.candidateCommits).toHaveLength(150);
    expect(ev.truncated).toBe(true);
    expect(ev.totalCommitCount).toBe(
      Number((await fetch(`${sim.url}/api/v1/repos/carol/pixel-art/commits?limit=1`)).headers.get("x-total-count")),
    );
  });

  test("a host without activity feeds: push times declared missing, the rest read", async () => {
    sim.setActivityFeeds(false);
    try {
      const s = source();
      const ev = await s.repoEvidence(await repoOf(s, "weather-dash"), "carol");
      expect(ev.forge.anchoredTimes).toBeUndefined();
      expect(ev.forge.capabilities.lacks.map((l) => l.evidence)).toContain("push-times");
      expect(ev.candidateCommitCount).toBe(48);
    } finally {
      sim.setActivityFeeds(true);
    }
  });

  test("429 + Retry-After from a proxy is waited out; a long one defers; 5xx and resets retried", async () => {
    const s = source();
    waits.length = 0;
    sim.rateLimit.throttle({ count: 1, retryAfterSec: 4 });
    expect(await s.getUser("carol")).not.toBeNull();
    expect(waits).toContain(4000);
    sim.rateLimit.throttle({ count: 1, retryAfterSec: 600 });
    const err = await source()
      .getUser("carol")
      .catch((e) => e);
    expect(err).toBeInstanceOf(ForgeRateLimitedError);
    expect(err.resetAt).toBe(clock.now() + 600_000);
    sim.rateLimit.reset();
    sim.injectFaults({ status: 502, count: 2, match: "/users/carol" });
    sim.injectFaults({ kind: "reset", count: 1, match: "/users/carol" });
    expect(await source().getUser("carol")).not.toBeNull();
    sim.injectFaults({ status: 503, count: 20, match: "/users/carol" });
    await expect(source().getUser("carol")).rejects.toBeInstanceOf(ForgeUnavailableError);
    sim.clearFaults();
  });

  test("a commit by full SHA is immutable: read once, then served without a request", async () => {
    const s = source();
    const head = (await s.repoEvidence(await repoOf(s, "weather-dash"), "carol")).candidateCommits[0]!.sha;
    await s.http.get(`/repos/carol/weather-dash/git/commits/${head}`);
    const calls = s.stats().calls;
    await s.http.get(`/repos/carol/weather-dash/git/commits/${head}`);
    expect(s.stats()).toMatchObject({ calls, servedFromCache: 1 });
  });

  test("every answer the source caused matched Gitea's swagger", () => {
    expect(log.errors()).toEqual([]);
  });
});
