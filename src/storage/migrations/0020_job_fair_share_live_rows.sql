-- The fair-share index of migration 17 covered every job row, finished ones too: every completion wrote
-- an entry into it (one more index insert and WAL record per job, on the claim-and-complete path of every
-- replica), and it grew with the whole history though the fair claim only ever reads due and running
-- rows. Two partial indexes answer the same questions ("due jobs by client, oldest first" and "running
-- jobs by client") from the live rows alone: a completion writes no entry, and the indexes stay the size
-- of the queue. Each predicate is the one its query names, so both SQLite and PostgreSQL use them.

DROP INDEX jobs_fair_share;
CREATE INDEX jobs_fair_due ON jobs(fair_key, run_at, id) WHERE state = 'queued';
CREATE INDEX jobs_fair_running ON jobs(fair_key) WHERE state = 'running';
