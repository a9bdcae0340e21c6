-- What a job in progress is waiting for beside its stage (e.g. GitHub unreachable, and when the job gives
-- up), as JSON, so that a poll answered by any replica shows it (PostgreSQL); a single SQLite process keeps
-- it in memory, so the column stays empty there.
ALTER TABLE verifications ADD COLUMN stage_detail TEXT;
