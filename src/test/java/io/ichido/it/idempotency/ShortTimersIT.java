package io.ichido.it.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The EJB timer purge of expired keys: the shared deployment purges every 2 s, in batches of 3. */
class ShortTimersIT extends OnSharedDeployment {

  private static void key(String scope, String name, String status, String lease, String expiry) {
    Db.update(
        "INSERT INTO idempotency_key (scope, idem_key, fingerprint, request_method, request_path,"
            + " status, claim_token, locked_until, response_status, created_at, expires_at)"
            + " VALUES (?, ?, repeat('0', 64), 'POST', '/x', ?, gen_random_uuid(),"
            + " now() + CAST(? AS interval), CASE WHEN ? = 'COMPLETED' THEN 201 END,"
            + " now() - interval '2 days', now() + CAST(? AS interval))",
        scope,
        name,
        status,
        lease,
        status,
        expiry);
  }

  @Test
  @DisplayName("the EJB timer purges expired keys in batches, and nothing else")
  void purgeRemovesExpiredOnly() throws Exception {
    String scope = "purge-" + UUID.randomUUID();
    for (int i = 0; i < 7; i++) {
      key(scope, "expired-" + i, "COMPLETED", "-1 day", "-1 second");
    }
    key(scope, "dead-and-expired", "IN_FLIGHT", "-1 minute", "-1 second");
    key(scope, "live", "COMPLETED", "-1 day", "1 day");
    key(scope, "in-flight", "IN_FLIGHT", "1 hour", "1 day");
    key(scope, "expired-but-running", "IN_FLIGHT", "1 hour", "-1 second");

    Await.until(
        "the purge timer to remove the expired keys",
        () ->
            Db.count(
                    "SELECT count(*) FROM idempotency_key WHERE scope = ? AND expires_at <= now()"
                        + " AND (status <> 'IN_FLIGHT' OR locked_until <= now())",
                    scope)
                == 0);

    assertThat(
            Db.count(
                "SELECT count(*) FROM idempotency_key WHERE scope = ? AND idem_key IN"
                    + " ('live', 'in-flight', 'expired-but-running')",
                scope))
        .isEqualTo(3);
    assertThat(Db.count("SELECT count(*) FROM idempotency_key WHERE scope = ?", scope))
        .isEqualTo(3);
  }
}
