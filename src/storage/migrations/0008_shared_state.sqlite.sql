-- What several replicas on PostgreSQL must share; one SQLite process keeps it elsewhere, so on SQLite the
-- table stays empty (the uploaded PDFs are files in DATA_DIR/resumes) and there are no wake-up triggers
-- (the process wakes its own loops). Created all the same: both dialects have one schema.
CREATE TABLE resume_files (
  tracking_id TEXT PRIMARY KEY,
  body BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX resume_files_created ON resume_files(created_at);
