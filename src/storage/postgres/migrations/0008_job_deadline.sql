-- Every attempt of a job runs under a deadline (JOB_DEADLINE): set when the job is claimed, cleared when it
-- stops running. A heartbeat never extends the lease past it, so work that hangs cannot keep its slot.
ALTER TABLE jobs ADD COLUMN deadline_at BIGINT;
-- What a job in progress is waiting for beside its stage (e.g. GitHub unreachable, and when the job gives
-- up), as JSON, so that a poll answered by any replica shows it; SQLite's one process keeps it in memory.
ALTER TABLE verifications ADD COLUMN stage_detail TEXT;
