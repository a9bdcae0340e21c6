import { describe, expect, test } from "bun:test";
import type { GraphqlClient } from "../../src/github/graphql/graphql-client.ts";
import type { GqlCommit, GqlHistory } from "../../src/github/graphql/graphql-queries.ts";
import { readHistories } from "../../src/github/graphql/history-read.ts";
import { GitHubHttpCache } from "../../src/github/http-cache-store.ts";
import type { GhRepo } from "../../src/github/types.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { memoryDb } from "../support/memory-db.ts";

const repo = (name: string): GhRepo => ({
  fullName: `dev/${name}`,
  owner: "dev",
  name,
  fork: false,
  description: null,
  homepage: null,
  topics: [],
  language: null,
  defaultBranch: "main",
  createdAt: "2024-01-01T00:00:00Z",
  pushedAt: null,
  updatedAt: "2024-01-01T00:00:00Z",
  size: 1,
  stargazers: 0,
  archived: false,
});
const commit = (i: number) => ({ oid: `c${i}` }) as GqlCommit;

/** a fake GitHub holding one linear history per repository, newest first; counts queries */
function fakeGithub(histories: Record<string, string[]>) {
  const queries: string[] = [];
  const page = (list: string[], from: number, head: string): GqlHistory => {
    const nodes = list.slice(from, from + 100);
    const end = from + nodes.length - 1;
    return {
      totalCount: list.length,
      pageInfo: { hasNextPage: end < list.length - 1, endCursor: `${head} ${end}` },
      nodes: nodes.map((oid) => ({ oid }) as GqlCommit),
    };
  };
  const client: GraphqlClient = {
    points: () => 0,
    rateLimit: () => null,
    async query<T>(text: string, vars: Record<string, unknown> = {}): Promise<T> {
      queries.push(text.startsWith("query Evidence") ? "evidence" : "history");
      const out: Record<string, unknown> = {};
      for (let k = 0; vars[`n${k}`] !== undefined; k++) {
        const list = histories[String(vars[`n${k}`])]!;
        if (text.startsWith("query Evidence"))
          out[`r${k}`] = {
            languages: null,
            root: null,
            defaultBranchRef: { name: "main", target: { oid: list[0], history: page(list, 0, list[0]!) } },
          };
        else {
          const from = Number(String(vars[`c${k}`]).split(" ")[1]) + 1;
          const anchored = list.slice(list.indexOf(String(vars[`h${k}`])));
          out[`r${k}`] = { object: { history: page(anchored, from, String(vars[`h${k}`])) } };
        }
      }
      return out as T;
    },
  };
  return { client, queries };
}

const ids = (n: number, prefix = "c") => Array.from({ length: n }, (_, i) => `${prefix}${n - i}`);
const opts = (db = memoryDb()) => ({
  maxPages: 3,
  cache: new GitHubHttpCache(db),
  partition: "p",
  origin: "https://api.github.com",
  clock: new ManualClock(),
});

describe("readHistories", () => {
  test("several repositories share each request; further pages only for those that have more", async () => {
    const gh = fakeGithub({ a: ids(250), b: ids(30), c: ids(120) });
    const reads = await readHistories(gh.client, [repo("a"), repo("b"), repo("c")], opts());
    expect(gh.queries).toEqual(["evidence", "history", "history"]);
    expect(reads.map((r) => [r?.nodes.length, r?.complete])).toEqual([
      [250, true],
      [30, true],
      [120, true],
    ]);
    expect(reads[0]!.nodes.at(-1)).toEqual(commit(1));
  });

  test("a history longer than the pages allowed costs no page: it is left to the REST path", async () => {
    const gh = fakeGithub({ huge: ids(5000) });
    const [read] = await readHistories(gh.client, [repo("huge")], opts());
    expect(gh.queries).toEqual(["evidence"]);
    expect(read!.complete).toBe(false);
  });

  test("after a push the first page holds the cached head: the cached commits complete the history", async () => {
    const db = memoryDb();
    const before = ids(250);
    await readHistories(fakeGithub({ a: before }).client, [repo("a")], opts(db));
    const pushed = ["n2", "n1", ...before];
    const gh = fakeGithub({ a: pushed });
    const [read] = await readHistories(gh.client, [repo("a")], opts(db));
    expect(gh.queries).toEqual(["evidence"]);
    expect(read!.fromCache).toBe(true);
    expect(read!.nodes.map((n) => n.oid)).toEqual(pushed);
    // a rewritten history (the cached head gone) is read again in full
    const rewritten = ids(250, "r");
    const again = fakeGithub({ a: rewritten });
    const [fresh] = await readHistories(again.client, [repo("a")], opts(db));
    expect(again.queries).toEqual(["evidence", "history", "history"]);
    expect(fresh!.nodes.map((n) => n.oid)).toEqual(rewritten);
  });
});
