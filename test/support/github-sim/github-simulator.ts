import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Clock, systemClock } from "../../../src/lib/clock.ts";
import { sha256Hex } from "../../../src/lib/ids.ts";
import type { CommitSpec } from "./git-writer.ts";
import { errorJson } from "./github-json.ts";
import { answerGraphql, graphqlIdentity } from "./graphql/graphql-endpoint.ts";
import type { SimAnswer } from "./pagination.ts";
import type { CandidateSpec } from "./scenarios/candidate.ts";
import {
  ANONYMOUS,
  type CallLogEntry,
  FaultQueue,
  type FaultSpec,
  RateLimiter,
  type RateLimitOptions,
} from "./sim-controls.ts";
import { SimRoutes } from "./sim-routes.ts";
import { type RepoSpec, SimWorld, type UserSpec } from "./sim-world.ts";

export interface GitHubSimulatorOptions {
  /** candidates assembled from the scenario library (users and repositories are built in order) */
  candidates?: CandidateSpec[];
  users?: UserSpec[];
  repos?: RepoSpec[];
  /** drives rate-limit windows; default the system clock */
  clock?: Clock;
  /** web base used in html_url fields; default https://github.com */
  htmlBase?: string;
  /** when set, only these tokens are accepted (others answer 401 Bad credentials) */
  tokens?: string[];
  rateLimits?: RateLimitOptions;
  /** directory for the bare git repositories; default a fresh temp dir, removed by stop() */
  dir?: string;
}

/** Rate-limit controls for tests: empty the budget, set a window, queue secondary-limit answers. */
export interface RateLimitControl {
  exhaust(opts?: { resetAt?: number; status?: 403 | 429 }): void;
  set(patch: { limit?: number; remaining?: number; resetAt?: number }, token?: string): void;
  secondary(opts?: { count?: number; retryAfterSec?: number; status?: 403 | 429 }): void;
  /** the current window of a token (or of anonymous requests) */
  state(token?: string): { limit: number; remaining: number; used: number; resetAt: number };
  /** a token's GraphQL window (points) */
  graphqlState(token: string): { limit: number; remaining: number; used: number; resetAt: number };
  reset(): void;
}

export interface GitHubSimulator {
  /** API base URL, e.g. http://127.0.0.1:43121 (use as GITHUB_API_URL / baseUrl) */
  url: string;
  world: SimWorld;
  /** every answered request, in order (live array) */
  callLog: CallLogEntry[];
  /** the log filtered by path substring or predicate */
  calls(filter?: string | ((c: CallLogEntry) => boolean)): CallLogEntry[];
  resetCallLog(): void;
  /** delay every answer by `ms` */
  setLatency(ms: number): void;
  injectFaults(spec: FaultSpec): void;
  clearFaults(): void;
  rateLimit: RateLimitControl;
  /** builds a candidate's accounts and repositories into the running simulator */
  load(candidate: CandidateSpec): Promise<void>;
  /** pushes commits to a repository (pushed_at moves to `pushedAt`) */
  push(fullName: string, commits: CommitSpec[], pushedAt: string): Promise<void>;
  /** renames a repository: the old name answers 301 from now on */
  rename(fullName: string, newName: string): void;
  /** blocks a repository (451 on every /repos call, still listed), or unblocks it */
  block(fullName: string, blocked?: boolean): void;
  /** GET /commits/{sha} of this commit answers 500 "this diff is taking too long to generate" */
  failDiff(fullName: string, sha: string): void;
  /** the next `requests` GET /stats/contributors of this repository answer 202 while GitHub "computes" */
  statsComputing(fullName: string, requests: number): void;
  /** false: POST /graphql answers 404, as on a GitHub Enterprise server without GraphQL (default true) */
  setGraphql(enabled: boolean): void;
  stop(): Promise<void>;
}

const tokenOf = (req: Request): string | null => {
  const h = req.headers.get("authorization");
  const m = h?.match(/^(?:token|bearer)\s+(.+)$/i);
  return m ? m[1]!.trim() : null;
};

