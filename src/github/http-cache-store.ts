import { sha256Hex } from "../lib/index.ts";
import type { Queryable } from "../storage/index.ts";

/** A cached GitHub answer: what to revalidate with (etag) and what to replay on a 304. */
export interface CachedResponse {
  url: string;
  etag: string | null;
  lastModified: string | null;
  headers: Record<string, string>;
  body: string;
  storedAt: number;
}

/** Headers worth replaying from the cache: the body's type and its pagination. */
export const REPLAYED_HEADERS = ["content-type", "link", "etag", "last-modified"] as const;

/** Cache partition of a token: ETags are per token on GitHub, and the token itself is never stored. */
export function tokenPartition(token: string | null | undefined): string {
  return token ? sha256Hex(`github-token:${token}`) : "anonymous";
}

interface Row {
  url: string;
  etag: string | null;
  last_modified: string | null;
  headers: string;
  body: Uint8Array<ArrayBuffer>;
  stored_at: number;
}

/** Entries not served for this long are worth dropping: a re-verification after a month re-fetches. */
export const GITHUB_CACHE_RETENTION_MS = 30 * 86_400_000;

/** Drops cache entries not served since `before` (epoch ms); for the maintenance loop. Returns how many. */
export function pruneGitHubHttpCache(db: Queryable, before: number): Promise<number> {
  return new GitHubHttpCache(db).prune(before);
}

/**
 * The persistent conditional-request cache (table github_http_cache, migration 0003). One row per
 * (url, token partition), body gzipped; writes are single-statement upserts, safe beside other
 * connections in WAL. A write never fails and need not be awaited: the answer it caches is served
 * meanwhile, and the cache is an optimisation.
 */
export class GitHubHttpCache {
  constructor(private db: Queryable) {}

  async get(url: string, partition: string): Promise<CachedResponse | null> {
    const row = await this.db
      .query<Row, [string, string]>(
        "SELECT url, etag, last_modified, headers, body, stored_at FROM github_http_cache WHERE url = ? AND token_hash = ?",
      )
      .get(url, partition);
    if (!row) return null;
    try {
      const headers = JSON.parse(row.headers) as Record<string, string>;
      const body = new TextDecoder().decode(Bun.gunzipSync(row.body));
      return { url: row.url, etag: row.etag, lastModified: row.last_modified, headers, body, storedAt: row.stored_at };
    } catch {
      // a corrupt row is a miss, never an error
      return null;
    }
  }

  /** Cache writes that failed (a full disk ...): the cache is an optimisation, so a failed write never fails a request. */
  writeFailures = 0;

  put(partition: string, entry: Omit<CachedResponse, "storedAt">, now: number): Promise<void> {
    return this.bestEffort(() =>
      this.db
        .query(
          `INSERT INTO github_http_cache (url, token_hash, etag, last_modified, headers, body, stored_at, used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (url, token_hash) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
           headers = excluded.headers, body = excluded.body, stored_at = excluded.stored_at, used_at = excluded.used_at`,
        )
        .run(
          entry.url,
          partition,
          entry.etag,
          entry.lastModified,
          JSON.stringify(entry.headers),
          Bun.gzipSync(new TextEncoder().encode(entry.body)),
          now,
          now,
        ),
    );
  }

  /** Marks an entry as served now (a 304 or an immutable hit), for least-recently-used pruning. */
  touch(url: string, partition: string, now: number): Promise<void> {
    return this.bestEffort(() =>
      this.db
        .query("UPDATE github_http_cache SET used_at = ? WHERE url = ? AND token_hash = ?")
        .run(now, url, partition),
    );
  }

  private async bestEffort(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch {
      this.writeFailures++;
    }
  }

  /** Deletes entries not served since `before` (epoch ms); returns how many. */
  async prune(before: number): Promise<number> {
    return (await this.db.query("DELETE FROM github_http_cache WHERE used_at < ?").run(before)).changes;
  }

  async count(): Promise<number> {
    return (await this.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM github_http_cache").get())?.n ?? 0;
  }
}
