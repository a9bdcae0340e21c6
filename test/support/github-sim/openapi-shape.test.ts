import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createRequire } from "node:module";
import { type GitHubSimulator, startGitHubSimulator } from "./github-simulator.ts";
import { documentedHeaders, operation, responseSchema, type Schema, validateSchema } from "./openapi-validator.ts";
import {
  assembleCandidate,
  emptyRepository,
  forkWithOwnWork,
  honestHistory,
  renamedRepository,
} from "./scenarios/index.ts";

/**
 * Every endpoint the simulator serves, checked against GitHub's own OpenAPI description
 * (@octokit/openapi, api.github.com, dereferenced): the status is documented for the operation, the
 * body matches the response schema (required keys, declared keys, types, formats), documented headers
 * are sent. 304 and rate-limit answers are cross-cutting (GitHub's REST overview), checked separately.
 */

let spec: Schema;
let sim: GitHubSimulator;

beforeAll(async () => {
  const path = createRequire(import.meta.url).resolve("@octokit/openapi/generated/api.github.com.deref.json");
  spec = (await Bun.file(path).json()) as Schema;
  sim = await startGitHubSimulator({
    candidates: [
      assembleCandidate({
        login: "octo-dev",
        repos: [
          honestHistory({ login: "octo-dev", commits: 40 }),
          forkWithOwnWork({ login: "octo-dev" }),
          emptyRepository({ login: "octo-dev" }),
          renamedRepository({ login: "octo-dev" }),
        ],
      }),
    ],
  });
}, 120_000);
afterAll(() => sim?.stop());

interface Case {
  template: string;
  path: string;
  status: number;
  /** validate against another operation's schema (an undocumented alias of it) */
  schemaOf?: string;
  headers?: string[];
}

/** The root tree of a repository's head commit. */
async function treeSha(fullName: string): Promise<string> {
  const repo = sim.world.repo(fullName)!;
  return (await sim.world.commits(repo))[0]!.tree;
}

async function check(c: Case): Promise<{ errors: string[]; res: Response; body: unknown }> {
  const res = await fetch(sim.url + c.path, { redirect: "manual", headers: { authorization: "token openapi-test" } });
  const text = await res.text();
  const body = text ? JSON.parse(text) : undefined;
  const op = operation(spec, c.schemaOf ?? c.template);
  const errors: string[] = [];
  if (!op) errors.push(`operation GET ${c.template} not in the description`);
  else {
    if (res.status !== c.status) errors.push(`status ${res.status}, expected ${c.status}`);
    if (!op.responses?.[String(res.status)]) errors.push(`status ${res.status} not documented for GET ${c.template}`);
    const schema = responseSchema(op, res.status);
    if (schema && body !== undefined) errors.push(...validateSchema(body, schema));
    for (const h of c.headers ?? []) {
      if (!res.headers.has(h)) errors.push(`header ${h} missing`);
      if (h === "link" && !documentedHeaders(op, res.status).includes("link")) errors.push("Link not documented here");
    }
    // Link is documented as a response header, or by a `page` parameter (the pagination guide: compare)
    const paginated = (op.parameters as Schema[] | undefined)?.some((p) => p.name === "page");
    if (res.headers.has("link") && !documentedHeaders(op, res.status).includes("link") && !paginated)
      errors.push("Link sent but not documented");
  }
  for (const h of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-used"]) {
    if (!res.headers.has(h)) errors.push(`header ${h} missing`);
  }
  if (res.status === 200 && !res.headers.get("etag")?.startsWith('W/"')) errors.push("200 without a weak ETag");
  return { errors, res, body };
}

