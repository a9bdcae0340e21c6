-- A result's share link (reportUrl) is no longer stored: it is derived from the link's id and added as
-- the result is polled or sent. Results and webhook payloads recorded before carry the link's token in
-- plain text; it is removed from both (the link itself stays, and keeps working until it expires or is
-- revoked: only the database no longer holds its token).

UPDATE verifications SET result = json_remove(result, '$.reportUrl')
 WHERE result IS NOT NULL AND result LIKE '%"reportUrl"%' AND json_valid(result);
UPDATE webhook_deliveries SET payload = json_remove(payload, '$.reportUrl')
 WHERE payload LIKE '%"reportUrl"%' AND json_valid(payload);
