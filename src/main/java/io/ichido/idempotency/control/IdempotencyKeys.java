package io.ichido.idempotency.control;

import io.ichido.idempotency.entity.ClaimOutcome;
import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import io.ichido.idempotency.entity.ClaimOutcome.Completed;
import io.ichido.idempotency.entity.ClaimOutcome.InUse;
import io.ichido.idempotency.entity.ClaimOutcome.Mismatch;
import io.ichido.idempotency.entity.ClaimRequest;
import io.ichido.idempotency.entity.IdempotencyKey;
import io.ichido.idempotency.entity.KeyStatus;
import io.ichido.idempotency.entity.StoredResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The key store: claim, complete, release and purge, each one short container transaction. */
@ApplicationScoped
public class IdempotencyKeys {

  /*
   * One statement, one round trip, for every outcome. The upsert (the CTE) wins the key when it was
   * new, expired, or held by a dead request whose lease has run out (and which asked for the very
   * same thing); a conflicting row the WHERE clause leaves alone stays locked until this short
   * transaction ends. When it did not win, the outer SELECT reads the row as the statement's
   * snapshot saw it, for the replay, 409 or 422. Rows the upsert would have taken (expired, or a
   * dead holder's with this fingerprint) are not believed: another claimant may have taken them
   * over after the snapshot, so they read as "not found" and the claim is tried again, in a new
   * statement with a new snapshot. The one answer that snapshot can make stale is "in flight" for
   * a key completed in the meantime: a 409 its client retries, never a wrong replay.
   *
   * The same statement says whether this transaction's commit waits for the disk
   * (synchronous_commit, for this transaction only): not for a claim that was not won (it changes
   * nothing), nor for one whose endpoint's commit carries the completion (?9; see claim).
   * Native queries take positional parameters only: named ones are Hibernate's.
   */
  static final String CLAIM =
      """
      WITH claimed AS (
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
          response_body = NULL, response_dropped_bytes = NULL, completed_at = NULL
        WHERE k.expires_at <= now()
           OR (k.status = 'IN_FLIGHT' AND k.locked_until <= now()
               AND k.fingerprint = EXCLUDED.fingerprint)
        RETURNING k.expires_at)
      SELECT c.won,
        set_config('synchronous_commit',
          CASE WHEN ?9 OR NOT c.won THEN 'off' ELSE current_setting('synchronous_commit') END,
          true) AS commit_waits,
        k.fingerprint, k.status,
        floor(extract(epoch FROM k.locked_until - clock_timestamp()))::bigint AS held_seconds,
        k.response_status, k.response_content_type, k.response_location, k.response_body,
        k.response_dropped_bytes, COALESCE(c.won_expires_at, k.expires_at) AS expires_at
      FROM (SELECT EXISTS (SELECT 1 FROM claimed) AS won,
                   (SELECT expires_at FROM claimed) AS won_expires_at) c
      LEFT JOIN idempotency_key k ON NOT c.won AND k.scope = ?1 AND k.idem_key = ?2
        AND k.expires_at > now()
        AND NOT (k.status = 'IN_FLIGHT' AND k.locked_until <= now() AND k.fingerprint = ?3)
      """;

  /*
   * The completion, fenced by the claim's token. Native, not JPQL, although it touches only
   * mapped columns: Hibernate translates a JPQL bulk UPDATE into SQL anew on every execution,
   * which the benchmark's profile put at 110 us of CPU per request, more than the statement's own
   * round trip. The casts let an absent content type, location or body bind as an untyped null.
   */
  static final String COMPLETE =
      """
      UPDATE idempotency_key SET status = 'COMPLETED', response_status = ?1,
        response_content_type = CAST(?2 AS text), response_location = CAST(?3 AS text),
        response_body = CAST(?4 AS bytea), response_dropped_bytes = CAST(?8 AS bigint),
        completed_at = clock_timestamp(), locked_until = NULL
      WHERE scope = ?5 AND idem_key = ?6 AND claim_token = ?7 AND status = 'IN_FLIGHT'
      """;

