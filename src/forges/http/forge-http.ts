import type { RateLimitSnapshot } from "../../github/index.ts";
import { budgetKey, GitHubRateLimitedError, processRateGate, RateGate, tokenPartition } from "../../github/index.ts";
import { type Clock, errorMessage, systemClock, untilAborted } from "../../lib/index.ts";
import { ForgeRateLimitedError, ForgeUnavailableError } from "../types.ts";
import { holdsDotSegment } from "./path-segments.ts";
import type { ResponseCache } from "./response-cache.ts";

/** How one host speaks about tokens, budgets and answers that never change. */
export interface HostPolicy {
  /** "GitLab", "Gitea" in messages */
  name: string;
  /** the environment setting that holds this host's token, named in a 401's message */
  tokenSetting: string;
  authHeaders(token: string): Record<string, string>;
  /** the budget window the host reports on an answer, or null when it reports none */
  readWindow(headers: Headers): RateLimitSnapshot | null;
  /** an answer by full commit SHA never changes: served from the cache without a request */
  immutable(url: URL): boolean;
}

export interface ForgeHttpOptions {
  /** the REST root, e.g. https://gitlab.com/api/v4 */
  apiBase: string;
  /** the host name in messages and errors */
  host: string;
  token?: string | null;
  policy: HostPolicy;
  clock?: Clock;
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** retries of a 5xx / timeout / reset before ForgeUnavailableError (default 3) */
  retries?: number;
  /** retries wait 1, 4, 9 ... units (default 1000 ms) */
  backoffUnitMs?: number;
  /** per request, body included (default 20 s) */
  requestTimeoutMs?: number;
  /** a 429 asking to wait longer than this defers the job instead (default 60 s) */
  maxWaitMs?: number;
  /** the rate gate shared by every request on this budget (default the process's; own clock: a private one) */
  gate?: RateGate;
  /** conditional-request cache; null disables it */
  cache?: ResponseCache | null;
  /** waits (injected in tests) */
  sleep?: (ms: number) => Promise<void>;
  /**
   * the job's signal: once it aborts, the request in flight is cut off, no retry or wait begins, and every
   * request rejects with the signal's reason, so a host that hangs cannot hold a job past its deadline
   */
  signal?: AbortSignal;
}

export interface ForgeResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

export interface TransportCounters {
  calls: number;
  notModified: number;
  servedFromCache: number;
}

export interface ForgeHttp {
  /**
   * GET a path under the REST root (or an absolute URL on the same origin, e.g. a Link). Statuses in
   * `accept` are returned; others throw ForgeRateLimitedError (budget spent: defer) or
   * ForgeUnavailableError (after retries, or a refusal).
   */
  get<T>(
    path: string,
    params?: Record<string, string | number | boolean | undefined>,
    accept?: readonly number[],
  ): Promise<ForgeResponse<T>>;
  readonly counters: Readonly<TransportCounters>;
  rateLimit(): RateLimitSnapshot | null;
}

const REPLAYED = [
  "content-type",
  "link",
  "x-total",
  "x-total-pages",
  "x-next-page",
  "x-page",
  "x-per-page",
  "x-total-count",
  "x-hasmore",
];

class Retryable extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A host-neutral REST client: the process's rate gate (the window the host reports, pauses for its
 * Retry-After), conditional requests where the host sends ETags, immutable answers from the cache,
 * retries with backoff for 5xx, timeouts and cut-off bodies, and the host's failures as the contract's
 * errors. Redirects are followed only within the host's origin, so a token never leaves it.
 */
