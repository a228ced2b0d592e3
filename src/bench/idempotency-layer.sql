-- pgbench script for src/bench/bench.sh: the idempotency layer's own SQL for one fresh request,
-- as IdempotencyKeys issues it, without HTTP, JPA or the order itself. Its TPS is the ceiling
-- that the layer's storage puts on POST /api/orders on this machine.
--
-- Two transactions, as in the app: the claim commits on its own; the completion there shares the
-- endpoint's commit, so this slightly overstates the layer's cost.

-- Run with -M prepared (as the app's JDBC driver does), so that the variables are parameters,
-- and with -D scope=principal:shop-a (a colon in a literal here would read as a variable).

-- A random 62-bit number per request makes the key unique across clients and runs.
\set n random(1, 4611686018427387903)

-- (1) The claim (IdempotencyKeys.CLAIM, one statement): lease 2 min, retention 24 h, as the app's
-- defaults. For an endpoint whose writes commit with the completion (POST /api/orders), the
-- statement itself tells the claim's commit not to wait for the disk: the completion's commit
-- flushes both. The token is generated here; the app generates it in Java.
BEGIN;
WITH claimed AS (INSERT INTO idempotency_key AS k (scope, idem_key, fingerprint, request_method, request_path, status, claim_token, locked_until, created_at, expires_at)
VALUES (:scope, 'pgb-' || :client_id::text || '-' || :n::text, md5(:n::text) || md5(:client_id::text), 'POST', '/orders', 'IN_FLIGHT', md5(:n::text || '-' || :client_id::text)::uuid, now() + 120000 * interval '1 millisecond', now(), now() + 86400000 * interval '1 millisecond')
ON CONFLICT (scope, idem_key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, request_method = EXCLUDED.request_method, request_path = EXCLUDED.request_path, status = 'IN_FLIGHT', claim_token = EXCLUDED.claim_token, locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, response_status = NULL, response_content_type = NULL, response_location = NULL, response_body = NULL, response_dropped_bytes = NULL, completed_at = NULL
WHERE k.expires_at <= now() OR (k.status = 'IN_FLIGHT' AND k.locked_until <= now() AND k.fingerprint = EXCLUDED.fingerprint)
RETURNING k.expires_at)
SELECT c.won, set_config('synchronous_commit', CASE WHEN true OR NOT c.won THEN 'off' ELSE current_setting('synchronous_commit') END, true) AS commit_waits, k.fingerprint, k.status, floor(extract(epoch FROM k.locked_until - clock_timestamp()))::bigint AS held_seconds, k.response_status, k.response_content_type, k.response_location, k.response_body, k.response_dropped_bytes, COALESCE(c.won_expires_at, k.expires_at) AS expires_at
FROM (SELECT EXISTS (SELECT 1 FROM claimed) AS won, (SELECT expires_at FROM claimed) AS won_expires_at) c
LEFT JOIN idempotency_key k ON NOT c.won AND k.scope = :scope AND k.idem_key = 'pgb-' || :client_id::text || '-' || :n::text AND k.expires_at > now() AND NOT (k.status = 'IN_FLIGHT' AND k.locked_until <= now() AND k.fingerprint = md5(:n::text) || md5(:client_id::text));
COMMIT;

-- (2) The completion (IdempotencyKeys.COMPLETE) with a stored answer of 480 bytes: a one-line
-- order's JSON is about 300, so this errs on the heavy side.
UPDATE idempotency_key SET status = 'COMPLETED', response_status = 201, response_content_type = CAST('application/json' AS text), response_location = CAST('http://localhost/api/orders/' || :n::text AS text), response_body = CAST(convert_to(repeat('x', 480), 'UTF8') AS bytea), response_dropped_bytes = CAST(NULL AS bigint), completed_at = clock_timestamp(), locked_until = NULL
WHERE scope = :scope AND idem_key = 'pgb-' || :client_id::text || '-' || :n::text AND claim_token = md5(:n::text || '-' || :client_id::text)::uuid AND status = 'IN_FLIGHT';
