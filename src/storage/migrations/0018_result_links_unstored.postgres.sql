-- A result's share link (reportUrl) is no longer stored: it is derived from the link's id and added as
-- the result is polled or sent. Results and webhook payloads recorded before carry the link's token in
-- plain text; it is removed from both (the link itself stays, and keeps working until it expires or is
-- revoked: only the database no longer holds its token).

UPDATE verifications SET result = (result::jsonb - 'reportUrl')::text
 WHERE result IS NOT NULL AND result LIKE '%"reportUrl"%';
UPDATE webhook_deliveries SET payload = (payload::jsonb - 'reportUrl')::text
 WHERE payload LIKE '%"reportUrl"%';
