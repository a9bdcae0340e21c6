-- The GitHub rate-limit gate shared by every replica (src/github/shared-rate-gate.ts; its SQL in
-- shared-rate-gate-store.ts); a single SQLite process keeps it in memory. Budget keys name GitHub's origin, a hash of the token and the
-- resource ("https://api.github.com:3f2a...:core"): never a token.
-- UNLOGGED: the gate writes on most GitHub answers, and its state is worth nothing after a crash (the
-- next answer from GitHub restores the window; requests in flight died with their replicas): no WAL, so
-- a commit waits for no fsync. A crash of the server empties the tables; pg_dump still dumps them.

-- Per budget: the newest window GitHub reported (greatest reset; within one reset the lowest remaining)
-- and the secondary-limit pause (greatest wins). Epoch milliseconds.
CREATE UNLOGGED TABLE github_rate_gate (
  budget TEXT PRIMARY KEY,
  rate_limit INTEGER,
  remaining INTEGER,
  reset_at BIGINT,
  paused_until BIGINT NOT NULL DEFAULT 0,
  updated_at BIGINT NOT NULL
);

-- Per budget and replica: its requests in flight, refreshed with a heartbeat (updated_at). Rows not
-- refreshed within the expiry (a SIGKILLed replica's) stop counting; maintenance deletes them.
CREATE UNLOGGED TABLE github_rate_gate_flights (
  budget TEXT NOT NULL,
  replica TEXT NOT NULL,
  in_flight INTEGER NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (budget, replica)
);
CREATE INDEX github_rate_gate_flights_updated ON github_rate_gate_flights(updated_at);
