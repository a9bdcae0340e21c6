-- What one machine keeps outside the database and several replicas must share.

-- Uploaded PDFs (DATA_DIR/resumes/<tracking_id>.pdf on SQLite): any replica may work the job. Same rules:
-- written and committed before the job's row, deleted with the verification's resume by retention or
-- an admin, rows no verification claims swept after a grace period.
CREATE TABLE resume_files (
  tracking_id TEXT PRIMARY KEY,
  body BYTEA NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX resume_files_created ON resume_files(created_at);

-- Wake idle workers and webhook dispatchers on every replica: a committed insert (or a row due again)
-- notifies, whichever replica or CLI command wrote it. NOTIFY is delivered at commit, once per
-- transaction and channel.
CREATE FUNCTION claimcheck_notify_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'queued' THEN PERFORM pg_notify('claimcheck_jobs', ''); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER jobs_notify AFTER INSERT OR UPDATE OF state, run_at ON jobs
  FOR EACH ROW EXECUTE FUNCTION claimcheck_notify_jobs();

CREATE FUNCTION claimcheck_notify_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.next_attempt_at IS NOT NULL AND NEW.lease_token IS NULL THEN PERFORM pg_notify('claimcheck_webhooks', ''); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_deliveries_notify AFTER INSERT OR UPDATE OF next_attempt_at ON webhook_deliveries
  FOR EACH ROW EXECUTE FUNCTION claimcheck_notify_webhooks();
