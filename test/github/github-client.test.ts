import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGitHubClient, type GitHubClientOptions } from "../../src/github/github-client.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "../../src/github/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import {
  assembleCandidate,
  emptyRepository,
  honestHistory,
  renamedRepository,
} from "../support/github-sim/scenarios/index.ts";
import { freshDb } from "./fixtures.ts";

/** Client behaviour against the simulator: real HTTP on loopback, a manual clock, fast backoff. */

const clock = new ManualClock(Date.parse("2026-01-01T00:00:00Z"));
let sim: GitHubSimulator;

/** fast retries (1 ms per backoff "second") so failure paths run in milliseconds */
const source = (over: Partial<Parameters<typeof createGitHubSource>[0]> = {}) =>
  createGitHubSource({
    baseUrl: sim.url,
    token: "test-token",
    db: freshDb(),
    clock,
    backoffUnitMs: 1,
    requestTimeoutMs: 10_000, // far above a loaded machine's answer time: only the timeout tests set a short one
    ...over,
  });
const client = (over: Partial<GitHubClientOptions> = {}) =>
  createGitHubClient({
    baseUrl: sim.url,
    token: "test-token",
    db: freshDb(),
    clock,
    backoffUnitMs: 1,
    requestTimeoutMs: 10_000, // far above a loaded machine's answer time: only the timeout tests set a short one
    ...over,
  });

beforeAll(async () => {
  sim = await startGitHubSimulator({
    clock,
    candidates: [
      assembleCandidate({
        login: "dev-one",
        repos: [
          honestHistory({ login: "dev-one", commits: 20 }),
          renamedRepository({ login: "dev-one" }),
          emptyRepository({ login: "dev-one" }),
        ],
      }),
    ],
    users: [{ login: "prolific", createdAt: "2015-01-01T00:00:00Z" }],
    repos: Array.from({ length: 130 }, (_, i) => ({
      owner: "prolific",
      name: `repo-${String(i).padStart(3, "0")}`,
      commits: [],
    })),
  });
});
afterAll(() => sim.stop());

const calls = (path: string) => sim.calls((c) => c.path === path).length;

describe("reading", () => {
  test("listUserRepos follows Link pagination: 130 repositories in 2 calls", async () => {
    const src = source();
    const repos = await src.listUserRepos("prolific");
    expect(repos).toHaveLength(130);
    expect(new Set(repos.map((r) => r.name)).size).toBe(130);
    expect(src.stats().calls).toBe(2);
  });

  test("getUser: a user, or null for 404", async () => {
    const src = source();
    expect(await src.getUser("dev-one")).toMatchObject({ login: "dev-one", type: "User", publicRepos: 3 });
    expect(await src.getUser("no-such-person")).toBeNull();
  });

  test("getRepo follows a rename (301) and says so; unknown repositories are null", async () => {
    const src = source();
    const repo = await src.getRepo("dev-one", "trail-planner");
    expect(repo).toMatchObject({ fullName: "dev-one/trailmap", renamedFrom: "dev-one/trail-planner" });
    expect(src.stats().calls).toBe(2); // the 301 hop and the repository
    expect(await src.getRepo("dev-one", "nothing-here")).toBeNull();
    expect(await src.getRepo("nobody", "nothing")).toBeNull();
  });

  test("an empty repository is reported empty after one call", async () => {
    const src = source();
    const repo = (await src.getRepo("dev-one", "future-idea"))!;
    const before = src.stats().calls;
    const ev = await src.repoEvidence(repo, "dev-one");
    expect(ev.repo.empty).toBe(true);
    expect([ev.candidateCommitCount, ev.totalCommitCount, ev.candidateCommits.length]).toEqual([0, 0, 0]);
    expect(src.stats().calls - before).toBe(1);
  });

  test("statuses the caller accepts come back; others become GitHubUnavailableError", async () => {
    const c = client();
    const res = await c.get("/repos/{owner}/{repo}/commits", { owner: "dev-one", repo: "future-idea" }, [409]);
    expect(res.status).toBe(409);
    await expect(c.get("/repos/{owner}/{repo}/commits", { owner: "dev-one", repo: "future-idea" })).rejects.toThrow(
      /GitHub answered 409/,
    );
  });
});

