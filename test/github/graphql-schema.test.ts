import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { validate } from "@octokit/graphql-schema";
import { parse } from "graphql";
import { evidenceQuery, historyQuery, OWNER_QUERY } from "../../src/github/graphql/graphql-queries.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { type GitHubSimulator, startGitHubSimulator } from "../support/github-sim/github-simulator.ts";
import { queryCost } from "../support/github-sim/graphql/github-schema.ts";
import { assembleCandidate, honestHistory } from "../support/github-sim/scenarios/index.ts";

/** A GraphQL answer as the tests read it: data and errors are free-form JSON. */
// biome-ignore lint/suspicious/noExplicitAny: free-form JSON read by assertions
type GraphqlAnswer = { data?: any; errors?: any; [key: string]: unknown };

describe("the client's GraphQL queries against GitHub's published schema (@octokit/graphql-schema)", () => {
  const queries: Array<[string, string]> = [
    ["Owner", OWNER_QUERY],
    ...[1, 3, 10].map((n): [string, string] => [`Evidence x${n}`, evidenceQuery(n)]),
    ["Evidence x4, the first with its second page from an anchor", evidenceQuery(4, [true])],
    ["Evidence x3, all three with their second page", evidenceQuery(3, [true, true, true])],
    ...[1, 10].map((n): [string, string] => [`History x${n}`, historyQuery(n)]),
  ];
  test.each(queries)("%s is valid", (_name, query) => {
    expect(validate(query).map((e) => e.message)).toEqual([]);
  });

  test("the schema check would catch a field GitHub does not have", () => {
    expect(validate('query { repository(owner: "a", name: "b") { commitz } }').length).toBeGreaterThan(0);
  });

  test("point costs stay small: an evidence query of 10 repositories costs about 40 points of 5,000", () => {
    const vars = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [
        [`o${i}`, "a"],
        [`n${i}`, "b"],
      ]).flat(),
    );
    expect(queryCost(parse(evidenceQuery(10)), vars).cost).toBeLessThanOrEqual(45);
    expect(queryCost(parse(OWNER_QUERY), { login: "a", withRepos: true }).cost).toBeLessThanOrEqual(2);
  });

  test("a second page asked from an anchor costs what its cursor query would: one point per 100 commits", () => {
    const vars = { o0: "a", n0: "b", p0: "0".repeat(40), h0: "0".repeat(40), c0: "x" };
    const plain = queryCost(parse(evidenceQuery(4)), vars).requests;
    const anchored = queryCost(parse(evidenceQuery(4, [true])), vars).requests;
    expect(anchored - plain).toBe(queryCost(parse(historyQuery(1)), vars).requests);
  });
});

describe("simulator GraphQL", () => {
  const clock = new ManualClock();
  let sim: GitHubSimulator;
  beforeAll(async () => {
    sim = await startGitHubSimulator({
      clock,
      candidates: [assembleCandidate({ login: "gq", repos: [honestHistory({ login: "gq", commits: 12 })] })],
    });
  });
  afterAll(() => sim.stop());
  const post = async (query: string, variables: Record<string, unknown> = {}, token: string | null = "tok") => {
    const res = await fetch(`${sim.url}/graphql`, {
      method: "POST",
      headers: token ? { authorization: `bearer ${token}` } : {},
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as GraphqlAnswer };
  };

  test("GitHub's documented cost example: 1 + 100 + 5,000 requests = 51 points", () => {
    const q = `query { viewer { login repositories(first: 100) { edges { node { id issues(first: 50) { edges {
      node { id labels(first: 60) { edges { node { id name } } } } } } } } } } }`;
    expect(queryCost(parse(q))).toMatchObject({ requests: 5101, cost: 51 });
  });

  test("answers with data, spends the computed cost from the token's GraphQL window and reports it in rateLimit", async () => {
    const before = sim.rateLimit.graphqlState("tok").remaining;
    const coreBefore = sim.rateLimit.state("tok").remaining;
    const vars = { o0: "gq", n0: "weather-dash" };
    const { status, headers, body } = await post(evidenceQuery(1), vars);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const cost = queryCost(parse(evidenceQuery(1)), vars).cost;
    expect(body.data.rateLimit.cost).toBe(cost);
    expect(body.data.rateLimit.remaining).toBe(before - cost);
    expect(headers.get("x-ratelimit-resource")).toBe("graphql");
    expect(sim.rateLimit.state("tok").remaining).toBe(coreBefore); // REST's budget is another one
    const history = body.data.r0.defaultBranchRef.target.history;
    expect(history.totalCount).toBe(12);
    expect(history.nodes[0]).toMatchObject({ additions: expect.any(Number), author: { user: { login: "gq" } } });
  });

  test("refuses what GitHub refuses: no token (401), a field outside the schema, more than 100 records", async () => {
    expect((await post("query { viewer { login } }", {}, null)).status).toBe(401);
    const bad = await post("query { viewer { loginz } }");
    expect(bad.status).toBe(200);
    expect(bad.body.errors[0].message).toContain("loginz");
    const many = await post(`query { repositoryOwner(login: "gq") { repositories(first: 101) { totalCount } } }`);
    expect(many.body.errors[0].type).toBe("EXCESSIVE_PAGINATION");
  });

  test("object(expression:) reads rev-parse's ancestry steps: HEAD~N is the Nth first parent down the history", async () => {
    const q = `query($o: String!, $n: String!) { repository(owner: $o, name: $n) {
      head: object(expression: "HEAD") { oid } back5: object(expression: "HEAD~5") { oid }
      back11: object(expression: "HEAD~11") { oid } beyond: object(expression: "HEAD~12") { oid }
      parent: object(expression: "HEAD^") { oid } } }`;
    const { body } = await post(q, { o: "gq", n: "weather-dash" });
    const r = body.data.repository;
    const shas = (
      (await (
        await fetch(`${sim.url}/repos/gq/weather-dash/commits?per_page=100`, {
          headers: { authorization: "bearer tok" },
        })
      ).json()) as Array<{ sha: string }>
    ).map((c) => c.sha);
    // a straight history of 12 commits, newest first: HEAD~N is the (N+1)th
    expect(r.head.oid).toBe(shas[0]);
    expect(r.back5.oid).toBe(shas[5]);
    expect(r.parent.oid).toBe(shas[1]);
    expect(r.back11.oid).toBe(shas[11]);
    expect(r.beyond).toBeNull();
  });

  test("a spent GraphQL budget answers RATE_LIMITED", async () => {
    sim.rateLimit.set({ remaining: 0 }, "spent#graphql");
    const { body, headers } = await post(OWNER_QUERY, { login: "gq", withRepos: false }, "spent");
    expect(body.errors[0].type).toBe("RATE_LIMITED");
    expect(headers.get("x-ratelimit-remaining")).toBe("0");
  });
});
