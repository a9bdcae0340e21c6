-- A failed login for a username records the address it came from: the throttle counts failures per
-- username and address, so one address guessing cannot lock the administrator out everywhere.
ALTER TABLE admin_login_failures ADD COLUMN address TEXT;
CREATE INDEX admin_login_failures_address ON admin_login_failures(address, at);

-- A setup link created while no administrator exists (each replica prints one at start) is for the
-- first administrator only: once one exists, every such link still unused is revoked.
ALTER TABLE admin_setup_tokens ADD COLUMN first_admin INTEGER NOT NULL DEFAULT 0;
