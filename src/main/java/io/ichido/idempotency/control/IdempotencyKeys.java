package io.ichido.idempotency.control;

import io.ichido.idempotency.entity.ClaimOutcome;
import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import io.ichido.idempotency.entity.ClaimOutcome.Completed;
import io.ichido.idempotency.entity.ClaimOutcome.InUse;
import io.ichido.idempotency.entity.ClaimOutcome.Mismatch;
import io.ichido.idempotency.entity.ClaimRequest;
import io.ichido.idempotency.entity.IdempotencyKey;
import io.ichido.idempotency.entity.StoredResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The key store: claim, complete, release and purge, each one short container transaction. */
@ApplicationScoped
public class IdempotencyKeys {

  /*
   * The row count decides the winner: 1 when the key was new, expired, or held by a dead request
   * whose lease has run out (and which asked for the very same thing); 0 when someone else holds
   * it. A conflicting row left alone by the WHERE clause is still locked until this short
   * transaction ends, so the SELECT that follows sees its committed state. Native queries take
   * positional parameters only: named ones are Hibernate's, and EclipseLink sends them as written.
   */
  private static final String CLAIM =
      """
      INSERT INTO idempotency_key AS k
        (scope, idem_key, fingerprint, request_method, request_path, status, claim_token,
         locked_until, created_at, expires_at)
      VALUES (?1, ?2, ?3, ?4, ?5, 'IN_FLIGHT', ?6,
         now() + ?7 * interval '1 millisecond', now(),
         now() + ?8 * interval '1 millisecond')
      ON CONFLICT (scope, idem_key) DO UPDATE SET
        fingerprint = EXCLUDED.fingerprint, request_method = EXCLUDED.request_method,
        request_path = EXCLUDED.request_path, status = 'IN_FLIGHT',
        claim_token = EXCLUDED.claim_token, locked_until = EXCLUDED.locked_until,
        created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at,
        response_status = NULL, response_content_type = NULL, response_location = NULL,
        response_body = NULL, completed_at = NULL
      WHERE k.expires_at <= now()
         OR (k.status = 'IN_FLIGHT' AND k.locked_until <= now()
             AND k.fingerprint = EXCLUDED.fingerprint)
      """;

  private static final String PURGE_BATCH =
      """
      DELETE FROM idempotency_key WHERE id IN (
        SELECT id FROM idempotency_key
        WHERE expires_at <= now() AND (status <> 'IN_FLIGHT' OR locked_until <= now())
        ORDER BY expires_at
        LIMIT ?1
        FOR UPDATE SKIP LOCKED)
      """;

  /** Only one server of a cluster purges at a time; the others skip that round. */
  private static final long PURGE_LOCK = 0x1c41d0_0001L;

  private static final int CLAIM_ATTEMPTS = 3;

  @PersistenceContext EntityManager em;

  @Inject IdempotencyMetrics metrics;

  /** What keeps keys from being stored, in words an operator can act on; empty when nothing. */
  public Optional<String> storeProblem() {
    return LayerCheck.storeProblem(em.getMetamodel())
        .or(() -> LayerCheck.tableProblem(keyTableExists()));
  }

  /**
   * Whether the key table is there, asked the way every other statement here finds it (the data
   * source's search path). Without it each claim fails inside the filter, and the server answers
   * every POST with its own HTML error page instead of refusing the deployment.
   */
  private boolean keyTableExists() {
    Object found =
        em.createNativeQuery("SELECT to_regclass('idempotency_key') IS NOT NULL").getSingleResult();
    return Boolean.TRUE.equals(found);
  }

