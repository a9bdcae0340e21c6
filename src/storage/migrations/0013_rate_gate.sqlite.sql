-- The GitHub rate-limit gate shared by replicas on PostgreSQL (src/github/shared-rate-gate.ts); a single
-- SQLite process keeps it in memory, so these tables stay empty here. Created all the same: both dialects
-- have one schema (PostgreSQL's are UNLOGGED, which SQLite has no need of).
CREATE TABLE github_rate_gate (
  budget TEXT PRIMARY KEY,
  rate_limit INTEGER,
  remaining INTEGER,
  reset_at INTEGER,
  paused_until INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);

CREATE TABLE github_rate_gate_flights (
  budget TEXT NOT NULL,
  replica TEXT NOT NULL,
  in_flight INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (budget, replica)
);
CREATE INDEX github_rate_gate_flights_updated ON github_rate_gate_flights(updated_at);
