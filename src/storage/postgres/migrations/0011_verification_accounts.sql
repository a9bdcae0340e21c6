-- As the SQLite migration 0011_verification_accounts.sql: a verification's accounts on hosts other than
-- GitHub, a JSON array of "host:username" values, null when none were given.

ALTER TABLE verifications ADD COLUMN accounts TEXT;
