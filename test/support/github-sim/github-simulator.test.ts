import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { ManualClock } from "../../../src/lib/clock.ts";
import type { CommitSpec } from "./git-writer.ts";
import { type GitHubSimulator, startGitHubSimulator } from "./github-simulator.ts";
import {
  assembleCandidate,
  candidateIdentity,
  emptyRepository,
  forkWithOwnWork,
  honestHistory,
  renamedRepository,
} from "./scenarios/index.ts";

const clock = new ManualClock(Date.parse("2026-01-01T00:00:00Z"));
let sim: GitHubSimulator;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(sim.url + path, { headers, redirect: "manual" });
// biome-ignore lint/suspicious/noExplicitAny: GitHub's JSON answers, probed field by field here; their shapes are checked against GitHub's OpenAPI description by openapi-validator
type Json = any;
const json = async <T = Json>(path: string, headers: Record<string, string> = {}) =>
  (await (await get(path, headers)).json()) as T;

beforeAll(async () => {
  const me = candidateIdentity("sim-user");
  const linked: CommitSpec[] = Array.from({ length: 35 }, (_, i) => ({
    author:
      i % 7 === 3
        ? { name: "laptop", email: "sim-user@laptop.local" }
        : i % 5 === 0
          ? { name: "x", email: "77+sim-user@users.noreply.github.com" }
          : me,
    authorDate: Date.parse("2025-03-01T10:00:00Z") + i * 86_400_000,
    message: `change ${i}`,
    files: { [`f${i % 4}.ts`]: `export const v = ${i};\n` },
  }));
  sim = await startGitHubSimulator({
    clock,
    rateLimits: { anonymous: 1000, authenticated: 1000 },
    candidates: [
      assembleCandidate({
        login: "sim-user",
        repos: [
          honestHistory({ login: "sim-user", commits: 12 }),
          forkWithOwnWork({ login: "sim-user", own: 4 }),
          emptyRepository({ login: "sim-user" }),
          renamedRepository({ login: "sim-user", commits: 5 }),
        ],
      }),
    ],
    repos: [{ owner: "sim-user", name: "paged", commits: linked }],
  });
});
afterAll(() => sim.stop());

describe("listing and pagination", () => {
  test("Link header pages through the commits, newest first, with prev/next/last/first", async () => {
    const first = await get("/repos/sim-user/paged/commits?per_page=10");
    const link = first.headers.get("link")!;
    expect(link).toContain('rel="next"');
    expect(link).toMatch(/page=4>; rel="last"/);
    expect(link).not.toContain('rel="prev"');
    const pages = [await first.json()];
    for (let p = 2; p <= 4; p++) pages.push(await json(`/repos/sim-user/paged/commits?per_page=10&page=${p}`));
    const last = await get("/repos/sim-user/paged/commits?per_page=10&page=4");
    expect(last.headers.get("link")).toContain('rel="prev"');
    expect(last.headers.get("link")).toContain('rel="first"');
    expect(last.headers.get("link")).not.toContain('rel="next"');
    const all = pages.flat() as Array<{ commit: { message: string; author: { date: string } } }>;
    expect(all).toHaveLength(35);
    expect(all[0]!.commit.message).toBe("change 34");
    expect(all[34]!.commit.message).toBe("change 0");
    expect(await json("/repos/sim-user/paged/commits?per_page=10&page=9")).toEqual([]);
  });

  test("per_page=1 + rel=last counts commits in one call", async () => {
    const res = await get("/repos/sim-user/paged/commits?per_page=1");
    expect(res.headers.get("link")).toMatch(/page=35>; rel="last"/);
  });

  test("author= matches every email linked to the login (noreply included); unlinked emails give author null", async () => {
    const all = await json<Json[]>("/repos/sim-user/paged/commits?per_page=100");
    const mine = await json<Json[]>("/repos/sim-user/paged/commits?per_page=100&author=sim-user");
    const unlinked = all.filter((c) => c.author === null);
    expect(unlinked.map((c) => c.commit.author.email)).toEqual(Array(unlinked.length).fill("sim-user@laptop.local"));
    expect(mine).toHaveLength(35 - unlinked.length);
    expect(mine.every((c) => c.author.login === "sim-user")).toBe(true);
    expect(mine.some((c) => c.commit.author.email.endsWith("@users.noreply.github.com"))).toBe(true);
    const byEmail = await json<Json[]>("/repos/sim-user/paged/commits?per_page=100&author=sim-user@laptop.local");
    expect(byEmail).toHaveLength(unlinked.length);
  });

  test("user repositories page with /user/{id}/repos links; unknown users 404", async () => {
    const res = await get("/users/sim-user/repos?per_page=2");
    expect(res.headers.get("link")).toMatch(/\/user\/\d+\/repos\?per_page=2&page=2>; rel="next"/);
    const all = await json<Json[]>("/users/sim-user/repos?per_page=100");
    expect(all.map((r) => r.name)).toEqual(["fastcsv", "future-idea", "paged", "trailmap", "weather-dash"]);
    expect(all.find((r) => r.name === "fastcsv").fork).toBe(true);
    expect(all.find((r) => r.name === "fastcsv").parent).toBeUndefined(); // listings omit it, like GitHub
    expect((await get("/users/ghost-user/repos")).status).toBe(404);
  });
});

