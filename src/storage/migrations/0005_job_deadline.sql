-- Every attempt of a job runs under a deadline (JOB_DEADLINE): set when the job is claimed, cleared when it
-- stops running. A heartbeat never extends the lease past it, so work that hangs cannot keep its slot.
ALTER TABLE jobs ADD COLUMN deadline_at INTEGER;
