-- Dashboard access: administrators, their sessions, one-time setup tokens, and failed logins (throttle).
-- Secrets are never stored: sessions and setup tokens are kept as SHA-256 hashes, passwords as argon2id.
-- Times are integer milliseconds since the Unix epoch, passed in by the application's clock.
-- Administrator names are CITEXT: case-insensitive, as SQLite's COLLATE NOCASE.

CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE admin_users (
  id TEXT PRIMARY KEY,
  username CITEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,             -- Bun.password argon2id (PHC string)
  created_at BIGINT NOT NULL,
  last_login_at BIGINT
);

CREATE TABLE admin_sessions (
  token_hash TEXT PRIMARY KEY,             -- SHA-256 hex of the cookie value
  admin_id TEXT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
  csrf_token TEXT NOT NULL,                -- echoed in every form of this session
  flash TEXT,                              -- one notice for the next page, then cleared
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL              -- sliding idle expiry, never past created_at + the absolute lifetime
);
CREATE INDEX admin_sessions_admin ON admin_sessions(admin_id);
CREATE INDEX admin_sessions_expires ON admin_sessions(expires_at);

CREATE TABLE admin_setup_tokens (
  token_hash TEXT PRIMARY KEY,             -- SHA-256 hex of the token in the setup link
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT,
  used_by TEXT                             -- the admin created with it
);

CREATE TABLE admin_login_failures (
  scope TEXT NOT NULL CHECK (scope IN ('user', 'ip')),
  subject TEXT NOT NULL,                   -- lower-cased username, or the client address
  at BIGINT NOT NULL
);
CREATE INDEX admin_login_failures_subject ON admin_login_failures(scope, subject, at);
