-- As SQLite migration 0006: failed logins keep their address (per username-and-address throttling), and
-- setup links created while no administrator exists are revoked once one does.
ALTER TABLE admin_login_failures ADD COLUMN address TEXT;
CREATE INDEX admin_login_failures_address ON admin_login_failures(address, at);
ALTER TABLE admin_setup_tokens ADD COLUMN first_admin INTEGER NOT NULL DEFAULT 0;
