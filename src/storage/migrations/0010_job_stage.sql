-- What a job in progress is doing (extracting, fetching, analysing), kept in the row so that a poll
-- answered by any replica shows it (PostgreSQL); a single SQLite process keeps it in memory.
ALTER TABLE verifications ADD COLUMN stage TEXT;
