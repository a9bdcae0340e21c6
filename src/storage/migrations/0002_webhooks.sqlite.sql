-- Webhook deliveries (one row per event to send to a client) and the log of every attempt.
-- Times are integer milliseconds since the Unix epoch, passed in by the application's clock.

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,                     -- msg_...: the stable webhook-id receivers dedupe on
  client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  tracking_id TEXT REFERENCES verifications(tracking_id) ON DELETE CASCADE, -- NULL for test events
  event TEXT NOT NULL,
  payload TEXT NOT NULL,                   -- the exact body, fixed when the event happened
  state TEXT NOT NULL CHECK (state IN ('pending', 'retrying', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,     -- attempts ever made; numbers the attempt log
  round_failures INTEGER NOT NULL DEFAULT 0, -- consecutive failures since the last (re)send: the schedule position
  next_attempt_at INTEGER,                 -- when the next attempt is due; NULL once delivered or failed.
                                           -- While an attempt is in flight it holds the lease expiry, so an
                                           -- attempt lost in a crash is due again then (at-least-once).
  lease_token TEXT,                        -- set while an attempt is in flight; fences late writers
  last_attempt_at INTEGER,
  last_outcome TEXT,
  last_status_code INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered_at INTEGER,
  failed_at INTEGER
);
-- The due-scan: `next_attempt_at <= now ORDER BY next_attempt_at LIMIT n` reads only due rows.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX webhook_deliveries_tracking ON webhook_deliveries(tracking_id, created_at) WHERE tracking_id IS NOT NULL;
CREATE INDEX webhook_deliveries_client_failed ON webhook_deliveries(client_id, failed_at) WHERE state = 'failed';
CREATE INDEX webhook_deliveries_state ON webhook_deliveries(state);

CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY,
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,                -- 1-based, across resends
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  url TEXT,                                -- the URL configured when the attempt started
  outcome TEXT NOT NULL CHECK (outcome IN ('in_flight', 'interrupted', 'success', 'http', 'timeout', 'dns', 'connect', 'tls', 'blocked', 'config')),
  status_code INTEGER,
  error TEXT,
  latency_ms INTEGER,
  response_excerpt TEXT,                   -- first KBs of the answer: untrusted, escape when shown
  UNIQUE (delivery_id, attempt)
);
