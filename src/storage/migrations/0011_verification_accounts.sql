-- A verification's accounts on hosts other than GitHub (GitLab, Gitea/Forgejo): a JSON array of
-- "host:username" values, null when none were given. host_username is '' when only these were given.

ALTER TABLE verifications ADD COLUMN accounts TEXT;
