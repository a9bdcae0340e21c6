import { describe, expect, test } from "bun:test";
import {
  GITHUB_CACHE_RETENTION_MS,
  GitHubHttpCache,
  pruneGitHubHttpCache,
  tokenPartition,
} from "../../src/github/http-cache-store.ts";
import { freshDb } from "./fixtures.ts";

describe("GitHubHttpCache (migration 0003)", () => {
  test("stores and replays an answer per (url, token partition)", async () => {
    const cache = new GitHubHttpCache(freshDb());
    const a = tokenPartition("token-a");
    await cache.put(
      a,
      { url: "https://api/x", etag: 'W/"1"', lastModified: null, headers: { link: "<l>" }, body: "[1]" },
      1000,
    );
    expect(await cache.get("https://api/x", a)).toEqual({
      url: "https://api/x",
      etag: 'W/"1"',
      lastModified: null,
      headers: { link: "<l>" },
      body: "[1]",
      storedAt: 1000,
    });
    expect(await cache.get("https://api/x", tokenPartition("token-b"))).toBeNull();
    expect(await cache.get("https://api/x", tokenPartition(null))).toBeNull();
    await cache.put(a, { url: "https://api/x", etag: 'W/"2"', lastModified: null, headers: {}, body: "[2]" }, 2000);
    expect((await cache.get("https://api/x", a))?.body).toBe("[2]");
    expect(await cache.count()).toBe(1);
  });

  test("a failed cache write (e.g. a full disk) is counted, never thrown: the request it served still succeeds", async () => {
    const db = freshDb();
    const cache = new GitHubHttpCache(db);
    await db.exec(
      "CREATE TRIGGER refuse BEFORE INSERT ON github_http_cache BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END",
    );
    await db.exec(
      "CREATE TRIGGER refuse_update BEFORE UPDATE ON github_http_cache BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END",
    );
    // never rejects, whatever the database says
    await cache.put("p", { url: "u", etag: '"1"', lastModified: null, headers: {}, body: "{}" }, 1);
    await cache.touch("u", "p", 2);
    expect(cache.writeFailures).toBe(1); // the touch of a missing row changes nothing and does not fail
    expect(await cache.get("u", "p")).toBeNull();
  });

  test("the token is never stored, only its hash; no token is 'anonymous'", async () => {
    const db = freshDb();
    await new GitHubHttpCache(db).put(
      tokenPartition("ghp_secret"),
      { url: "u", etag: null, lastModified: "x", headers: {}, body: "" },
      1,
    );
    const row = (await db.query<{ token_hash: string }, []>("SELECT token_hash FROM github_http_cache").get())!;
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain("secret");
    expect(tokenPartition(undefined)).toBe("anonymous");
  });

  test("bodies are stored gzipped: a page of commits takes a fraction of its size", async () => {
    const db = freshDb();
    const page = JSON.stringify(
      Array.from({ length: 100 }, (_, i) => ({
        sha: String(i).padStart(40, "0"),
        commit: { message: "Fix the thing", author: { name: "Dev", email: "dev@example.com" } },
      })),
    );
    await new GitHubHttpCache(db).put(
      "anonymous",
      { url: "p", etag: "e", lastModified: null, headers: {}, body: page },
      1,
    );
    const stored = (await db.query<{ n: number }, []>("SELECT length(body) AS n FROM github_http_cache").get())!.n;
    expect(stored).toBeLessThan(page.length / 4);
    expect((await new GitHubHttpCache(db).get("p", "anonymous"))?.body).toBe(page);
  });

  test("pruneGitHubHttpCache is the maintenance entry point", async () => {
    const db = freshDb();
    await new GitHubHttpCache(db).put(
      "anonymous",
      { url: "x", etag: "e", lastModified: null, headers: {}, body: "{}" },
      10,
    );
    expect(await pruneGitHubHttpCache(db, 10 + GITHUB_CACHE_RETENTION_MS)).toBe(1);
  });

  test("prune drops entries not served since a time; touch keeps an entry alive", async () => {
    const cache = new GitHubHttpCache(freshDb());
    const p = tokenPartition(null);
    await cache.put(p, { url: "old", etag: "e", lastModified: null, headers: {}, body: "" }, 100);
    await cache.put(p, { url: "used", etag: "e", lastModified: null, headers: {}, body: "" }, 100);
    await cache.touch("used", p, 500);
    expect(await cache.prune(300)).toBe(1);
    expect(await cache.get("old", p)).toBeNull();
    expect(await cache.get("used", p)).not.toBeNull();
  });

  test("a corrupt row is a miss, not an error", async () => {
    const db = freshDb();
    await db
      .query("INSERT INTO github_http_cache VALUES ('u', 'anonymous', 'e', NULL, '{broken', ?, 1, 1)")
      .run(Bun.gzipSync(new Uint8Array([1])));
    await db.query("INSERT INTO github_http_cache VALUES ('v', 'anonymous', 'e', NULL, '{}', X'00FF', 1, 1)").run();
    expect(await new GitHubHttpCache(db).get("u", "anonymous")).toBeNull();
    expect(await new GitHubHttpCache(db).get("v", "anonymous")).toBeNull();
  });
});