describe("conditional requests", () => {
  test("a second verification with the same database is answered by 304s, counted", async () => {
    const db = freshDb();
    const first = source({ db });
    await first.getUser("dev-one");
    await first.listUserRepos("dev-one");
    expect(first.stats()).toMatchObject({ calls: 2, notModified: 0 });
    sim.resetCallLog();
    const second = source({ db });
    expect(await second.getUser("dev-one")).toMatchObject({ login: "dev-one" });
    expect(await second.listUserRepos("dev-one")).toHaveLength(3);
    expect(second.stats()).toMatchObject({ calls: 2, notModified: 2 });
    expect(sim.callLog.map((c) => [c.status, c.conditional])).toEqual([
      [304, true],
      [304, true],
    ]);
  });

  test("ETags are per token: another token does not reuse the cache", async () => {
    const db = freshDb();
    await source({ db, token: "token-a" }).getUser("dev-one");
    const other = source({ db, token: "token-b" });
    await other.getUser("dev-one");
    expect(other.stats()).toMatchObject({ calls: 1, notModified: 0 });
  });
});

describe("rate limits", () => {
  test("a spent primary budget throws GitHubRateLimitedError(resetAt from x-ratelimit-reset); later calls defer without a request", async () => {
    const resetAt = clock.now() + 42 * 60_000;
    const src = source();
    await src.getUser("dev-one");
    sim.rateLimit.exhaust({ resetAt });
    try {
      const err = await src.getUser("dev-one").catch((e) => e);
      expect(err).toBeInstanceOf(GitHubRateLimitedError);
      expect((err as GitHubRateLimitedError).resetAt).toBe(resetAt);
      const sent = sim.callLog.length;
      await expect(src.listUserRepos("dev-one")).rejects.toBeInstanceOf(GitHubRateLimitedError);
      expect(sim.callLog.length).toBe(sent); // known spent budget: no request wasted
      clock.set(resetAt + 1000);
      expect(await src.getUser("dev-one")).toMatchObject({ login: "dev-one" });
    } finally {
      sim.rateLimit.reset();
    }
  });

  test("429 with remaining 0 is the primary limit too, never retried by the retry plugin", async () => {
    const resetAt = clock.now() + 5 * 60_000;
    sim.rateLimit.exhaust({ resetAt, status: 429 });
    try {
      sim.resetCallLog();
      const err = await source()
        .getUser("dev-one")
        .catch((e) => e);
      expect(err).toBeInstanceOf(GitHubRateLimitedError);
      expect((err as GitHubRateLimitedError).resetAt).toBe(resetAt);
      expect(sim.callLog.map((c) => c.status)).toEqual([429]);
    } finally {
      sim.rateLimit.reset();
    }
  });

  test("a short secondary limit is waited out and retried", async () => {
    sim.rateLimit.secondary({ count: 1, retryAfterSec: 2 });
    sim.resetCallLog();
    const src = source();
    expect(await src.getUser("dev-one")).toMatchObject({ login: "dev-one" });
    expect(sim.callLog.map((c) => [c.status, c.cause ?? null])).toEqual([
      [403, "secondary-rate-limit"],
      [200, null],
    ]);
    expect(src.stats().calls).toBe(2);
  });

  test("a long secondary limit defers instead of blocking the worker", async () => {
    sim.rateLimit.secondary({ count: 5, retryAfterSec: 3600 });
    try {
      const err = await source({ maxSecondaryWaitMs: 60_000 })
        .getUser("dev-one")
        .catch((e) => e);
      expect(err).toBeInstanceOf(GitHubRateLimitedError);
      expect((err as GitHubRateLimitedError).resetAt).toBe(clock.now() + 3_600_000);
    } finally {
      sim.rateLimit.reset();
    }
  });
});