  /*
   * A failed request lets go of its key but leaves its request with it (Idempotent.Failures
   * RETRIED): the lease ends now, so the claim statement lets the same request take the key over,
   * as it would a holder that died, and refuses any other request (422) until the key expires.
   */
  private static final String LET_GO =
      """
      UPDATE idempotency_key SET locked_until = now()
      WHERE scope = ?1 AND idem_key = ?2 AND claim_token = ?3 AND status = 'IN_FLIGHT'
      """;

  private static final PositionalSql CLAIM_JDBC = PositionalSql.of(CLAIM);
  private static final PositionalSql COMPLETE_JDBC = PositionalSql.of(COMPLETE);

  private static final String PURGE_BATCH =
      """
      DELETE FROM idempotency_key WHERE id IN (
        SELECT id FROM idempotency_key
        WHERE expires_at <= now() AND (status <> 'IN_FLIGHT' OR locked_until <= now())
        ORDER BY expires_at
        LIMIT ?1
        FOR UPDATE SKIP LOCKED)
      RETURNING scope, idem_key, request_method, request_path, response_status, expires_at
      """;

  /** Only one server of a cluster purges at a time; the others skip that round. */
  private static final long PURGE_LOCK = 0x1c41d0_0001L;

  private static final int CLAIM_ATTEMPTS = 3;

  @PersistenceContext EntityManager em;

  @Inject IdempotencyMetrics metrics;

