import { type Clock, errorMessage, type Logger, silentLogger, systemClock, untilAborted } from "../lib/index.ts";
import type { Database } from "../storage/index.ts";
import { createConditionalFetch, type GitHubAnswer, type TransportCounters } from "./conditional-fetch.ts";
import type { GitHubResponse } from "./github-response.ts";
import { GitHubHttpCache, tokenPartition } from "./http-cache-store.ts";
import { refuseDotSegments } from "./path-params.ts";
import { processRateGate, RateGate } from "./rate-gate.ts";
import { classifyFailure, type RateLimitSnapshot } from "./rate-limit-policy.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "./types.ts";

export type { GitHubResponse } from "./github-response.ts";

export interface GitHubClientOptions {
  /** REST base URL: https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise */
  baseUrl: string;
  /** optional; without it GitHub allows 60 requests an hour */
  token?: string | null;
  /** database holding github_http_cache (migration 0003); null or absent disables the cache */
  db?: Database | null;
  clock?: Clock;
  userAgent?: string;
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** retries of a 5xx / timeout / connection error before GitHubUnavailableError (default 3) */
  retries?: number;
  /** one backoff "second": retries wait 1, 4, 9 ... units; secondary limits wait retry-after units (default 1000 ms) */
  backoffUnitMs?: number;
  /** per request, body included (default 20 s) */
  requestTimeoutMs?: number;
  /** a secondary limit asking to wait longer than this defers the job instead (default 60 s) */
  maxSecondaryWaitMs?: number;
  logger?: Logger;
  /**
   * the rate-limit gate shared by every job (default: the process's; a client given its own clock gets a
   * private one, so a test's manual time never mixes with real time)
   */
  gate?: RateGate;
  /** the verification's signal: once it aborts, every request (and every wait for one) ends with its reason */
  signal?: AbortSignal;
  /** told how each request went (see GitHubAnswer) */
  onAnswer?: (answer: GitHubAnswer) => void;
}

/** The small GitHub REST surface the fetchers use, with GitHub's failures mapped to the contract's errors. */
export interface GitHubClient {
  /**
   * GET a REST route ("/repos/{owner}/{repo}"). Statuses listed in `accept` (e.g. 404, 409) are returned;
   * others throw GitHubRateLimitedError (budget spent: defer) or GitHubUnavailableError (after retries).
   */
  get<T = unknown>(
    route: string,
    params?: Record<string, string | number | undefined>,
    accept?: readonly number[],
    /** `retries` overrides the client's retry count for this request (e.g. 1 for a diff GitHub may never render) */
    options?: { retries?: number },
  ): Promise<GitHubResponse<T>>;
  /** requests sent, 304s, and immutable cache hits so far */
  readonly counters: Readonly<TransportCounters>;
  /** the last rate-limit window GitHub reported, if any */
  rateLimit(): RateLimitSnapshot | null;
}

interface HttpErrorLike {
  status: number;
  message: string;
  response?: { headers?: Record<string, string | undefined>; data?: unknown };
}

const isHttpError = (e: unknown): e is HttpErrorLike =>
  typeof e === "object" &&
  e !== null &&
  (e as { name?: string }).name === "HttpError" &&
  typeof (e as { status?: unknown }).status === "number";

/** Never retried by plugin-retry: answers that will not change (429 is the throttling plugin's). */
const DO_NOT_RETRY = [400, 401, 403, 404, 409, 410, 422, 429, 451];

/**
 * octokit with its plugins, loaded with the first REST request instead of at start: REST's whole endpoint
 * table and bottleneck are a large part of a server's start, and a token's verifications read GraphQL first.
 */
async function loadOctokit() {
  const [{ Octokit }, { throttling }, { retry }] = await Promise.all([
    import("@octokit/rest"),
    import("@octokit/plugin-throttling"),
    import("@octokit/plugin-retry"),
  ]);
  return Octokit.plugin(throttling, retry);
}
let throttledOctokit: ReturnType<typeof loadOctokit> | null = null;

/** The budget a token spends on one GitHub: its REST ("core") or its GraphQL window, as the gate names it. */
export const budgetKey = (baseUrl: string, token: string | null | undefined, resource: "core" | "graphql"): string =>
  `${new URL(baseUrl).origin}:${tokenPartition(token)}:${resource}`;

/**
 * Builds the GitHub client: octokit with plugin-throttling (secondary limits retried briefly, primary
 * limits never waited for in-process) and plugin-retry (5xx and timeouts, with backoff), over a
 * conditional-request transport backed by SQLite.
 */
