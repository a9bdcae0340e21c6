import { GraphqlResponseError, graphql } from "@octokit/graphql";
import { type Clock, errorMessage, sleep, systemClock, untilAborted } from "../../lib/index.ts";
import { createConditionalFetch, type GitHubAnswer, type TransportCounters } from "../conditional-fetch.ts";
import { budgetKey } from "../github-client.ts";
import { processRateGate, RateGate } from "../rate-gate.ts";
import { type RateLimitSnapshot, readRateLimit } from "../rate-limit-policy.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "../types.ts";

/**
 * GraphQL would not answer: not offered (404 on Enterprise servers without it), refused (403, a token
 * without the right), failing (5xx, timeouts), or answering errors instead of data. The source then reads
 * the same evidence over REST.
 */
export class GraphqlRefusedError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GraphqlRefusedError";
  }
}

export interface GraphqlClientOptions {
  /** the REST base URL: https://api.github.com, or https://HOST/api/v3 (GraphQL is then at /api/graphql) */
  baseUrl: string;
  token: string;
  clock?: Clock;
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  requestTimeoutMs?: number;
  userAgent?: string;
  gate?: RateGate;
  /** shared with the REST client, so a source counts every request it sent */
  counters: TransportCounters;
  /** retries of a 5xx / timeout / connection error before GraphQL counts as refused (default 3) */
  retries?: number;
  /** retries wait 1, 4, 9 ... units (default 1000 ms) */
  backoffUnitMs?: number;
  /** the verification's signal: once it aborts, every query (and every wait for one) ends with its reason */
  signal?: AbortSignal;
  /** told how each request went (see GitHubAnswer) */
  onAnswer?: (answer: GitHubAnswer) => void;
}

export interface GraphqlClient {
  /** runs a query; `data` may hold nulls where GitHub answered a field with an error (partial data) */
  query<T>(text: string, variables?: Record<string, unknown>): Promise<T>;
  /** points spent so far (rateLimit.cost of each answer) */
  points(): number;
  /** the token's GraphQL window as GitHub last reported it */
  rateLimit(): RateLimitSnapshot | null;
}

/**
 * GitHub's GraphQL API through @octokit/graphql, over the same counting transport as REST (no cache:
 * POSTs are not conditional) and under the same process-wide rate-limit gate, on the token's own GraphQL
 * budget (5,000 points an hour beside REST's 5,000 requests). Every query asks `rateLimit { cost }`.
 */
export function createGraphqlClient(opts: GraphqlClientOptions): GraphqlClient {
  const clock = opts.clock ?? systemClock;
  const gate = opts.gate ?? (opts.clock ? new RateGate(undefined, { clock }) : processRateGate);
  const baseUrl = opts.baseUrl.replace(/\/+$/, "");
  const budget = budgetKey(baseUrl, opts.token, "graphql");
  let points = 0;
  const transport = createConditionalFetch({
    fetch: opts.fetch ?? ((input, init) => fetch(input, init)),
    cache: null,
    partition: "graphql",
    clock,
    timeoutMs: opts.requestTimeoutMs ?? 20_000,
    origin: new URL(baseUrl).origin,
    counters: opts.counters,
    onRateLimit: (snap) => gate.record(budget, snap),
    signal: opts.signal,
    onAnswer: opts.onAnswer,
  });
  const gql = graphql.defaults({
    baseUrl,
    headers: { authorization: `bearer ${opts.token}`, "user-agent": opts.userAgent ?? "claimcheck" },
    request: { fetch: transport },
  });

  const rateLimited = (headers: Record<string, string | number | undefined> | undefined): never => {
    const retryAfter = Number(headers?.["retry-after"]);
    if (Number.isFinite(retryAfter) && retryAfter >= 0) {
      // a secondary limit: everyone on this budget waits it out (the gate), this job defers
      gate.pause(budget, retryAfter * 1000);
      throw new GitHubRateLimitedError(clock.now() + retryAfter * 1000);
    }
    const snap = headers ? readRateLimit(headers) : null;
    const resetAt = Math.max(snap?.resetAt ?? gate.window(budget)?.resetAt ?? clock.now() + 60_000, clock.now());
    throw new GitHubRateLimitedError(resetAt);
  };

  return {
    points: () => points,
    rateLimit: () => gate.window(budget),
    async query<T>(text: string, variables: Record<string, unknown> = {}): Promise<T> {
      const retries = opts.retries ?? 3;
      const unit = opts.backoffUnitMs ?? 1000;
      for (let attempt = 0; ; attempt++) {
        try {
          return await once<T>(text, variables);
        } catch (err) {
          const failing = err instanceof GraphqlRefusedError && (err.status === undefined || err.status >= 500);
          if (!failing || attempt >= retries) throw err;
          await sleep(unit * (attempt + 1) ** 2, opts.signal);
        }
      }
    },
  };

  async function once<T>(text: string, variables: Record<string, unknown>): Promise<T> {
    await gate.admit(budget, 1, opts.signal);
    try {
      const data = await untilAborted(gql<T & { rateLimit?: { cost?: number } }>(text, variables), opts.signal);
      points += Number(data?.rateLimit?.cost) || 0;
      return data;
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (err instanceof GitHubRateLimitedError) throw err;
      if (err instanceof GraphqlResponseError) {
        const errors = (err.errors ?? []) as Array<{ type?: string; message?: string }>;
        if (errors.some((e) => e.type === "RATE_LIMITED")) rateLimited(err.headers as Record<string, string>);
        const data = err.data as (T & { rateLimit?: { cost?: number } }) | undefined;
        // errors beside data (a field GitHub could not resolve) are partial answers, not failures
        if (data && errors.every((e) => e.type === "NOT_FOUND" || e.type === "FORBIDDEN")) {
          points += Number(data.rateLimit?.cost) || 0;
          return data;
        }
        throw new GraphqlRefusedError(
          `GitHub GraphQL answered errors: ${errors.map((e) => e.message).join("; ")}`,
          400,
        );
      }
      const status = (err as { status?: number }).status;
      const headers = (err as { response?: { headers?: Record<string, string> } }).response?.headers;
      const message = errorMessage(err);
      if ((status === 403 || status === 429) && (/rate limit/i.test(message) || headers?.["retry-after"]))
        rateLimited(headers);
      if (status === 401)
        throw new GitHubUnavailableError("GitHub rejected the token (401 Bad credentials): check GITHUB_TOKEN");
      throw new GraphqlRefusedError(`GitHub GraphQL failed: ${message}`, status);
    } finally {
      gate.release(budget);
    }
  }
}
