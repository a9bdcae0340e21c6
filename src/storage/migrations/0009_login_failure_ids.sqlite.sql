-- A login attempt is reserved as a failure row before the password is checked, and a success takes its
-- reservation back by the row's id: the rowid, named as a column (SQLite adds no primary key to a table in
-- place, so the table is rebuilt; each row keeps its rowid as its id).
CREATE TABLE admin_login_failures_rebuilt (
  id INTEGER PRIMARY KEY,
  scope TEXT NOT NULL CHECK (scope IN ('user', 'ip')),
  subject TEXT NOT NULL,                   -- lower-cased username, or the client address
  at INTEGER NOT NULL,
  address TEXT                             -- a username's failure: the address it came from
);
INSERT INTO admin_login_failures_rebuilt (id, scope, subject, at, address)
  SELECT rowid, scope, subject, at, address FROM admin_login_failures;
DROP TABLE admin_login_failures;
ALTER TABLE admin_login_failures_rebuilt RENAME TO admin_login_failures;
CREATE INDEX admin_login_failures_subject ON admin_login_failures(scope, subject, at);
CREATE INDEX admin_login_failures_address ON admin_login_failures(address, at);
