-- The links an ATS is given are no longer stored: the report link's token is derived from the link's id
-- and the re-run page's from the assessment's id, both under the report link key, and added where they
-- are shown (test_status, each assessment.update as it is sent). The addresses stored before are removed:
-- the assessment's profile_url and rerun_url, and the links in the bodies of Ashby updates (their result
-- in words named the re-run page too). An assessment keeps its report link's id and its token's SHA-256,
-- so the link can be shown again and, once its result is purged, be answered as purged. Links given
-- before stay valid for whoever holds them; their tokens were random, so they cannot be shown again.

ALTER TABLE ats_assessments ADD COLUMN report_link_id TEXT;
ALTER TABLE ats_assessments ADD COLUMN report_token_hash TEXT;
UPDATE ats_assessments SET report_link_id = (
  SELECT l.id FROM report_links l JOIN ats_connections c ON c.id = ats_assessments.connection_id
   WHERE l.tracking_id = ats_assessments.tracking_id AND l.created_by = c.kind
   ORDER BY l.created_at DESC, l.id DESC LIMIT 1)
 WHERE state = 'complete' AND tracking_id IS NOT NULL;
UPDATE ats_assessments SET report_token_hash = (SELECT token_hash FROM report_links WHERE id = ats_assessments.report_link_id)
 WHERE report_link_id IS NOT NULL;
ALTER TABLE ats_assessments DROP COLUMN profile_url;
ALTER TABLE ats_assessments DROP COLUMN rerun_url;
CREATE INDEX ats_assessments_report_token ON ats_assessments(report_token_hash);

UPDATE ats_callbacks SET body = json_set(json_remove(body, '$.assessment_profile_url'), '$.metadata',
  json((SELECT json_group_array(json(m.value)) FROM json_each(ats_callbacks.body, '$.metadata') m
    WHERE json_extract(m.value, '$.type') <> 'url')))
 WHERE body IS NOT NULL AND json_valid(body);
UPDATE ats_callbacks SET body = json_set(body, '$.assessment_result.value',
  'no code-hosting account on the resume: add one and run it again on the assessment''s page')
 WHERE body IS NOT NULL AND json_valid(body)
   AND json_extract(body, '$.assessment_result.value') LIKE '%/integrations/assessments/%';