/** Weak ETag of a JSON body, as GitHub sends: W/"<sha256>". */
const etagOf = (body: string) => `W/"${sha256Hex(body)}"`;
const etagMatches = (header: string | null, etag: string) =>
  !!header &&
  header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag.replace(/^W\//, "") || t.trim() === "*");

/**
 * A GitHub REST server on 127.0.0.1 (port 0) backed by real git repositories: shapes, pagination,
 * redirects, ETag/304, rate limits and faults behave like GitHub's so the client is tested for real.
 */
export async function startGitHubSimulator(opts: GitHubSimulatorOptions = {}): Promise<GitHubSimulator> {
  const clock = opts.clock ?? systemClock;
  const ownDir = !opts.dir;
  const root = opts.dir ?? mkdtempSync(join(tmpdir(), "claimcheck-ghsim-"));
  const world = new SimWorld(root);
  const limiter = new RateLimiter(clock, opts.rateLimits);
  const faults = new FaultQueue();
  const callLog: CallLogEntry[] = [];
  const tokens = opts.tokens ? new Set(opts.tokens) : null;
  let latencyMs = 0;
  let graphqlEnabled = true;
  const pending = new Set<() => void>();
  const searchWindows = new Map<string, { resetAt: number; used: number }>();
  const searchHeaders = (identity: string, authenticated: boolean): Record<string, string> => {
    let w = searchWindows.get(identity);
    if (!w || clock.now() >= w.resetAt) {
      w = { resetAt: clock.now() + 60_000, used: 0 };
      searchWindows.set(identity, w);
    }
    w.used++;
    const limit = authenticated ? 30 : 10;
    return {
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(Math.max(0, limit - w.used)),
      "x-ratelimit-reset": String(Math.floor(w.resetAt / 1000)),
      "x-ratelimit-used": String(w.used),
      "x-ratelimit-resource": "search",
    };
  };
  let stopped = false;

  /** waits `ms` unless the simulator stops first */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pending.delete(done);
        resolve();
      };
      const timer = ms === Infinity ? undefined : setTimeout(done, ms);
      pending.add(done);
    });

  const ctx = { api: "", html: opts.htmlBase ?? "https://github.com" };
  const routes = new SimRoutes(world, ctx);

  const respond = (answer: SimAnswer, extra: Record<string, string>, method: string): Response => {
    const headers = new Headers({ ...extra, ...answer.headers });
    if (answer.body === undefined || answer.status === 204 || answer.status === 304)
      return new Response(null, { status: answer.status, headers });
    headers.set("content-type", "application/json; charset=utf-8");
    const text = JSON.stringify(answer.body);
    return new Response(method === "HEAD" ? null : text, { status: answer.status, headers });
  };

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const token = tokenOf(req);
    const identity = token ?? ANONYMOUS;
    const entry: CallLogEntry = {
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      authenticated: token !== null,
      conditional: req.headers.has("if-none-match"),
      at: clock.now(),
      ...(url.pathname === "/graphql" && req.method === "POST" ? { graphql: true } : {}),
    };
    callLog.push(entry);
    const base: Record<string, string> = {
      "x-github-api-version-selected": "2022-11-28",
      "x-github-request-id": `SIM:${callLog.length}`,
      vary: "Accept, Authorization, Cookie, X-GitHub-OTP",
    };
    const rateHeaders = () => {
      const w = limiter.window(identity);
      return {
        "x-ratelimit-limit": String(w.limit),
        "x-ratelimit-remaining": String(w.remaining),
        "x-ratelimit-reset": String(Math.floor(w.resetAt / 1000)),
        "x-ratelimit-used": String(w.used),
        "x-ratelimit-resource": "core",
      };
    };
    const finish = (answer: SimAnswer, cause?: CallLogEntry["cause"], extra: Record<string, string> = {}) => {
      entry.status = answer.status;
      entry.doneAt = clock.now();
      if (cause) entry.cause = cause;
      return respond(answer, { ...base, ...extra }, req.method);
    };

    if (latencyMs > 0) await pause(latencyMs);
    const fault = faults.take(url.pathname);
    if (fault?.kind === "hang") {
      await pause(Infinity);
      return finish({ status: 503, body: errorJson(503, "Service Unavailable") }, "fault");
    }
    if (fault) return finish({ status: fault.status, body: errorJson(fault.status, "Server Error") }, "fault");
    if (stopped) return finish({ status: 503, body: errorJson(503, "Service Unavailable") }, "fault");

    if (tokens && token !== null && !tokens.has(token)) {
      return finish({ status: 401, body: errorJson(401, "Bad credentials", "https://docs.github.com/rest") });
    }
    const secondary = limiter.takeSecondary();
    if (secondary) {
      const body = errorJson(
        secondary.status,
        "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
        "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
      );
      return finish({ status: secondary.status, body }, "secondary-rate-limit", {
        "retry-after": String(secondary.retryAfterSec),
        ...rateHeaders(),
      });
    }
    if (entry.graphql) {
      if (!graphqlEnabled)
        return finish({ status: 404, body: errorJson(404, "Not Found", "https://docs.github.com/graphql") });
      const answer = await answerGraphql(world, limiter, token, await req.text());
      return finish(
        answer,
        answer.body &&
          (answer.body as { errors?: Array<{ type?: string }> }).errors?.some((e) => e.type === "RATE_LIMITED")
          ? "rate-limit"
          : undefined,
      );
    }
    if (url.pathname.startsWith("/search/")) {
      // search has its own bucket (30 a minute with a token, 10 without), named by x-ratelimit-resource;
      // its window is reported, not enforced here
      const answer = await routes.handle(req.method, url, () => limiter.window(identity));
      const extra: Record<string, string> = searchHeaders(identity, token !== null);
      // a search answer carries its weak ETag too, as every GitHub JSON answer does
      if (answer.status === 200) extra.etag = etagOf(JSON.stringify(answer.body));
      return finish(answer, undefined, extra);
    }
    const counted = url.pathname !== "/rate_limit";
    if (counted && !limiter.spend(identity)) {
      const status = limiter.exhaustedAnswerStatus();
      const body = errorJson(
        status,
        `API rate limit exceeded for ${token ? "user" : "127.0.0.1"}. (But here's the good news: Authenticated requests get a higher rate limit.)`,
        "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-primary-rate-limits",
      );
      return finish({ status, body }, "rate-limit", rateHeaders());
    }

    const answer = await routes.handle(req.method, url, () => limiter.window(identity));
    if (answer.status === 301) return finish(answer, "redirect", rateHeaders());
    if (answer.status === 200 && answer.body !== undefined) {
      const etag = etagOf(JSON.stringify(answer.body));
      const cache = token ? "private, max-age=60, s-maxage=60" : "public, max-age=60, s-maxage=60";
      if (etagMatches(req.headers.get("if-none-match"), etag)) {
        if (token && counted) limiter.refund(identity); // a 304 is free when authenticated
        return finish({ status: 304 }, "not-modified", { etag, "cache-control": cache, ...rateHeaders() });
      }
      return finish(answer, undefined, { etag, "cache-control": cache, ...rateHeaders() });
    }
    return finish(answer, undefined, rateHeaders());
  };

  // a request whose work fails (its git process killed by stop(), a broken world) is answered 500, as GitHub
  // answers its own faults; after stop() nobody reads the answer. Never an error thrown out of the server.
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (req) =>
      handle(req).catch((err: unknown) =>
        Response.json(
          { message: stopped ? "the simulator stopped" : `simulator fault: ${String(err)}` },
          { status: 500 },
        ),
      ),
  });
  ctx.api = `http://127.0.0.1:${server.port}`;

  const load = async (c: CandidateSpec) => {
    for (const u of c.users) world.addUser(u);
    for (const r of c.repos) if (!world.repo(`${r.owner}/${r.name}`)) await world.addRepo(r);
  };
  try {
    for (const u of opts.users ?? []) world.addUser(u);
    for (const c of opts.candidates ?? []) await load(c);
    for (const r of opts.repos ?? []) await world.addRepo(r);
  } catch (err) {
    server.stop(true);
    if (ownDir) rmSync(root, { recursive: true, force: true });
    throw err;
  }

  const identityOf = (token?: string) => token ?? ANONYMOUS;
  return {
    url: ctx.api,
    world,
    callLog,
    calls: (filter) =>
      callLog.filter((c) =>
        filter === undefined ? true : typeof filter === "string" ? c.path.includes(filter) : filter(c),
      ),
    resetCallLog: () => {
      callLog.length = 0;
    },
    setLatency: (ms) => {
      latencyMs = Math.max(0, ms);
    },
    injectFaults: (spec) => faults.add(spec),
    clearFaults: () => faults.clear(),
    rateLimit: {
      exhaust: (o) => limiter.exhaust(o),
      set: (patch, token) => limiter.set(patch, token === undefined ? undefined : identityOf(token)),
      secondary: (o) => limiter.secondary(o),
      state: (token) => ({ ...limiter.window(identityOf(token)) }),
      graphqlState: (token) => ({ ...limiter.window(graphqlIdentity(token)) }),
      reset: () => limiter.reset(),
    },
    load,
    push: (fullName, commits, pushedAt) => world.push(fullName, commits, pushedAt),
    rename: (fullName, newName) => world.rename(fullName, newName),
    block: (fullName, blocked = true) => {
      const r = world.repo(fullName);
      if (!r) throw new Error(`simulator: repository ${fullName} not found`);
      r.blocked = blocked;
    },
    setGraphql: (enabled) => {
      graphqlEnabled = enabled;
    },
    statsComputing: (fullName, requests) => {
      const r = world.repo(fullName);
      if (!r) throw new Error(`simulator: repository ${fullName} not found`);
      r.statsPending = requests;
    },
    failDiff: (fullName, sha) => {
      const r = world.repo(fullName);
      if (!r) throw new Error(`simulator: repository ${fullName} not found`);
      r.unrenderable.add(sha);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      for (const release of [...pending]) release();
      await server.stop(true);
      if (ownDir) rmSync(root, { recursive: true, force: true });
    },
  };
}
