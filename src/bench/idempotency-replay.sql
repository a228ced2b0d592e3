-- pgbench script for src/bench/bench.sh: the idempotency layer's SQL for one replay, as
-- IdempotencyKeys.claim issues it, without HTTP or JPA. Its TPS is the ceiling that the layer's
-- storage puts on replays on this machine.
--
-- The claim's upsert finds the key completed and changes nothing, but still locks the row (so the
-- SELECT sees its committed state, and the commit has a row lock to write); then the named query
-- IdempotencyKey.FIND reads it, as Hibernate words it. One transaction, as in the app (claim is
-- REQUIRES_NEW); pgbench's BEGIN costs a round trip the JDBC driver saves, so this slightly
-- understates what the storage allows.
--
-- Run with -M prepared, -D scope=principal:shop-a and -D keys=N, after bench.sh has stored the
-- completed keys pgr-1 to pgr-N with the fingerprint used here.

\set i random(1, :keys)

BEGIN;

-- (1) The claim (IdempotencyKeys.CLAIM), with the same fingerprint: a replay.
INSERT INTO idempotency_key AS k (scope, idem_key, fingerprint, request_method, request_path, status, claim_token, locked_until, created_at, expires_at)
VALUES (:scope, 'pgr-' || :i::text, md5(:i::text) || md5(:i::text), 'POST', '/bench/echo', 'IN_FLIGHT', gen_random_uuid(), now() + 120000 * interval '1 millisecond', now(), now() + 86400000 * interval '1 millisecond')
ON CONFLICT (scope, idem_key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, request_method = EXCLUDED.request_method, request_path = EXCLUDED.request_path, status = 'IN_FLIGHT', claim_token = EXCLUDED.claim_token, locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, response_status = NULL, response_content_type = NULL, response_location = NULL, response_body = NULL, completed_at = NULL
WHERE k.expires_at <= now() OR (k.status = 'IN_FLIGHT' AND k.locked_until <= now() AND k.fingerprint = EXCLUDED.fingerprint);

-- A claim that was not won changes nothing: the app commits it without waiting for the disk.
SELECT set_config('synchronous_commit', 'off', true);

-- (2) IdempotencyKey.FIND: every column of the entity, in Hibernate's order.
select ik1_0.id,ik1_0.claim_token,ik1_0.completed_at,ik1_0.created_at,ik1_0.expires_at,ik1_0.fingerprint,ik1_0.idem_key,ik1_0.locked_until,ik1_0.request_method,ik1_0.request_path,ik1_0.response_body,ik1_0.response_content_type,ik1_0.response_location,ik1_0.response_status,ik1_0.scope,ik1_0.status from idempotency_key ik1_0 where ik1_0.scope=:scope and ik1_0.idem_key='pgr-' || :i::text;

COMMIT;
