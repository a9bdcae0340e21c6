-- Fair scheduling across clients: each job names whose work it is (fair_key: the client's id for a
-- verification; null for work that belongs to nobody), so a claim can serve the client with the least
-- running work first and hold one client's jobs back at its share. The index answers "running and due
-- jobs by client" without reading the rows. Jobs queued or running before the column existed get theirs
-- from their verification.

ALTER TABLE jobs ADD COLUMN fair_key TEXT;
CREATE INDEX jobs_fair_share ON jobs(state, fair_key, run_at);
UPDATE jobs SET fair_key = (SELECT v.client_id FROM verifications v WHERE v.job_id = jobs.id)
 WHERE kind = 'verification' AND state IN ('queued', 'running');
