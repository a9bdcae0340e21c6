-- A login attempt is reserved as a failure row before the password is checked, and a success takes its
-- reservation back by the row's id.
ALTER TABLE admin_login_failures ADD COLUMN id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