  /**
   * What keeps keys from being stored, in words an operator can act on; empty when nothing. In a
   * transaction of its own: outside one, Liberty keeps the connection of the table check with the
   * request's local transaction until the request ends, and the claim that follows needs a second
   * one. A burst of first requests after a deploy then held every pooled connection while each
   * waited for another (J2CA0045E after 10 s).
   */
  @Transactional(TxType.REQUIRES_NEW)
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
    return claim(request, completedInTheEndpointsCommit, UUID.randomUUID());
  }

  /**
   * As {@link #claim(ClaimRequest, boolean)}, with the token the claim takes if won: a caller that
   * knows it can release a claim whose commit failed with its outcome unknown (the database went
   * away during COMMIT), which may have committed all the same.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ClaimOutcome claim(
      ClaimRequest request, boolean completedInTheEndpointsCommit, UUID token) {
    long started = System.nanoTime();
    try {
      for (int attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
        Object[] row =
            claimRow(
                request.scope(),
                request.key(),
                request.fingerprint(),
                request.method(),
                request.path(),
                token,
                request.lease().toMillis(),
                request.retention().toMillis(),
                completedInTheEndpointsCommit);
        Instant expiresAt = instant(row[10]);
        if (Boolean.TRUE.equals(row[0])) {
          return new Claimed(request.scope(), request.key(), token, expiresAt);
        }
        String fingerprint = (String) row[2];
        if (fingerprint == null) {
          continue; // released, expired or taken over between snapshot and lock: try again
        }
        if (!fingerprint.equals(request.fingerprint())) {
          return new Mismatch(expiresAt);
        }
        if (KeyStatus.COMPLETED.name().equals(row[3])) {
          return new Completed(
              new StoredResponse(
                  ((Number) row[5]).intValue(),
                  (String) row[6],
                  (String) row[7],
                  (byte[]) row[8],
                  row[9] == null ? 0 : ((Number) row[9]).longValue()),
              expiresAt);
        }
        return new InUse(
            row[4] == null ? 1 : Math.max(1, ((Number) row[4]).longValue() + 1), expiresAt);
      }
      return new InUse(1);
    } finally {
      metrics.claimTook(System.nanoTime() - started);
    }
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
   * Lets go of the claim but keeps its request with the key: the same request again takes it over
   * and runs, another one is refused as a reuse, until the key expires.
   *
   * @return false when the claim was no longer this caller's
   */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean letGo(Claimed claim) {
    boolean let =
        em.createNativeQuery(LET_GO)
                .setParameter(1, claim.scope())
                .setParameter(2, claim.key())
                .setParameter(3, claim.token())
                .executeUpdate()
            == 1;
    if (let) {
      metrics.released();
    }
    return let;
  }

  /** A key the purge forgot, as its event tells of it. */
  public record Expired(
      String scope, String key, String method, String path, int status, Instant expiresAt) {}

  /**
   * Deletes at most {@code batchSize} expired keys. Rows locked by live traffic are skipped, never
   * waited for.
   *
   * @return the keys deleted, or empty when another server is purging right now
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Optional<List<Expired>> purgeBatch(int batchSize) {
    Boolean locked =
        (Boolean)
            em.createNativeQuery("SELECT pg_try_advisory_xact_lock(?1)")
                .setParameter(1, PURGE_LOCK)
                .getSingleResult();
    if (!Boolean.TRUE.equals(locked)) {
      return Optional.empty();
    }
    List<Expired> deleted = new ArrayList<>();
    for (Object found :
        em.createNativeQuery(PURGE_BATCH).setParameter(1, batchSize).getResultList()) {
      Object[] row = (Object[]) found;
      deleted.add(
          new Expired(
              (String) row[0],
              (String) row[1],
              (String) row[2],
              (String) row[3],
              row[4] == null ? 0 : ((Number) row[4]).intValue(),
              instant(row[5])));
    }
    metrics.purged(deleted.size());
    return Optional.of(deleted);
  }

  private static Instant instant(Object column) {
    if (column == null) {
      return null;
    }
    if (column instanceof Instant instant) {
      return instant;
    }
    if (column instanceof java.time.OffsetDateTime offset) {
      return offset.toInstant();
    }
    if (column instanceof java.sql.Timestamp timestamp) {
      return timestamp.toInstant();
    }
    throw new IllegalStateException("Not a timestamp: " + column.getClass().getName());
  }

  private int record(Claimed claim, StoredResponse response) {
    Object[] values = {
      response.status(),
      response.contentType(),
      response.location(),
      response.body(),
      claim.scope(),
      claim.key(),
      claim.token(),
      response.bodyDropped() ? response.droppedBytes() : null
    };
    Integer updated =
        em.callWithConnection(
            (Connection connection) -> {
              if (connection == null) {
                return null;
              }
              try (PreparedStatement complete = COMPLETE_JDBC.prepare(connection, values)) {
                return complete.executeUpdate();
              }
            });
    return updated != null ? updated : nativeQuery(COMPLETE, values).executeUpdate();
  }

  /**
   * The claim statement's one row, its columns as the outcome reads them. Run on the persistence
   * context's own connection (in the claim's transaction) without a JPA query around it: Hibernate
   * spent ~70 us of CPU on each native query of the hot path (bench.sh's profile, 2026-12-05),
   * about as much as its round trip. A provider that has not taken a connection for the transaction
   * yet hands none (EclipseLink): then as a native query, as before.
   */
  private Object[] claimRow(Object... values) {
    Object[] row =
        em.callWithConnection(
            (Connection connection) -> connection == null ? null : claimRow(connection, values));
    return row != null ? row : (Object[]) nativeQuery(CLAIM, values).getSingleResult();
  }

  private static Object[] claimRow(Connection connection, Object... values) throws SQLException {
    try (PreparedStatement claim = CLAIM_JDBC.prepare(connection, values);
        ResultSet row = claim.executeQuery()) {
      if (!row.next()) {
        throw new IllegalStateException("The claim statement always answers one row");
      }
      return new Object[] {
        row.getBoolean(1),
        row.getString(2),
        row.getString(3),
        row.getString(4),
        row.getObject(5),
        row.getObject(6),
        row.getString(7),
        row.getString(8),
        row.getBytes(9),
        row.getObject(10),
        row.getObject(11, OffsetDateTime.class)
      };
    }
  }

  /** {@code sql} as a JPA native query, {@code values[N - 1]} bound to {@code ?N}. */
  private Query nativeQuery(String sql, Object... values) {
    Query query = em.createNativeQuery(sql);
    for (int i = 0; i < values.length; i++) {
      query.setParameter(i + 1, values[i]);
    }
    return query;
  }
}