export function createForgeHttp(o: ForgeHttpOptions): ForgeHttp {
  const clock = o.clock ?? systemClock;
  const apiBase = o.apiBase.replace(/\/+$/, "");
  const origin = new URL(apiBase).origin;
  const token = o.token ?? null;
  const jobSignal = o.signal;
  const wait = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  // a wait ends early, rejecting with the job signal's reason, when the job is aborted
  const sleep = (ms: number) => untilAborted(wait(ms), jobSignal);
  const gate =
    o.gate ?? (o.clock ? new RateGate(undefined, { clock, sleep, maxPauseMs: o.maxWaitMs }) : processRateGate);
  const budget = budgetKey(apiBase, token, "core");
  const partition = tokenPartition(token);
  const counters: TransportCounters = { calls: 0, notModified: 0, servedFromCache: 0 };
  const retries = o.retries ?? 3;
  const unit = o.backoffUnitMs ?? 1000;
  const maxWaitMs = o.maxWaitMs ?? 60_000;
  const timeoutMs = o.requestTimeoutMs ?? 20_000;
  const doFetch = o.fetch ?? ((input, init) => fetch(input, init));
  const cache = o.cache ?? null;

  const urlOf = (path: string, params: Record<string, string | number | boolean | undefined>) => {
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(`${apiBase}${path}`);
    // the origin is not named: the address a host pointed to may be an internal one
    if (url.origin !== origin)
      throw new ForgeUnavailableError(`${o.host}: refusing to send the token outside ${o.host}`, o.host);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  };

  /** One request (no retry): the answer with its body read, 304s replayed from the cache. */
  const once = async (url: URL): Promise<{ status: number; headers: Headers; text: string; cached?: boolean }> => {
    const key = url.toString();
    const entry = cache?.get(key, partition) ?? null;
    if (entry && o.policy.immutable(url)) {
      counters.servedFromCache++;
      return { status: 200, headers: new Headers(entry.headers), text: entry.body, cached: true };
    }
    const headers: Record<string, string> = { accept: "application/json", "user-agent": "claimcheck" };
    if (token) Object.assign(headers, o.policy.authHeaders(token));
    if (entry?.etag) headers["if-none-match"] = entry.etag;
    let current = url;
    for (let hop = 0; ; hop++) {
      jobSignal?.throwIfAborted();
      counters.calls++;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = jobSignal ? AbortSignal.any([jobSignal, timeout]) : timeout;
      let res: Response;
      let text: string;
      try {
        res = await doFetch(current, { headers, redirect: "manual", signal });
        text = await res.text();
      } catch (err) {
        jobSignal?.throwIfAborted();
        throw new Retryable(timeout.aborted ? `no answer within ${timeoutMs} ms` : errorMessage(err), 500);
      }
      const window = o.policy.readWindow(res.headers);
      if (window) gate.record(budget, window);
      const location = res.headers.get("location");
      if ([301, 302, 307, 308].includes(res.status) && location && hop < 3) {
        const next = new URL(location, current);
        if (next.origin === origin) {
          current = next;
          continue;
        }
      }
      if (res.status === 304 && entry) {
        counters.notModified++;
        return {
          status: 200,
          headers: new Headers({ ...entry.headers, ...rateHeadersOf(res.headers) }),
          text: entry.body,
          cached: true,
        };
      }
      return { status: res.status, headers: res.headers, text };
    }
  };

  const store = (url: URL, headers: Headers, text: string) => {
    if (!cache) return;
    const etag = headers.get("etag");
    if (!etag && !o.policy.immutable(url)) return;
    const kept: Record<string, string> = {};
    for (const name of REPLAYED) {
      const v = headers.get(name);
      if (v !== null) kept[name] = v;
    }
    cache.put(url.toString(), partition, { etag, headers: kept, body: text });
  };

  const get = async <T>(
    path: string,
    params: Record<string, string | number | boolean | undefined> = {},
    accept: readonly number[] = [],
  ): Promise<ForgeResponse<T>> => {
    if (holdsDotSegment(path)) {
      const message = `${o.host}: a path holding a "." or ".." segment is not sent`;
      if (accept.includes(404)) return { status: 404, data: { message } as T, headers: new Headers() };
      throw new ForgeUnavailableError(message, o.host, 404);
    }
    const url = urlOf(path, params);
    const what = `GET ${url.pathname}`;
    for (let attempt = 0; ; attempt++) {
      jobSignal?.throwIfAborted();
      try {
        await gate.admit(budget);
      } catch (err) {
        if (err instanceof GitHubRateLimitedError) throw new ForgeRateLimitedError(err.resetAt, o.host);
        throw err;
      }
      let answer: Awaited<ReturnType<typeof once>>;
      try {
        answer = await once(url);
      } catch (err) {
        if (!(err instanceof Retryable)) throw err;
        if (attempt >= retries)
          throw new ForgeUnavailableError(`${o.host} kept failing on ${what}: ${err.message}`, o.host, err.status);
        await sleep(unit * (attempt + 1) ** 2);
        continue;
      } finally {
        gate.release(budget);
      }
      const { status, headers, text } = answer;
      if (status === 429 || (status === 403 && headers.has("retry-after"))) {
        // every request on this budget waits it out (the gate's pause), or the job defers when it is long
        const wait = waitOf(headers, clock.now(), o.policy.readWindow(headers));
        if (wait > maxWaitMs || attempt >= retries) throw new ForgeRateLimitedError(clock.now() + wait, o.host);
        gate.pause(budget, wait);
        continue;
      }
      if (status >= 500) {
        if (attempt >= retries)
          throw new ForgeUnavailableError(
            `${o.host} kept failing on ${what} after ${attempt + 1} attempts: ${status}`,
            o.host,
            status,
          );
        await sleep(unit * (attempt + 1) ** 2);
        continue;
      }
      if (status >= 200 && status < 300) {
        let data: T;
        try {
          data = (text === "" ? null : JSON.parse(text)) as T;
        } catch {
          // a body cut off mid-answer (a reset connection): the same request again
          if (attempt >= retries)
            throw new ForgeUnavailableError(`${o.host} sent an unreadable answer to ${what}`, o.host, 502);
          await sleep(unit * (attempt + 1) ** 2);
          continue;
        }
        if (!answer.cached) store(url, headers, text);
        return { status, data, headers };
      }
      if (accept.includes(status)) {
        let data: unknown = null;
        try {
          data = text ? JSON.parse(text) : null;
        } catch {}
        return { status, data: data as T, headers };
      }
      if (status === 401)
        throw new ForgeUnavailableError(
          `${o.host} rejected the token (401): check ${o.policy.tokenSetting}`,
          o.host,
          401,
        );
      throw new ForgeUnavailableError(`${o.host} answered ${status} to ${what}`, o.host, status);
    }
  };

  return { get, counters, rateLimit: () => gate.window(budget) };
}

/** How long a 429 asks to wait: Retry-After (seconds), else the window's reset, else one minute. */
function waitOf(headers: Headers, now: number, window: RateLimitSnapshot | null): number {
  const retryAfter = Number(headers.get("retry-after"));
  if (headers.has("retry-after") && Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000;
  if (window && window.remaining === 0) return Math.max(0, window.resetAt - now);
  return 60_000;
}

const rateHeadersOf = (h: Headers): Record<string, string> =>
  Object.fromEntries([...h.entries()].filter(([k]) => k.startsWith("ratelimit-")));