  /**
   * Outcomes are returned, not thrown: a refused claim is a normal answer, and must not roll back
   * (or log) anything. A claim that was won commits durably: the endpoint may tell the outside
   * world of it before anything else commits.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ClaimOutcome claim(ClaimRequest request) {
    return claim(request, false);
  }

  /**
   * As {@link #claim(ClaimRequest)}; with {@code completedInTheEndpointsCommit}, the claim's own
   * commit does not wait for its WAL to reach the disk. That is safe when the endpoint's writes and
   * the completion commit together, synchronously, after it: PostgreSQL writes WAL in order, so
   * that commit makes the claim durable too, and a crash before it loses the claim together with
   * everything the endpoint did, which a retry then does once. Other sessions see the claim at once
   * either way. On a durable database this saves a request one disk flush of two. Claims that were
   * not won change nothing and never wait for the disk.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ClaimOutcome claim(ClaimRequest request, boolean completedInTheEndpointsCommit) {
    long started = System.nanoTime();
    try {
      for (int attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
        UUID token = UUID.randomUUID();
        int won =
            em.createNativeQuery(CLAIM)
                .setParameter(1, request.scope())
                .setParameter(2, request.key())
                .setParameter(3, request.fingerprint())
                .setParameter(4, request.method())
                .setParameter(5, request.path())
                .setParameter(6, token)
                .setParameter(7, request.lease().toMillis())
                .setParameter(8, request.retention().toMillis())
                .executeUpdate();
        if (won == 1) {
          if (completedInTheEndpointsCommit) {
            commitWithoutWaitingForTheDisk();
          }
          return new Claimed(request.scope(), request.key(), token);
        }
        commitWithoutWaitingForTheDisk();
        IdempotencyKey existing = find(request.scope(), request.key());
        if (existing == null) {
          continue; // released between our statements: try again
        }
        if (!existing.fingerprint().equals(request.fingerprint())) {
          return new Mismatch();
        }
        if (existing.isCompleted()) {
          return new Completed(existing.storedResponse());
        }
        return new InUse(secondsUntil(existing.lockedUntil()));
      }
      return new InUse(1);
    } finally {
      metrics.claimTook(System.nanoTime() - started);
    }
  }

  /** For this transaction only: its commit returns before its WAL is flushed. */
  private void commitWithoutWaitingForTheDisk() {
    em.createNativeQuery("SELECT set_config('synchronous_commit', 'off', true)").getSingleResult();
  }

  /**
   * Records the answer in the caller's transaction, so it commits with the endpoint's own writes.
   *
   * @throws LeaseLost when the claim was taken over; the transaction must then roll back
   */
  @Transactional(TxType.MANDATORY)
  public void complete(Claimed claim, StoredResponse response) {
    if (record(claim, response) != 1) {
      throw new LeaseLost();
    }
  }

  /**
   * Records an answer in a transaction of its own: one produced after the endpoint's transaction
   * already ended (4xx failures), or by an endpoint that runs outside the layer's transaction.
   *
   * @return false when the claim was taken over; nothing was recorded
   */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean completeAlone(Claimed claim, StoredResponse response) {
    return record(claim, response) == 1;
  }

  /** Forgets the claim so that a retry with the same key runs the endpoint again. */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean release(Claimed claim) {
    boolean released =
        em.createNamedQuery(IdempotencyKey.RELEASE)
                .setParameter("scope", claim.scope())
                .setParameter("key", claim.key())
                .setParameter("token", claim.token())
                .executeUpdate()
            == 1;
    if (released) {
      metrics.released();
    }
    return released;
  }

  /**
   * Deletes at most {@code batchSize} expired keys. Rows locked by live traffic are skipped, never
   * waited for.
   *
   * @return rows deleted, or -1 when another server is purging right now
   */
  @Transactional(TxType.REQUIRES_NEW)
  public int purgeBatch(int batchSize) {
    Boolean locked =
        (Boolean)
            em.createNativeQuery("SELECT pg_try_advisory_xact_lock(?1)")
                .setParameter(1, PURGE_LOCK)
                .getSingleResult();
    if (!Boolean.TRUE.equals(locked)) {
      return -1;
    }
    int deleted = em.createNativeQuery(PURGE_BATCH).setParameter(1, batchSize).executeUpdate();
    metrics.purged(deleted);
    return deleted;
  }

  private int record(Claimed claim, StoredResponse response) {
    return em.createNamedQuery(IdempotencyKey.COMPLETE)
        .setParameter("status", response.status())
        .setParameter("contentType", response.contentType())
        .setParameter("location", response.location())
        .setParameter("body", response.body())
        .setParameter("now", Instant.now())
        .setParameter("scope", claim.scope())
        .setParameter("key", claim.key())
        .setParameter("token", claim.token())
        .executeUpdate();
  }

  private IdempotencyKey find(String scope, String key) {
    List<IdempotencyKey> rows =
        em.createNamedQuery(IdempotencyKey.FIND, IdempotencyKey.class)
            .setParameter("scope", scope)
            .setParameter("key", key)
            .getResultList();
    return rows.isEmpty() ? null : rows.get(0);
  }

  private static long secondsUntil(Instant until) {
    if (until == null) {
      return 1;
    }
    return Math.max(1, Duration.between(Instant.now(), until).toSeconds() + 1);
  }
}