describe("simulator vs GitHub's OpenAPI description", () => {
  const commitSha = async (repo: string) =>
    ((await (await fetch(`${sim.url}/repos/${repo}/commits?per_page=1`)).json()) as Array<{ sha: string }>)[0]!.sha;

  const cases: Array<Case | (() => Promise<Case>)> = [
    { template: "/users/{username}", path: "/users/octo-dev", status: 200 },
    { template: "/users/{username}", path: "/users/upstream-org", status: 200 },
    { template: "/users/{username}", path: "/users/no-such-user", status: 404 },
    { template: "/users/{username}/repos", path: "/users/octo-dev/repos?per_page=2", status: 200, headers: ["link"] },
    { template: "/users/{username}/repos", path: "/users/octo-dev/repos?per_page=100", status: 200 },
    { template: "/repos/{owner}/{repo}", path: "/repos/octo-dev/weather-dash", status: 200 },
    { template: "/repos/{owner}/{repo}", path: "/repos/octo-dev/fastcsv", status: 200 },
    { template: "/repos/{owner}/{repo}", path: "/repos/octo-dev/future-idea", status: 200 },
    { template: "/repos/{owner}/{repo}", path: "/repos/octo-dev/trail-planner", status: 301, headers: ["location"] },
    { template: "/repos/{owner}/{repo}", path: "/repos/octo-dev/nope", status: 404 },
    {
      template: "/repos/{owner}/{repo}/commits",
      path: "/repos/octo-dev/weather-dash/commits?per_page=10",
      status: 200,
      headers: ["link"],
    },
    {
      template: "/repos/{owner}/{repo}/commits",
      path: "/repos/octo-dev/fastcsv/commits?author=octo-dev&per_page=100",
      status: 200,
    },
    { template: "/repos/{owner}/{repo}/commits", path: "/repos/octo-dev/future-idea/commits", status: 409 },
    {
      template: "/repos/{owner}/{repo}/commits",
      path: "/repos/octo-dev/weather-dash/commits?sha=no-such-branch",
      status: 404,
    },
    async () => ({
      template: "/repos/{owner}/{repo}/commits/{ref}",
      path: `/repos/octo-dev/weather-dash/commits/${await commitSha("octo-dev/weather-dash")}`,
      status: 200,
    }),
    { template: "/repos/{owner}/{repo}/commits/{ref}", path: "/repos/octo-dev/weather-dash/commits/main", status: 200 },
    {
      template: "/repos/{owner}/{repo}/commits/{ref}",
      path: "/repos/octo-dev/weather-dash/commits/deadbeef",
      status: 422,
    },
    { template: "/repos/{owner}/{repo}/commits/{ref}", path: "/repos/octo-dev/future-idea/commits/main", status: 409 },
    {
      template: "/repos/{owner}/{repo}/compare/{basehead}",
      path: "/repos/octo-dev/fastcsv/compare/upstream-org:main...main",
      status: 200,
    },
    {
      template: "/repos/{owner}/{repo}/compare/{basehead}",
      path: "/repos/octo-dev/fastcsv/compare/upstream-org:main...main?per_page=5&page=2",
      status: 200,
    },
    {
      template: "/repos/{owner}/{repo}/compare/{basehead}",
      path: "/repos/octo-dev/fastcsv/compare/main...no-such-ref",
      status: 404,
    },
    { template: "/repos/{owner}/{repo}/languages", path: "/repos/octo-dev/weather-dash/languages", status: 200 },
    { template: "/repos/{owner}/{repo}/languages", path: "/repos/octo-dev/future-idea/languages", status: 200 },
    { template: "/repos/{owner}/{repo}/contents/{path}", path: "/repos/octo-dev/weather-dash/contents/", status: 200 },
    {
      template: "/repos/{owner}/{repo}/contents/{path}",
      path: "/repos/octo-dev/weather-dash/contents/src",
      status: 200,
    },
    {
      template: "/repos/{owner}/{repo}/contents/{path}",
      path: "/repos/octo-dev/weather-dash/contents/package.json",
      status: 200,
    },
    {
      template: "/repos/{owner}/{repo}/contents/{path}",
      path: "/repos/octo-dev/weather-dash/contents/missing.txt",
      status: 404,
    },
    {
      template: "/repos/{owner}/{repo}/stats/contributors",
      path: "/repos/octo-dev/weather-dash/stats/contributors",
      status: 202,
    },
    {
      template: "/repos/{owner}/{repo}/stats/contributors",
      path: "/repos/octo-dev/weather-dash/stats/contributors",
      status: 200,
    },
    {
      template: "/repos/{owner}/{repo}/stats/contributors",
      path: "/repos/octo-dev/future-idea/stats/contributors",
      status: 204,
    },
    { template: "/rate_limit", path: "/rate_limit", status: 200, headers: [] },
    {
      template: "/search/repositories",
      path: "/search/repositories?q=weather%20in:name%20fork:false&sort=stars&per_page=10",
      status: 200,
    },
    async () => ({
      template: "/repos/{owner}/{repo}/git/trees/{tree_sha}",
      path: `/repos/octo-dev/weather-dash/git/trees/${await treeSha("octo-dev/weather-dash")}?recursive=1`,
      status: 200,
    }),
  ];

  test("every endpoint and status matches the description", async () => {
    const failures: string[] = [];
    for (const raw of cases) {
      const c = typeof raw === "function" ? await raw() : raw;
      const { errors } = await check(c);
      for (const e of errors.slice(0, 8)) failures.push(`GET ${c.path} (${c.status}): ${e}`);
    }
    expect(failures).toEqual([]);
  });

  test("the /repositories/{id} redirect target is the same repository object", async () => {
    const moved = await fetch(`${sim.url}/repos/octo-dev/trail-planner`, { redirect: "manual" });
    const location = moved.headers.get("location")!;
    expect(location).toMatch(/\/repositories\/\d+$/);
    const { errors, body } = await check({
      template: "/repositories/{id}",
      schemaOf: "/repos/{owner}/{repo}",
      path: new URL(location).pathname,
      status: 200,
    });
    expect(errors).toEqual([]);
    expect((body as { full_name: string }).full_name).toBe("octo-dev/trailmap");
  });

  test("Link targets (/repositories/{id}/commits, /user/{id}/repos) answer like the documented routes", async () => {
    const first = await fetch(`${sim.url}/repos/octo-dev/weather-dash/commits?per_page=10`);
    const next = first.headers.get("link")!.match(/<([^>]+)>; rel="next"/)![1]!;
    expect(next).toContain("/repositories/");
    const { errors } = await check({
      template: "/repos/{owner}/{repo}/commits",
      path: new URL(next).pathname + new URL(next).search,
      status: 200,
    });
    expect(errors).toEqual([]);
    const repos = await fetch(`${sim.url}/users/octo-dev/repos?per_page=1`);
    const nextRepos = repos.headers.get("link")!.match(/<([^>]+)>; rel="next"/)![1]!;
    expect(nextRepos).toMatch(/\/user\/\d+\/repos\?/);
    const r2 = await check({
      template: "/users/{username}/repos",
      path: new URL(nextRepos).pathname + new URL(nextRepos).search,
      status: 200,
    });
    expect(r2.errors).toEqual([]);
  });

  test("cross-cutting answers: 304 has no body and keeps the ETag; a spent budget answers a Basic Error", async () => {
    const res = await fetch(`${sim.url}/users/octo-dev`, { headers: { authorization: "token shape" } });
    const etag = res.headers.get("etag")!;
    const again = await fetch(`${sim.url}/users/octo-dev`, {
      headers: { authorization: "token shape", "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const basicError = responseSchema(operation(spec, "/repos/{owner}/{repo}")!, 403)!;
    sim.rateLimit.exhaust({ resetAt: Date.now() + 60_000 });
    try {
      const limited = await fetch(`${sim.url}/users/octo-dev`);
      expect(limited.status).toBe(403);
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(validateSchema(await limited.json(), basicError)).toEqual([]);
    } finally {
      sim.rateLimit.reset();
    }
  });
});
