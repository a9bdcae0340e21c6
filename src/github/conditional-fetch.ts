import type { Clock } from "../lib/index.ts";
import { type CachedResponse, type GitHubHttpCache, REPLAYED_HEADERS } from "./http-cache-store.ts";
import { type RateLimitSnapshot, readRateLimit } from "./rate-limit-policy.ts";

/** What the transport spent: requests sent, 304s among them, and answers served without a request. */
export interface TransportCounters {
  /** HTTP requests actually sent (redirect hops and retries included: each costs budget) */
  calls: number;
  /** requests answered 304 Not Modified and replayed from the cache */
  notModified: number;
  /** immutable resources (a commit by full SHA) served from the cache without any request */
  servedFromCache: number;
}

/**
 * How GitHub answered one request, for a verification to tell a person what it waits for: `ok` when GitHub
 * answered (any status below 500), else what went wrong (no connection, no answer in time, a 5xx).
 */
export type GitHubAnswer = { ok: true } | { ok: false; problem: string };

export interface ConditionalFetchOptions {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** null disables caching */
  cache: GitHubHttpCache | null;
  /** the token partition of the cache (tokenPartition(token)) */
  partition: string;
  clock: Clock;
  /** per request, body included */
  timeoutMs: number;
  /** redirects are followed only within this origin, so the token never reaches another host */
  origin: string;
  counters: TransportCounters;
  /** every x-ratelimit-* reading, for the client's budget check */
  onRateLimit?: (snapshot: RateLimitSnapshot) => void;
  /** bodies larger than this are not cached (default 4 MB) */
  maxCachedBytes?: number;
  /** the verification's own signal (its deadline, its lease): once aborted no request is sent or awaited */
  signal?: AbortSignal;
  /** told how each request went (GitHubAnswer) */
  onAnswer?: (answer: GitHubAnswer) => void;
}

const REDIRECTS = new Set([301, 302, 307, 308]);
const MAX_HOPS = 3;
const IMMUTABLE = [
  /\/repos\/[^/]+\/[^/]+\/commits\/[0-9a-f]{40}$/i,
  /\/repos\/[^/]+\/[^/]+\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/i,
];

/** A commit named by its full SHA (or a compare of two SHAs) never changes: no need to revalidate. */
export function isImmutableUrl(url: string): boolean {
  const path = new URL(url).pathname;
  return IMMUTABLE.some((re) => re.test(path));
}

/** Thrown inside fetch for a timeout; octokit turns it into a retryable status-500 RequestError. */
export class GitHubTimeoutError extends Error {
  constructor(ms: number) {
    super(`GitHub did not answer within ${ms} ms`);
    this.name = "GitHubTimeoutError";
  }
}

/** A failed request in words: Bun's error code (ConnectionRefused, FailedToOpenSocket ...) and message. */
function connectionProblem(err: unknown): string {
  if (err instanceof GitHubTimeoutError) return err.message;
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : null;
  const message = typeof e?.message === "string" ? e.message : String(err);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

function replay(entry: CachedResponse, fresh: Headers | null): Response {
  const headers = new Headers(entry.headers);
  if (fresh) for (const [k, v] of fresh) if (k.startsWith("x-ratelimit-")) headers.set(k, v);
  return new Response(entry.body, { status: 200, headers });
}

/**
 * A fetch for octokit that makes every GET conditional: If-None-Match from the SQLite cache, a 304
 * replayed as the cached 200, fresh 200s stored. It also follows same-origin redirects itself (so each
 * hop is counted and cached), bounds each request with a timeout, and reports rate-limit headers.
 */
export function createConditionalFetch(o: ConditionalFetchOptions) {
  const maxCached = o.maxCachedBytes ?? 4 * 1024 * 1024;

  async function send(url: string, init: RequestInit, headers: Headers): Promise<{ res: Response; text: string }> {
    o.signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const signal = AbortSignal.any([timeout, ...[init.signal, o.signal].filter((s): s is AbortSignal => !!s)]);
    // the caller may have given up while the cache entry was read: such a request is not sent
    init.signal?.throwIfAborted();
    o.counters.calls++;
    try {
      const res = await o.fetch(url, { ...init, headers, redirect: "manual", signal });
      const text = await res.text(); // read here so the timeout covers the body too
      // search answers report search's own bucket (30 a minute), which says nothing of the hourly budget;
      // every other answer (REST core, GraphQL through the same transport) feeds the gate as before
      const bucket = res.headers.get("x-ratelimit-resource");
      const rate = bucket === "search" || bucket === "code_search" ? null : readRateLimit(res.headers);
      if (rate) o.onRateLimit?.(rate);
      o.onAnswer?.(res.status < 500 ? { ok: true } : { ok: false, problem: `GitHub answered ${res.status}` });
      return { res, text };
    } catch (err) {
      if (o.signal?.aborted) throw o.signal.reason;
      if (init.signal?.aborted) throw err;
      const problem = timeout.aborted ? new GitHubTimeoutError(o.timeoutMs) : err;
      o.onAnswer?.({ ok: false, problem: connectionProblem(problem) });
      throw problem;
    }
  }

  return async function conditionalFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    let url = input instanceof Request ? input.url : String(input);
    const method = (init.method ?? "GET").toUpperCase();
    const cacheable = method === "GET" && o.cache !== null;
    for (let hop = 0; ; hop++) {
      const headers = new Headers(init.headers);
      const entry = cacheable ? await o.cache!.get(url, o.partition) : null;
      if (entry && isImmutableUrl(url)) {
        o.counters.servedFromCache++;
        void o.cache!.touch(url, o.partition, o.clock.now()); // never fails; the answer need not wait for it
        return replay(entry, null);
      }
      if (entry?.etag) headers.set("if-none-match", entry.etag);
      else if (entry?.lastModified) headers.set("if-modified-since", entry.lastModified);

      const { res, text } = await send(url, init, headers);
      const location = res.headers.get("location");
      if (REDIRECTS.has(res.status) && location && hop < MAX_HOPS) {
        const next = new URL(location, url);
        if (next.origin === o.origin) {
          url = next.toString();
          continue;
        }
      }
      if (res.status === 304 && entry) {
        o.counters.notModified++;
        void o.cache!.touch(url, o.partition, o.clock.now());
        return replay(entry, res.headers);
      }
      const etag = res.headers.get("etag");
      const lastModified = res.headers.get("last-modified");
      if (cacheable && res.status === 200 && (etag || lastModified) && text.length <= maxCached) {
        const kept: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const v = res.headers.get(name);
          if (v !== null) kept[name] = v;
        }
        void o.cache!.put(o.partition, { url, etag, lastModified, headers: kept, body: text }, o.clock.now());
      }
      const out = new Headers(res.headers);
      out.delete("content-encoding"); // the body was already decoded
      out.delete("content-length");
      return new Response(res.status === 204 || res.status === 304 ? null : text, {
        status: res.status,
        statusText: res.statusText,
        headers: out,
      });
    }
  };
}
