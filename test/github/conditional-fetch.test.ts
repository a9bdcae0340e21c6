import { describe, expect, test } from "bun:test";
import {
  createConditionalFetch,
  GitHubTimeoutError,
  isImmutableUrl,
  type TransportCounters,
} from "../../src/github/conditional-fetch.ts";
import { GitHubHttpCache, tokenPartition } from "../../src/github/http-cache-store.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { freshDb } from "./fixtures.ts";

const ORIGIN = "https://gh.test";
const SHA = "a".repeat(40);

interface Seen {
  url: string;
  headers: Headers;
  redirect?: RequestRedirect;
}

/** A scripted upstream: answers by URL, records every request. */
function upstream(answer: (url: string, h: Headers) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    seen.push({ url, headers, redirect: init?.redirect });
    if (init?.signal?.aborted) throw init.signal.reason;
    return answer(url, headers);
  };
  return { fetch, seen };
}

function setup(fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>, timeoutMs = 1000) {
  const counters: TransportCounters = { calls: 0, notModified: 0, servedFromCache: 0 };
  const cache = new GitHubHttpCache(freshDb());
  const rates: number[] = [];
  const f = createConditionalFetch({
    fetch,
    cache,
    partition: tokenPartition("t"),
    clock: new ManualClock(),
    timeoutMs,
    origin: ORIGIN,
    counters,
    onRateLimit: (s) => rates.push(s.remaining),
  });
  return { f, counters, cache, rates };
}

const ok = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      "content-type": "application/json",
      etag: 'W/"v1"',
      "x-ratelimit-limit": "5000",
      "x-ratelimit-remaining": "4999",
      "x-ratelimit-reset": "1",
      ...headers,
    },
  });

describe("createConditionalFetch", () => {
  test("stores a 200, revalidates with If-None-Match, replays the body on 304 with fresh rate headers", async () => {
    const up = upstream((_u, h) =>
      h.get("if-none-match") === 'W/"v1"'
        ? new Response(null, {
            status: 304,
            headers: {
              etag: 'W/"v1"',
              "x-ratelimit-limit": "5000",
              "x-ratelimit-remaining": "4998",
              "x-ratelimit-reset": "1",
            },
          })
        : ok([1, 2], { link: '<x?page=2>; rel="next"' }),
    );
    const { f, counters, rates } = setup(up.fetch);
    const first = await f(`${ORIGIN}/users/x/repos`);
    expect(await first.json()).toEqual([1, 2]);
    const second = await f(`${ORIGIN}/users/x/repos`);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual([1, 2]);
    expect(second.headers.get("link")).toBe('<x?page=2>; rel="next"');
    expect(second.headers.get("x-ratelimit-remaining")).toBe("4998");
    expect(up.seen[1]!.headers.get("if-none-match")).toBe('W/"v1"');
    expect(counters).toEqual({ calls: 2, notModified: 1, servedFromCache: 0 });
    expect(rates).toEqual([4999, 4998]);
  });

  test("a changed resource (new ETag) replaces the cached body", async () => {
    let version = 1;
    const up = upstream((_u, h) =>
      h.get("if-none-match") === `W/"v${version}"`
        ? new Response(null, { status: 304 })
        : ok({ v: version }, { etag: `W/"v${version}"` }),
    );
    const { f } = setup(up.fetch);
    await f(`${ORIGIN}/repos/a/b`);
    version = 2;
    expect(await (await f(`${ORIGIN}/repos/a/b`)).json()).toEqual({ v: 2 });
    expect(await (await f(`${ORIGIN}/repos/a/b`)).json()).toEqual({ v: 2 });
    expect(up.seen.map((s) => s.headers.get("if-none-match"))).toEqual([null, 'W/"v1"', 'W/"v2"']);
  });

  test("a commit by full SHA is immutable: the second read sends no request", async () => {
    const up = upstream(() => ok({ sha: SHA }));
    const { f, counters } = setup(up.fetch);
    await f(`${ORIGIN}/repos/a/b/commits/${SHA}`);
    expect(await (await f(`${ORIGIN}/repos/a/b/commits/${SHA}`)).json()).toEqual({ sha: SHA });
    expect(up.seen).toHaveLength(1);
    expect(counters.servedFromCache).toBe(1);
    expect(isImmutableUrl(`${ORIGIN}/repos/a/b/commits/main`)).toBe(false);
    expect(isImmutableUrl(`${ORIGIN}/api/v3/repos/a/b/compare/${SHA}...${"b".repeat(40)}`)).toBe(true);
  });

  test("same-origin redirects are followed hop by hop (each counted, each cached); foreign ones are not", async () => {
    const up = upstream((url) => {
      if (url.endsWith("/repos/a/old"))
        return new Response("{}", { status: 301, headers: { location: `${ORIGIN}/repositories/7` } });
      if (url.endsWith("/repos/a/away"))
        return new Response("{}", { status: 301, headers: { location: "https://evil.test/steal" } });
      return ok({ full_name: "a/new" });
    });
    const { f, counters } = setup(up.fetch);
    expect(await (await f(`${ORIGIN}/repos/a/old`)).json()).toEqual({ full_name: "a/new" });
    expect(up.seen.map((s) => [s.url, s.redirect])).toEqual([
      [`${ORIGIN}/repos/a/old`, "manual"],
      [`${ORIGIN}/repositories/7`, "manual"],
    ]);
    expect(counters.calls).toBe(2);
    const away = await f(`${ORIGIN}/repos/a/away`);
    expect(away.status).toBe(301);
    expect(up.seen.some((s) => s.url.startsWith("https://evil.test"))).toBe(false);
  });

  test("answers without an ETag, errors and non-GET requests are not cached", async () => {
    const up = upstream((url) =>
      url.includes("noetag")
        ? new Response("[]", { status: 200 })
        : new Response('{"message":"x"}', { status: 500, headers: { etag: 'W/"e"' } }),
    );
    const { f, cache } = setup(up.fetch);
    await f(`${ORIGIN}/noetag`);
    await f(`${ORIGIN}/broken`);
    await f(`${ORIGIN}/post`, { method: "POST" });
    expect(await cache.count()).toBe(0);
  });

  test("a request that does not answer in time fails with GitHubTimeoutError", async () => {
    const hang = (_i: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    const { f } = setup(hang, 30);
    await expect(f(`${ORIGIN}/slow`)).rejects.toBeInstanceOf(GitHubTimeoutError);
  });

  test("a caller's own abort is not reported as a timeout", async () => {
    const hang = (_i: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    const { f } = setup(hang, 5000);
    const ctl = new AbortController();
    const p = f(`${ORIGIN}/slow`, { signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toThrow("aborted");
  });
});