export function createGitHubClient(opts: GitHubClientOptions): GitHubClient {
  const clock = opts.clock ?? systemClock;
  const log = opts.logger ?? silentLogger;
  const baseUrl = opts.baseUrl.replace(/\/+$/, "");
  const partition = tokenPartition(opts.token);
  const counters: TransportCounters = { calls: 0, notModified: 0, servedFromCache: 0 };
  const unit = opts.backoffUnitMs ?? 1000;
  const retries = opts.retries ?? 3;
  const maxSecondaryWaitMs = opts.maxSecondaryWaitMs ?? 60_000;
  const gate = opts.gate ?? (opts.clock ? new RateGate(undefined, { clock }) : processRateGate);
  const budget = budgetKey(baseUrl, opts.token, "core");

  const transport = createConditionalFetch({
    fetch: opts.fetch ?? ((input, init) => fetch(input, init)),
    cache: opts.db ? new GitHubHttpCache(opts.db) : null,
    partition,
    clock,
    timeoutMs: opts.requestTimeoutMs ?? 20_000,
    origin: new URL(baseUrl).origin,
    counters,
    onRateLimit: (snap) => gate.record(budget, snap),
    signal: opts.signal,
    onAnswer: opts.onAnswer,
  });

  const octokitOptions = {
    baseUrl,
    auth: opts.token ?? undefined,
    userAgent: opts.userAgent ?? "claimcheck",
    request: { fetch: transport },
    log: {
      debug: () => {},
      info: () => {},
      warn: (msg: string) => log.warn(msg, { component: "github" }),
      error: (msg: string) => log.error(msg, { component: "github" }),
    },
    throttle: {
      id: `${new URL(baseUrl).origin}:${partition}`,
      retryAfterBaseValue: unit,
      // the primary budget resets within the hour: the job defers (GitHubRateLimitedError), the worker is freed
      onRateLimit: () => false,
      // every request of the process on this budget waits it out too (the gate), not only this one
      onSecondaryRateLimit: (retryAfter: number, _options: unknown, _octokit: unknown, retryCount: number) => {
        gate.pause(budget, retryAfter * unit);
        return retryCount < 2 && retryAfter * 1000 <= maxSecondaryWaitMs;
      },
    },
    retry: { doNotRetry: DO_NOT_RETRY, retries, retryAfterBaseValue: unit },
  };
  let octokit: Promise<InstanceType<Awaited<ReturnType<typeof loadOctokit>>>> | null = null;

  const get = async <T>(
    route: string,
    params: Record<string, string | number | undefined> = {},
    accept: readonly number[] = [],
    options: { retries?: number } = {},
  ): Promise<GitHubResponse<T>> => {
    const refused = refuseDotSegments<T>(route, params, accept);
    if (refused) return refused;
    await gate.admit(budget, 1, opts.signal);
    try {
      // the retry plugin's backoff and the throttling plugin's queues know no signal: the wait ends anyway
      throttledOctokit ??= loadOctokit();
      octokit ??= throttledOctokit.then((ThrottledOctokit) => new ThrottledOctokit(octokitOptions));
      const res = await untilAborted(
        (await octokit).request(`GET ${route}`, {
          ...params,
          headers: { "x-github-api-version": "2022-11-28" },
          ...(options.retries !== undefined ? { request: { retries: options.retries } } : {}),
        }),
        opts.signal,
      );
      if (res.status >= 300) {
        // only a redirect the transport refused to follow (another host) gets here: never read it as data
        throw new GitHubUnavailableError(
          `GitHub redirected GET ${route} to ${String(res.headers.location ?? "another host")}; not followed`,
        );
      }
      return { status: res.status, data: res.data as T, headers: res.headers as Record<string, string | undefined> };
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (err instanceof GitHubRateLimitedError || err instanceof GitHubUnavailableError) throw err;
      if (!isHttpError(err))
        throw new GitHubUnavailableError(`GitHub request GET ${route} failed: ${errorMessage(err)}`);
      if (accept.includes(err.status)) {
        return { status: err.status, data: err.response?.data as T, headers: err.response?.headers ?? {} };
      }
      const failure = classifyFailure(err.status, err.response?.headers ?? {}, err.message, clock.now());
      switch (failure.kind) {
        case "primary-limit":
        case "secondary-limit":
          log.warn("GitHub rate limit reached; deferring", { route, resetAt: new Date(failure.resetAt).toISOString() });
          throw new GitHubRateLimitedError(failure.resetAt);
        case "unavailable":
          throw new GitHubUnavailableError(
            `GitHub kept failing on GET ${route} after ${(options.retries ?? retries) + 1} attempts: ${err.status === 500 && !err.response ? "" : `${err.status} `}${err.message}`,
            err.status || 500,
          );
        case "bad-credentials":
          throw new GitHubUnavailableError("GitHub rejected the token (401 Bad credentials): check GITHUB_TOKEN");
        case "client-error":
          throw new GitHubUnavailableError(`GitHub answered ${err.status} to GET ${route}: ${err.message}`, err.status);
      }
    } finally {
      gate.release(budget);
    }
  };

  return {
    get,
    counters,
    rateLimit: () => gate.window(budget),
  };
}
