/**
 * Stable pages on the REST path: a re-read after a push reuses the last read anchored at its
 * head commit, and its evidence is exactly a cold read's on the same world; a rewritten history, a merge
 * pushed on top or an unreadable stored read are read in full again.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAnalysis } from "../../src/analysis/run-analysis.ts";
import { createGitHubSource } from "../../src/github/github-source.ts";
import { createEvidenceSource } from "../../src/github/graphql/graphql-source.ts";
import { GitHubHttpCache, tokenPartition } from "../../src/github/http-cache-store.ts";
import { type KnownHistory, nextKnown, ownFromKnown } from "../../src/github/stable-history.ts";
import type { GhCommit, GitHubSource } from "../../src/github/types.ts";
import type { Database } from "../../src/storage/database.ts";
import { measureTypical, typicalCandidate } from "../bench/github-calls.ts";
import type { CommitSpec } from "../support/github-sim/git-writer.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { candidateIdentity, SCENARIO_NOW } from "../support/github-sim/scenarios/index.ts";
import { memoryDb } from "../support/memory-db.ts";

const login = "stable-dev";
const me = { name: "Stable Dev", email: "stable-dev@example.com" };
const other = { name: "Other Dev", email: "other@example.com" };
const T0 = Date.parse("2023-01-02T09:00:00Z");
let at = T0;

/** n commits hours apart; every 5th by another account, so the oldest/newest author tallies matter */
const history = (n: number, from = 0): CommitSpec[] => {
  const start = at;
  at += n * 3_600_000;
  return Array.from({ length: n }, (_, i) => ({
    author: (i + from) % 5 === 3 ? other : me,
    authorDate: start + (i + 1) * 3_600_000,
    message: `Change ${i + from}`,
    files: { [`src/f${(i + from) % 30}.ts`]: `export const v = ${i + from};\n` },
  }));
};

const REPOS = { small: 40, mid: 130, long: 230 } as const;
let sim: GitHubSimulator;

beforeAll(async () => {
  sim = await startGitHubSimulator({
    users: [
      { login, name: "Stable Dev", createdAt: "2018-01-01T00:00:00Z", emails: [me.email] },
      { login: "other-dev", createdAt: "2014-01-01T00:00:00Z", emails: [other.email] },
    ],
    repos: Object.entries(REPOS).map(([name, n]) => ({ owner: login, name, commits: history(n) })),
    // without a token GitHub allows 60 an hour: raised so the reads can be counted
    rateLimits: { anonymous: 5000 },
  });
}, 120_000);
afterAll(async () => {
  await sim?.stop();
});

const push = (name: string, commits: CommitSpec[]) => sim.push(`${login}/${name}`, commits, new Date(at).toISOString());

type Make = (db: Database) => GitHubSource;
const VARIANTS: Array<[string, Make]> = [
  ["REST, no token", (db) => createGitHubSource({ baseUrl: sim.url, token: null, db, backoffUnitMs: 1 })],
  [
    "token, GraphQL disabled",
    (db) => createEvidenceSource({ baseUrl: sim.url, token: "t", db, backoffUnitMs: 1, graphql: false }),
  ],
];

/** the evidence of every repository, and the commit-listing requests it cost */
async function read(make: Make, db: Database, names: readonly string[] = Object.keys(REPOS)) {
  const src = make(db);
  const before = sim.callLog.length;
  const out = [];
  for (const name of names) out.push(await src.repoEvidence((await src.getRepo(login, name))!, login));
  const listings = sim.callLog.slice(before).filter((c) => /\/commits$/.test(c.path));
  return { out, listings };
}

describe.each(VARIANTS)("stable pages (%s)", (_name, make) => {
  test("after a push, only the newest page is read and the evidence is a cold read's", async () => {
    const db = memoryDb();
    const cold0 = await read(make, db);
    // small: 1 page; mid: first, last, author=; long: first, last, author= x3
    expect(cold0.listings.length).toBe(1 + 3 + 5);
    expect(cold0.listings.slice(1).every((c) => c.query.sha === undefined || c.query.sha.length === 40)).toBe(true);
    for (const name of Object.keys(REPOS)) await push(name, history(1, 1000));
    const warm = await read(make, db);
    const cold = await read(make, memoryDb());
    expect(warm.out).toEqual(cold.out);
    // one newest page each, plus one page of the old listing anchored at its head (long's new last page
    // reaches one position into page 2, which the first read skipped)
    expect(warm.listings.map((c) => c.query.page ?? "1")).toEqual(["1", "1", "1", "2"]);
    expect(warm.listings[3]!.query.sha).toBe(cold0.out[2]!.candidateCommits[0]!.sha);
    // a second push: every position needed is known now
    for (const name of Object.keys(REPOS)) await push(name, history(2, 2000));
    const warm2 = await read(make, db);
    expect(warm2.out).toEqual((await read(make, memoryDb())).out);
    expect(warm2.listings.length).toBe(3);
    // nothing pushed: nothing but the newest pages
    const again = await read(make, db);
    expect(again.out).toEqual(warm2.out);
    expect(again.listings.length).toBe(3);
  }, 60_000);

  test("a rewritten history (the old head no longer on the branch) is read in full again", async () => {
    const db = memoryDb();
    await read(make, db, ["mid"]);
    const repo = sim.world.repo(`${login}/mid`)!;
    const reset = Bun.spawnSync(["git", "-C", repo.dir, "update-ref", `refs/heads/${repo.defaultBranch}`, "HEAD~3"]);
    expect(reset.exitCode).toBe(0);
    await push("mid", history(1, 3000));
    const warm = await read(make, db, ["mid"]);
    const cold = await read(make, memoryDb(), ["mid"]);
    expect(warm.out).toEqual(cold.out);
    expect(warm.listings.length).toBe(cold.listings.length);
  }, 120_000);

  test("a merge pushed on top is read in full again: its side history could sit anywhere", async () => {
    const db = memoryDb();
    await read(make, db, ["long"]);
    const [a, b, c] = history(3, 4000);
    await push("long", [a!, b!, { ...c!, message: "Merge branch 'side'", mergeOf: 0 }]);
    const warm = await read(make, db, ["long"]);
    const cold = await read(make, memoryDb(), ["long"]);
    expect(warm.out).toEqual(cold.out);
    expect(warm.listings.length).toBe(cold.listings.length);
  }, 120_000);

  test("an unreadable stored read is ignored: the history is read in full", async () => {
    const db = memoryDb();
    await read(make, db, ["mid"]);
    const cache = new GitHubHttpCache(db);
    const url = `rest:history:${new URL(sim.url).origin}/${login}/mid`;
    const token = _name.startsWith("token") ? "t" : null;
    expect(await cache.get(url, tokenPartition(token))).not.toBeNull();
    await cache.put(tokenPartition(token), { url, etag: null, lastModified: null, headers: {}, body: "{not json" }, 0);
    await push("mid", history(1, 5000));
    const warm = await read(make, db, ["mid"]);
    const cold = await read(make, memoryDb(), ["mid"]);
    expect(warm.out).toEqual(cold.out);
    expect(warm.listings.length).toBe(cold.listings.length);
  }, 120_000);
});

