package io.ichido.idempotency.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * One {@code Idempotency-Key} of one caller. The hot path runs SQL of its own on this mapping's
 * table ({@code IdempotencyKeys}), on the persistence context's connection: the claim is an {@code
 * INSERT ... ON CONFLICT} that also reads the row it did not win, which JPA cannot express, and the
 * completion is one UPDATE that Hibernate would translate from JPQL anew on every request. The
 * release and the purge are rare and go through the mapping or native queries.
 */
@Entity
@Table(name = "idempotency_key")
@NamedQuery(
    name = IdempotencyKey.RELEASE,
    query =
        "DELETE FROM IdempotencyKey k WHERE k.scope = :scope AND k.key = :key"
            + " AND k.claimToken = :token"
            + " AND k.status = io.ichido.idempotency.entity.KeyStatus.IN_FLIGHT")
public class IdempotencyKey {

  public static final String RELEASE = "IdempotencyKey.release";

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(nullable = false, updatable = false)
  private String scope;

  @Column(name = "idem_key", nullable = false, updatable = false)
  private String key;

  @Column(nullable = false, length = 64)
  private String fingerprint;

  @Column(name = "request_method", nullable = false)
  private String requestMethod;

  @Column(name = "request_path", nullable = false)
  private String requestPath;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  private KeyStatus status;

  @Column(name = "claim_token", nullable = false)
  private UUID claimToken;

  @Column(name = "locked_until")
  private Instant lockedUntil;

  @Column(name = "response_status")
  private Integer responseStatus;

  @Column(name = "response_content_type")
  private String responseContentType;

  @Column(name = "response_location")
  private String responseLocation;

  @Column(name = "response_body")
  private byte[] responseBody;

  /** The size of a body too large to keep; null when the body was kept (or there was none). */
  @Column(name = "response_dropped_bytes")
  private Long responseDroppedBytes;

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "completed_at")
  private Instant completedAt;

  @Column(name = "expires_at", nullable = false)
  private Instant expiresAt;

  protected IdempotencyKey() {}

  public String scope() {
    return scope;
  }

  public String key() {
    return key;
  }

  public String fingerprint() {
    return fingerprint;
  }

  public KeyStatus status() {
    return status;
  }

  public UUID claimToken() {
    return claimToken;
  }

  public Instant lockedUntil() {
    return lockedUntil;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  public boolean isCompleted() {
    return status == KeyStatus.COMPLETED;
  }

  /** The recorded answer; only a completed key has one. */
  public StoredResponse storedResponse() {
    if (!isCompleted()) {
      throw new IllegalStateException("Key " + key + " has no response yet");
    }
    return new StoredResponse(
        responseStatus,
        responseContentType,
        responseLocation,
        responseBody,
        responseDroppedBytes == null ? 0 : responseDroppedBytes);
  }
}