describe("repositories", () => {
  test("a fork names parent and source; compare counts what it has beyond the parent", async () => {
    const repo = await json("/repos/sim-user/fastcsv");
    expect(repo.fork).toBe(true);
    expect(repo.parent.full_name).toBe("upstream-org/fastcsv");
    expect(repo.source.full_name).toBe("upstream-org/fastcsv");
    const cmp = await json("/repos/sim-user/fastcsv/compare/upstream-org:main...main");
    expect(cmp.status).toBe("ahead");
    expect(cmp.ahead_by).toBe(4);
    expect(cmp.behind_by).toBe(0);
    expect(cmp.commits.map((c: Json) => c.author.login)).toEqual(["sim-user", "sim-user", "sim-user", "sim-user"]);
  });

  test("the parent moving on makes the fork diverged (objects shared through alternates)", async () => {
    await sim.push(
      "upstream-org/fastcsv",
      [
        {
          author: { name: "m", email: "maint-ana@upstream.example.org" },
          authorDate: "2025-12-01T10:00:00Z",
          message: "upstream fix",
          files: { "NEWS.md": "x\n" },
        },
      ],
      "2025-12-01T10:05:00Z",
    );
    const cmp = await json("/repos/sim-user/fastcsv/compare/upstream-org:main...main");
    expect(cmp.status).toBe("diverged");
    expect([cmp.ahead_by, cmp.behind_by]).toEqual([4, 1]);
    expect((await json("/repos/upstream-org/fastcsv")).pushed_at).toBe("2025-12-01T10:05:00Z");
  });

  test("a renamed repository answers 301 to /repositories/{id}, subpaths and query kept", async () => {
    const res = await get("/repos/sim-user/trail-planner/commits?per_page=1");
    expect(res.status).toBe(301);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/\/repositories\/\d+\/commits\?per_page=1$/);
    const followed = await fetch(location);
    expect(followed.status).toBe(200);
    sim.rename("sim-user/paged", "paged-2");
    expect((await get("/repos/sim-user/paged")).status).toBe(301);
    expect((await json("/repos/sim-user/paged-2")).full_name).toBe("sim-user/paged-2");
    sim.rename("sim-user/paged-2", "paged");
  });

  test("an empty repository: 409 on commits, 404 on contents, 204 on stats, no languages", async () => {
    expect((await get("/repos/sim-user/future-idea/commits")).status).toBe(409);
    const contents = await get("/repos/sim-user/future-idea/contents/");
    expect(contents.status).toBe(404);
    expect((await contents.json()).message).toBe("This repository is empty.");
    expect((await get("/repos/sim-user/future-idea/stats/contributors")).status).toBe(204);
    expect(await json("/repos/sim-user/future-idea/languages")).toEqual({});
    expect((await json("/repos/sim-user/future-idea")).size).toBe(0);
  });

  test("contributor statistics answer 202 first, then weekly totals per linked author", async () => {
    expect((await get("/repos/sim-user/weather-dash/stats/contributors")).status).toBe(202);
    const stats = await json<Json[]>("/repos/sim-user/weather-dash/stats/contributors");
    expect(stats).toHaveLength(1);
    expect(stats[0].author.login).toBe("sim-user");
    expect(stats[0].total).toBe(12);
    expect(stats[0].weeks.reduce((n: number, w: Json) => n + w.c, 0)).toBe(12);
    expect(stats[0].weeks.every((w: Json) => new Date(w.w * 1000).getUTCDay() === 0)).toBe(true);
  });

  test("a commit by sha carries stats and files; a bad ref is 422; contents decode", async () => {
    const [c] = await json<Json[]>("/repos/sim-user/paged/commits?per_page=1");
    const detail = await json(`/repos/sim-user/paged/commits/${c.sha}`);
    expect(detail.files.map((f: Json) => f.filename)).toEqual(["f2.ts"]);
    expect(detail.stats).toEqual({ total: 2, additions: 1, deletions: 1 });
    expect((await get("/repos/sim-user/paged/commits/0000000")).status).toBe(422);
    const pkg = await json("/repos/sim-user/weather-dash/contents/package.json");
    expect(JSON.parse(Buffer.from(pkg.content, "base64").toString()).dependencies).toHaveProperty("react");
    expect((await get("/repos/sim-user/weather-dash/contents/nope.md")).status).toBe(404);
  });
});

