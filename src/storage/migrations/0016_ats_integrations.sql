-- Assessment-partner connections of applicant tracking systems (Greenhouse, Ashby), the assessments they
-- started and the calls this service owes them (a completed test's PATCH, an assessment.update).
-- Times are integer milliseconds since the epoch. An assessment keeps its row when its verification is
-- gone (no foreign key to verifications), so the ATS can be told that the result was purged.

CREATE TABLE ats_connections (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('greenhouse', 'ashby')),
  client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- the client's API key the ATS sends as the Basic username
  api_key_id TEXT NOT NULL UNIQUE REFERENCES api_keys(id) ON DELETE CASCADE,
  tests TEXT NOT NULL,                     -- JSON array of the test (profile) ids offered
  ashby_api_key TEXT,                      -- Ashby: the customer's API key (candidatesRead, candidatesWrite)
  ashby_api_url TEXT,                      -- Ashby: its API base URL
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX ats_connections_client ON ats_connections(client_id);

CREATE TABLE ats_assessments (
  id TEXT PRIMARY KEY,                     -- the partner_interview_id / assessment_id given to the ATS
  connection_id TEXT NOT NULL REFERENCES ats_connections(id) ON DELETE CASCADE,
  test_id TEXT NOT NULL,
  candidate_name TEXT NOT NULL,
  candidate_email TEXT,
  external_ref TEXT,                       -- the ATS's own id of what was assessed (Ashby application id)
  callback_url TEXT,                       -- Greenhouse: the url to PATCH on completion
  callback_auth TEXT,                      -- Greenhouse: the Authorization it sent, for that PATCH
  state TEXT NOT NULL CHECK (state IN ('queued', 'needs_account', 'complete', 'failed', 'cancelled')),
  detail TEXT,                             -- why it needs an account or failed, in words
  tracking_id TEXT,                        -- the verification, once one was queued
  accounts TEXT,                           -- JSON array of the accounts read ("github.com:alice" ...)
  profile_url TEXT,                        -- the share link (complete) or the re-run page given to the ATS
  rerun_token_hash TEXT NOT NULL UNIQUE,   -- SHA-256 of the re-run page's token
  rerun_url TEXT NOT NULL,                 -- that page's address, given to the ATS while no result is there
  resume_pdf TEXT,                         -- base64 of the resume while it waits for an account
  last_update_at INTEGER NOT NULL DEFAULT 0, -- Ashby: timestamp of the last update queued (strictly increasing)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX ats_assessments_connection ON ats_assessments(connection_id, created_at);
CREATE INDEX ats_assessments_tracking ON ats_assessments(tracking_id);

CREATE TABLE ats_callbacks (
  id TEXT PRIMARY KEY,
  assessment_id TEXT NOT NULL REFERENCES ats_assessments(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,                    -- order within the assessment: sent one after another
  body TEXT,                               -- JSON sent (Ashby), null for Greenhouse's empty PATCH
  state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (assessment_id, seq)
);
CREATE INDEX ats_callbacks_due ON ats_callbacks(state, next_at);
