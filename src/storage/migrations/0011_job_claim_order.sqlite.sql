-- The claim takes the oldest due jobs of a kind in (run_at, id) order: the index names id, as PostgreSQL's
-- does (SQLite's index ended with the rowid already, so the plan is the same).
DROP INDEX jobs_due;
CREATE INDEX jobs_due ON jobs(kind, run_at, id) WHERE state = 'queued';
