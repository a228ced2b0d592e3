package io.ichido.notifications.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * One email in the outbox: what to send, and how sending it has gone so far. A sender that claimed
 * it holds a lease ({@code lease_until}, {@code lease_token}) while it talks to SMTP outside any
 * transaction; only the holder of the current token may record the outcome.
 */
@Entity
@Table(name = "email_outbox")
public class OutboxEmail {

  /** PENDING until the SMTP server took it (SENT) or we gave up (FAILED). */
  public enum Status {
    PENDING,
    SENT,
    FAILED
  }

  private static final int MAX_ERROR = 1000;

  @Id private Long id;

  @Column(name = "dedupe_key", nullable = false, updatable = false)
  private String dedupeKey;

  @Column(name = "order_id", updatable = false)
  private Long orderId;

  @Column(nullable = false, updatable = false)
  private String recipient;

  @Column(nullable = false, updatable = false)
  private String subject;

  @Column(nullable = false, updatable = false)
  private String body;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  private Status status;

  @Column(nullable = false)
  private int attempts;

  @Column(name = "next_attempt_at", nullable = false)
  private Instant nextAttemptAt;

  @Column(name = "last_error")
  private String lastError;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "sent_at")
  private Instant sentAt;

  @Column(name = "lease_until")
  private Instant leaseUntil;

  @Column(name = "lease_token")
  private UUID leaseToken;

  protected OutboxEmail() {}

  public void sent() {
    attempts++;
    status = Status.SENT;
    sentAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
    lastError = null;
    released();
  }

  /** Sending failed: try again after {@code delay}, or give up once attempts run out. */
  public void failed(String error, Duration delay, int maxAttempts) {
    attempts++;
    lastError = error == null ? null : error.substring(0, Math.min(error.length(), MAX_ERROR));
    if (attempts >= maxAttempts) {
      status = Status.FAILED;
    } else {
      nextAttemptAt = Instant.now().plus(delay).truncatedTo(ChronoUnit.MICROS);
    }
    released();
  }

  /**
   * Whether the claim that handed out {@code token} still holds this email: false once its lease
   * ran out and another sender claimed it, or once an outcome was recorded.
   */
  public boolean leasedTo(UUID token) {
    return leaseToken != null && leaseToken.equals(token);
  }

  private void released() {
    leaseUntil = null;
    leaseToken = null;
  }

  public Long id() {
    return id;
  }

  public String dedupeKey() {
    return dedupeKey;
  }

  public Long orderId() {
    return orderId;
  }

  public String recipient() {
    return recipient;
  }

  public String subject() {
    return subject;
  }

  public String body() {
    return body;
  }

  public Status status() {
    return status;
  }

  public int attempts() {
    return attempts;
  }
}