describe("conditional requests and rate limits", () => {
  test("ETag + If-None-Match -> 304; free when authenticated, counted when anonymous", async () => {
    const auth = { authorization: "token etag-test" };
    const first = await get("/users/sim-user", auth);
    const etag = first.headers.get("etag")!;
    const before = sim.rateLimit.state("etag-test").remaining;
    const again = await get("/users/sim-user", { ...auth, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(sim.rateLimit.state("etag-test").remaining).toBe(before);
    const anonBefore = sim.rateLimit.state().remaining;
    expect((await get("/users/sim-user", { "if-none-match": etag })).status).toBe(304);
    expect(sim.rateLimit.state().remaining).toBe(anonBefore - 1);
    expect((await get("/users/sim-user", { ...auth, "if-none-match": 'W/"other"' })).status).toBe(200);
  });

  test("an exhausted budget answers 403 (or 429) with remaining 0 and the reset, until the clock passes it", async () => {
    const resetAt = clock.now() + 30 * 60_000;
    sim.rateLimit.exhaust({ resetAt });
    const res = await get("/users/sim-user");
    expect(res.status).toBe(403);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBe(resetAt / 1000);
    expect((await res.json()).message).toContain("API rate limit exceeded");
    expect((await get("/rate_limit")).status).toBe(200); // rate_limit itself is never limited
    sim.rateLimit.exhaust({ resetAt, status: 429 });
    expect((await get("/users/sim-user")).status).toBe(429);
    clock.set(resetAt);
    const after = await get("/users/sim-user");
    expect(after.status).toBe(200);
    expect(Number(after.headers.get("x-ratelimit-remaining"))).toBe(999);
    sim.rateLimit.reset();
  });

  test("a small window runs out by itself", async () => {
    sim.rateLimit.set({ remaining: 2 }, "tiny");
    const auth = { authorization: "token tiny" };
    expect((await get("/users/sim-user", auth)).status).toBe(200);
    expect((await get("/users/sim-user", auth)).status).toBe(200);
    expect((await get("/users/sim-user", auth)).status).toBe(403);
    expect((await get("/users/sim-user", { authorization: "token other" })).status).toBe(200);
    sim.rateLimit.reset();
  });

  test("a queued secondary limit answers with retry-after and GitHub's message", async () => {
    sim.rateLimit.secondary({ count: 1, retryAfterSec: 7 });
    const res = await get("/users/sim-user");
    expect(res.status).toBe(403);
    expect(res.headers.get("retry-after")).toBe("7");
    expect((await res.json()).message).toContain("secondary rate limit");
    expect((await get("/users/sim-user")).status).toBe(200);
  });
});

describe("faults, latency and the call log", () => {
  test("injected 5xx hit only matching requests, count times", async () => {
    sim.injectFaults({ status: 503, count: 2, match: "/users/" });
    expect((await get("/rate_limit")).status).toBe(200);
    expect((await get("/users/sim-user")).status).toBe(503);
    expect((await get("/users/sim-user")).status).toBe(503);
    expect((await get("/users/sim-user")).status).toBe(200);
  });

  test("a hanging request never answers until the client gives up", async () => {
    sim.injectFaults({ kind: "hang", count: 1, match: /weather-dash$/ });
    await expect(
      fetch(`${sim.url}/repos/sim-user/weather-dash`, { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
    expect((await get("/repos/sim-user/weather-dash")).status).toBe(200);
  });

  test("latency delays every answer", async () => {
    sim.setLatency(60);
    const t = performance.now();
    await get("/rate_limit");
    expect(performance.now() - t).toBeGreaterThanOrEqual(55);
    sim.setLatency(0);
  });

  test("the call log records path, query, status, cause and request kind", async () => {
    sim.resetCallLog();
    await get("/repos/sim-user/trail-planner");
    await get("/users/sim-user", { authorization: "token log", "if-none-match": "*" });
    expect(sim.callLog.map((c) => [c.path, c.status, c.cause ?? null, c.authenticated, c.conditional])).toEqual([
      ["/repos/sim-user/trail-planner", 301, "redirect", false, false],
      ["/users/sim-user", 304, "not-modified", true, true],
    ]);
    expect(sim.calls("/users/")).toHaveLength(1);
  });
});

test("only listed tokens are accepted when the simulator is given a token list; stop() removes its repositories", async () => {
  const strict = await startGitHubSimulator({
    tokens: ["good"],
    users: [{ login: "solo", createdAt: "2020-01-01T00:00:00Z" }],
  });
  expect((await fetch(`${strict.url}/users/solo`, { headers: { authorization: "token good" } })).status).toBe(200);
  const bad = await fetch(`${strict.url}/users/solo`, { headers: { authorization: "Bearer bad" } });
  expect(bad.status).toBe(401);
  expect((await bad.json()).message).toBe("Bad credentials");
  expect((await fetch(`${strict.url}/users/solo`)).status).toBe(200);
  const root = strict.world.root;
  expect(existsSync(root)).toBe(true);
  await strict.stop();
  expect(existsSync(root)).toBe(false);
});

describe("per-repository failures", () => {
  test("a blocked repository is still listed but answers 451 to every call; unblocked it answers again", async () => {
    const s = await startGitHubSimulator({
      users: [{ login: "dmca-dev", createdAt: "2019-01-01T00:00:00Z", emails: ["d@example.com"] }],
      repos: [
        {
          owner: "dmca-dev",
          name: "tool",
          blocked: true,
          commits: [
            { author: { name: "d", email: "d@example.com" }, authorDate: "2024-01-01T00:00:00Z", message: "x" },
          ],
        },
      ],
    });
    try {
      const listed = (await (await fetch(`${s.url}/users/dmca-dev/repos`)).json()) as Array<{ name: string }>;
      expect(listed.map((r) => r.name)).toEqual(["tool"]);
      for (const path of ["", "/commits", "/languages", "/contents/"]) {
        const res = await fetch(`${s.url}/repos/dmca-dev/tool${path}`);
        expect(res.status).toBe(451);
        expect(((await res.json()) as { block?: { reason: string } }).block?.reason).toBe("dmca");
      }
      s.block("dmca-dev/tool", false);
      expect((await fetch(`${s.url}/repos/dmca-dev/tool`)).status).toBe(200);
    } finally {
      await s.stop();
    }
  });

  test("a commit GitHub cannot render answers 500 'diff is taking too long'; its listing still works", async () => {
    const s = await startGitHubSimulator({
      users: [{ login: "big-dev", createdAt: "2019-01-01T00:00:00Z", emails: ["b@example.com"] }],
      repos: [
        {
          owner: "big-dev",
          name: "dump",
          diffTimeoutAbove: 100,
          commits: [
            {
              author: { name: "b", email: "b@example.com" },
              authorDate: "2024-01-01T00:00:00Z",
              message: "dump",
              files: { "big.txt": `${Array.from({ length: 500 }, (_, i) => i).join("\n")}\n` },
            },
          ],
        },
      ],
    });
    try {
      const list = (await (await fetch(`${s.url}/repos/big-dev/dump/commits`)).json()) as Array<{ sha: string }>;
      const res = await fetch(`${s.url}/repos/big-dev/dump/commits/${list[0]!.sha}`);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).toContain("diff is taking too long");
    } finally {
      await s.stop();
    }
  });
});