describe("failures", () => {
  test("a burst of 5xx is retried with backoff, then succeeds", async () => {
    sim.injectFaults({ status: 502, count: 2, match: "/users/dev-one" });
    sim.resetCallLog();
    const src = source();
    expect(await src.getUser("dev-one")).toMatchObject({ login: "dev-one" });
    expect(sim.callLog.map((c) => c.status)).toEqual([502, 502, 200]);
    expect(src.stats().calls).toBe(3);
  });

  test("a lasting 5xx becomes GitHubUnavailableError after retries + 1 attempts", async () => {
    sim.injectFaults({ status: 503, count: Infinity, match: "/users/dev-one" });
    try {
      sim.resetCallLog();
      const err = await source({ retries: 2 })
        .getUser("dev-one")
        .catch((e) => e);
      expect(err).toBeInstanceOf(GitHubUnavailableError);
      expect((err as Error).message).toContain("after 3 attempts");
      expect(sim.callLog.map((c) => c.status)).toEqual([503, 503, 503]);
    } finally {
      sim.clearFaults();
    }
  });

  test("a request that hangs times out and is retried", async () => {
    sim.injectFaults({ kind: "hang", count: 1, match: "/users/dev-one" });
    const src = source({ requestTimeoutMs: 100 });
    expect(await src.getUser("dev-one")).toMatchObject({ login: "dev-one" });
    expect(src.stats().calls).toBe(2);
  });

  test("lasting timeouts become GitHubUnavailableError naming the timeout", async () => {
    sim.injectFaults({ kind: "hang", count: Infinity, match: "/users/dev-one" });
    try {
      const err = await source({ requestTimeoutMs: 50, retries: 1 })
        .getUser("dev-one")
        .catch((e) => e);
      expect(err).toBeInstanceOf(GitHubUnavailableError);
      expect((err as Error).message).toContain("did not answer within 50 ms");
    } finally {
      sim.clearFaults();
    }
  });

  test("nobody listening: connection errors are retried, then GitHubUnavailableError", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const url = `http://127.0.0.1:${closed.port}`;
    await closed.stop(true);
    const err = await createGitHubSource({ baseUrl: url, db: freshDb(), clock, backoffUnitMs: 1, retries: 1 })
      .getUser("x")
      .catch((e) => e);
    expect(err).toBeInstanceOf(GitHubUnavailableError);
  });

  test("a refused token is a clear GitHubUnavailableError, not retried", async () => {
    const strict = await startGitHubSimulator({
      tokens: ["right"],
      users: [{ login: "u", createdAt: "2020-01-01T00:00:00Z" }],
    });
    try {
      const err = await createGitHubSource({ baseUrl: strict.url, token: "wrong", db: freshDb(), backoffUnitMs: 1 })
        .getUser("u")
        .catch((e) => e);
      expect(err).toBeInstanceOf(GitHubUnavailableError);
      expect((err as Error).message).toContain("rejected the token");
      expect(strict.callLog).toHaveLength(1);
    } finally {
      await strict.stop();
    }
  });
});

test("a redirect to another host is neither followed (the token stays home) nor read as data", async () => {
  let foreignHits = 0;
  const foreign = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => {
      foreignHits++;
      return new Response("{}");
    },
  });
  const home = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => new Response("{}", { status: 301, headers: { location: `http://127.0.0.1:${foreign.port}/steal` } }),
  });
  try {
    const err = await createGitHubSource({ baseUrl: `http://127.0.0.1:${home.port}`, token: "secret", db: freshDb() })
      .getRepo("a", "b")
      .catch((e) => e);
    expect(err).toBeInstanceOf(GitHubUnavailableError);
    expect((err as Error).message).toContain("not followed");
    expect(foreignHits).toBe(0);
  } finally {
    await home.stop(true);
    await foreign.stop(true);
  }
});

test("requests identify themselves and pin the API version", async () => {
  sim.resetCallLog();
  let seen: Headers | undefined;
  const spy = (input: string | URL | Request, init?: RequestInit) => {
    seen = new Headers(init?.headers);
    return fetch(input, init);
  };
  await source({ fetch: spy, userAgent: "claimcheck-test/1" }).getUser("dev-one");
  expect(seen!.get("user-agent")).toStartWith("claimcheck-test/1");
  expect(seen!.get("x-github-api-version")).toBe("2022-11-28");
  expect(seen!.get("authorization")).toBe("token test-token");
  expect(calls("/users/dev-one")).toBe(1);
});
