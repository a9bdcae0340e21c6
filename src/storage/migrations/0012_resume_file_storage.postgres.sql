-- Uploaded PDFs are stored as they are: a PDF's streams are compressed already, so PostgreSQL's TOAST
-- compression (pglz, tried on every value over 2 KB) spent about half a server CPU on ingest for almost
-- no saving (bench:ingest-replicas, 147 KB resume: 119 -> 218 accepted/s on one replica). EXTERNAL keeps
-- the out-of-line storage and drops only the compression; rows already stored are left as they are.
ALTER TABLE resume_files ALTER COLUMN body SET STORAGE EXTERNAL;
