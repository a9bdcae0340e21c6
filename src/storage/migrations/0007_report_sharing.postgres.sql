-- The recruiter's report: dashboard roles (administrators and recruiters) and share links to a report.
-- A share link's token is never stored, only its SHA-256; times are milliseconds since the epoch (BIGINT).

ALTER TABLE admin_users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'recruiter'));
-- the role of the account a setup link creates
ALTER TABLE admin_setup_tokens ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'recruiter'));

CREATE TABLE report_links (
  id TEXT PRIMARY KEY,
  tracking_id TEXT NOT NULL REFERENCES verifications(tracking_id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,         -- SHA-256 hex of the token in the link
  created_by TEXT NOT NULL,                -- the dashboard account's username, or 'api' (the result's reportUrl)
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT,
  revoked_by TEXT,
  opened_count INTEGER NOT NULL DEFAULT 0, -- every open, also past the recorded ones
  first_opened_at BIGINT,
  last_opened_at BIGINT
);
CREATE INDEX report_links_tracking ON report_links(tracking_id, created_at);
CREATE INDEX report_links_expires ON report_links(expires_at);

-- When a link was opened (the page or its PDF): the first opens of each link are kept, the rest counted.
CREATE TABLE report_link_opens (
  link_id TEXT NOT NULL REFERENCES report_links(id) ON DELETE CASCADE,
  opened_at BIGINT NOT NULL,
  what TEXT NOT NULL CHECK (what IN ('page', 'pdf'))
);
CREATE INDEX report_link_opens_link ON report_link_opens(link_id, opened_at);
