-- pgbench script for src/bench/bench.sh: the idempotency layer's SQL for one replay, as
-- IdempotencyKeys.claim issues it, without HTTP or JPA. Its TPS is the ceiling that the layer's
-- storage puts on replays on this machine.
--
-- One statement in one transaction, as in the app (claim is REQUIRES_NEW): the claim's upsert
-- finds the key completed and changes nothing, but still locks the row; the same statement reads
-- the answer and tells the commit not to wait for the disk. pgbench's BEGIN costs a round trip
-- the JDBC driver saves, so this slightly understates what the storage allows.
--
-- Run with -M prepared, -D scope=principal:shop-a and -D keys=N, after bench.sh has stored the
-- completed keys pgr-1 to pgr-N with the fingerprint used here.

\set i random(1, :keys)

BEGIN;
WITH claimed AS (INSERT INTO idempotency_key AS k (scope, idem_key, fingerprint, request_method, request_path, status, claim_token, locked_until, created_at, expires_at)
VALUES (:scope, 'pgr-' || :i::text, md5(:i::text) || md5(:i::text), 'POST', '/bench/echo', 'IN_FLIGHT', gen_random_uuid(), now() + 120000 * interval '1 millisecond', now(), now() + 86400000 * interval '1 millisecond')
ON CONFLICT (scope, idem_key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, request_method = EXCLUDED.request_method, request_path = EXCLUDED.request_path, status = 'IN_FLIGHT', claim_token = EXCLUDED.claim_token, locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, response_status = NULL, response_content_type = NULL, response_location = NULL, response_body = NULL, response_dropped_bytes = NULL, completed_at = NULL
WHERE k.expires_at <= now() OR (k.status = 'IN_FLIGHT' AND k.locked_until <= now() AND k.fingerprint = EXCLUDED.fingerprint)
RETURNING k.expires_at)
SELECT c.won, set_config('synchronous_commit', CASE WHEN true OR NOT c.won THEN 'off' ELSE current_setting('synchronous_commit') END, true) AS commit_waits, k.fingerprint, k.status, floor(extract(epoch FROM k.locked_until - clock_timestamp()))::bigint AS held_seconds, k.response_status, k.response_content_type, k.response_location, k.response_body, k.response_dropped_bytes, COALESCE(c.won_expires_at, k.expires_at) AS expires_at
FROM (SELECT EXISTS (SELECT 1 FROM claimed) AS won, (SELECT expires_at FROM claimed) AS won_expires_at) c
LEFT JOIN idempotency_key k ON NOT c.won AND k.scope = :scope AND k.idem_key = 'pgr-' || :i::text AND k.expires_at > now() AND NOT (k.status = 'IN_FLIGHT' AND k.locked_until <= now() AND k.fingerprint = md5(:i::text) || md5(:i::text));
COMMIT;
