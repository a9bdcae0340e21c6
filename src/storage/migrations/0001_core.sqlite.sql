-- Clients (tenants), their API keys, the generic job table, verifications and idempotency records.
-- Times are integer milliseconds since the Unix epoch, always passed in by the application's clock.

CREATE TABLE clients (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  webhook_url TEXT,
  webhook_secret TEXT,
  webhook_secret_previous TEXT,
  webhook_secret_previous_until INTEGER,
  monthly_quota INTEGER NOT NULL,          -- accepted verifications per calendar month (UTC); 0 = unlimited
  rate_limit_per_minute INTEGER NOT NULL,  -- accepted verifications per key per rolling minute; 0 = unlimited
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  display_prefix TEXT NOT NULL,            -- first characters of the key, safe to show
  key_hash TEXT NOT NULL UNIQUE,           -- SHA-256 hex of the whole key; the key itself is never stored
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_keys_client ON api_keys(client_id);

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'completed', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  run_at INTEGER NOT NULL,
  lease_owner TEXT,
  lease_token TEXT,
  lease_expires_at INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX jobs_due ON jobs(kind, run_at) WHERE state = 'queued';
CREATE INDEX jobs_leases ON jobs(lease_expires_at) WHERE state = 'running';

CREATE TABLE verifications (
  tracking_id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients(id),
  api_key_id TEXT REFERENCES api_keys(id) ON DELETE SET NULL,
  job_id INTEGER NOT NULL UNIQUE REFERENCES jobs(id),
  host_username TEXT NOT NULL,
  resume_sha256 TEXT NOT NULL,
  resume_size INTEGER NOT NULL,
  resume_filename TEXT,
  resume_stored INTEGER NOT NULL DEFAULT 1, -- 1 while DATA_DIR/resumes/<tracking_id>.pdf is kept
  status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'COMPLETED', 'FAILED')),
  result TEXT,                              -- JSON of the final VerificationResult
  timelines TEXT,                           -- JSON: per-repository commit dates for the dashboard, not part of the result
  error_code TEXT,
  error_message TEXT,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  completed_at INTEGER
);
CREATE INDEX verifications_client_created ON verifications(client_id, created_at);
CREATE INDEX verifications_key_created ON verifications(api_key_id, created_at);
CREATE INDEX verifications_status ON verifications(status, created_at);

CREATE INDEX verifications_resume_kept ON verifications(completed_at) WHERE resume_stored = 1;

-- Accepted verifications per client and UTC month: the quota check reads one row instead of counting.
CREATE TABLE client_usage (
  client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  month TEXT NOT NULL,                      -- 'YYYY-MM' (UTC)
  accepted INTEGER NOT NULL,
  PRIMARY KEY (client_id, month)
);

CREATE TABLE idempotency_keys (
  client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  idem_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  tracking_id TEXT NOT NULL REFERENCES verifications(tracking_id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (client_id, idem_key)
);
CREATE INDEX idempotency_created ON idempotency_keys(created_at);
