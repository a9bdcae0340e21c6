-- Conditional-request cache for the GitHub client: (url, token) -> (etag, body). Re-verifying a
-- candidate sends If-None-Match and is answered 304 (free when authenticated), so the body comes from here.
-- ETags are per token on GitHub, so the key includes a hash of the token (never the token itself).
-- Times are integer milliseconds since the Unix epoch, passed in by the application's clock.

CREATE TABLE github_http_cache (
  url TEXT NOT NULL,              -- full request URL, query included
  token_hash TEXT NOT NULL,       -- SHA-256 hex of the token, or 'anonymous'
  etag TEXT,
  last_modified TEXT,
  headers TEXT NOT NULL,          -- JSON object: response headers replayed on a hit (content-type, link)
  body BLOB NOT NULL,              -- gzip of the UTF-8 body (commit pages shrink about tenfold)
  stored_at INTEGER NOT NULL,     -- when the body was last fetched (200)
  used_at INTEGER NOT NULL,       -- when the entry was last served (200, 304 or immutable hit): for pruning
                                  -- (pruneGitHubHttpCache, e.g. from the maintenance loop)
  PRIMARY KEY (url, token_hash)
) WITHOUT ROWID;
CREATE INDEX github_http_cache_used_at ON github_http_cache(used_at);
