-- What a job in progress is doing (issue 14's `stage`: extracting, fetching, analysing), kept in the
-- row so that a poll answered by any replica shows it; a single SQLite process keeps it in memory.
ALTER TABLE verifications ADD COLUMN stage TEXT;
