-- A login attempt is reserved as a failure row before the password is checked (issue 15) and a
-- success takes its reservation back by the row's id: SQLite's rowid, here an identity column.
ALTER TABLE admin_login_failures ADD COLUMN id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