describe("the typical candidate (bench: test/bench/github-calls.ts)", () => {
  const c = typicalCandidate("tess-stable");
  for (const token of [null, "t"] as const)
    test(`warm after a push gives the cold result, over REST ${token ? "with a token" : "without one"}`, async () => {
      const world = await startGitHubSimulator({ candidates: [c.spec], rateLimits: { anonymous: 5000 } });
      try {
        const make = (db: Database) =>
          createEvidenceSource({ baseUrl: world.url, token, db, backoffUnitMs: 1, graphql: false });
        // the result but its own request counters (the point of the warm run is that they differ)
        const analyse = async (db: Database) => ({
          ...(await runAnalysis({ hostUsername: c.spec.login, resume: c.resume, github: make(db) })),
          githubCalls: undefined,
        });
        const db = memoryDb();
        await analyse(db);
        const when = Date.parse(SCENARIO_NOW) - 3_600_000;
        for (const full of c.repos)
          await world.push(
            full,
            [{ author: candidateIdentity(c.spec.login), authorDate: when, message: "Notes", files: { "N.md": "x\n" } }],
            new Date(when).toISOString(),
          );
        expect(await analyse(db)).toEqual(await analyse(memoryDb()));
      } finally {
        await world.stop();
      }
    }, 60_000);

  test("REST warm after a push costs fewer requests than before stable pages; cold no more", async () => {
    const f = await measureTypical("REST, no token", (url, db) =>
      createGitHubSource({ baseUrl: url, token: null, db, backoffUnitMs: 1 }),
    );
    expect(f.cold).toBeLessThanOrEqual(44);
    expect(f.warm).toBeLessThan(39);
  }, 60_000);
});

describe("the stored read", () => {
  const commit = (sha: string, authorLogin: string | null) => ({ sha, authorLogin }) as GhCommit;
  const known = (own: GhCommit[]): KnownHistory => ({
    v: 1,
    head: "h",
    total: 10,
    segments: [],
    own: { login, commits: own },
  });

  test("new commits linked to no account leave the author= listing unknown (GitHub may match their email)", () => {
    const k = known([commit("h", login)]);
    expect(ownFromKnown(k, [commit("n", null)], login, 10)).toBeNull();
    expect(ownFromKnown(k, [commit("n", "other-dev"), commit("m", login)], login, 10)?.map((c) => c.sha)).toEqual([
      "m",
      "h",
    ]);
    expect(ownFromKnown(k, [], "someone-else", 10)).toBeNull();
  });

  test("a listing a cold read would not read whole is not rebuilt", () => {
    const long = Array.from({ length: 950 }, (_, i) => commit(`c${i}`, login));
    expect(ownFromKnown(known(long), [], login, 10)).toBeNull();
    expect(ownFromKnown(known(long.slice(0, 800)), [], login, 10)).toHaveLength(800);
  });

  test("keeps the first page and the last 200 positions, shifted by the commits gained", () => {
    const run = (from: number, n: number) => Array.from({ length: n }, (_, i) => commit(`c${from + i}`, login));
    const before: KnownHistory = { v: 1, head: "c0", total: 500, segments: [{ start: 0, commits: run(0, 100) }] };
    before.segments.push({ start: 300, commits: run(300, 200) });
    const next = nextKnown("n0", 502, [{ start: 0, commits: run(-2, 100) }], { known: before, gained: 2 }, undefined);
    expect(next.segments.map((s) => [s.start, s.commits.length])).toEqual([
      [0, 100],
      [302, 200],
    ]);
    expect(next.segments[1]!.commits[0]!.sha).toBe("c300");
  });
});
