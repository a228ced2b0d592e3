package io.ichido.notifications.control;

import io.ichido.notifications.entity.ClaimedEmail;
import io.ichido.notifications.entity.EmailAttempted;
import io.ichido.notifications.entity.OutboxEmail;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The outbox's short transactions around a send: claim a batch under a lease, then record each
 * outcome if the lease is still ours. Each method commits before it returns, so no row lock or
 * connection outlives it.
 */
@ApplicationScoped
public class OutboxLeases {

  private static final Logger LOG = Logger.getLogger(OutboxLeases.class.getName());

  /**
   * Due, not leased by a live claim, oldest first. SKIP LOCKED lets two senders claim at once
   * without waiting for each other; the lease keeps the rows theirs after this commits.
   */
  private static final String CLAIM =
      """
      UPDATE email_outbox
      SET lease_until = now() + :leaseMillis * interval '1 millisecond', lease_token = :token
      WHERE id IN (
        SELECT id FROM email_outbox
        WHERE status = 'PENDING' AND next_attempt_at <= now()
          AND (lease_until IS NULL OR lease_until < now())
        ORDER BY next_attempt_at
        LIMIT :limit
        FOR UPDATE SKIP LOCKED)
      RETURNING id, dedupe_key, order_id, recipient, subject, body, attempts
      """;

  private static final String RELEASE =
      """
      UPDATE email_outbox SET lease_until = NULL, lease_token = NULL
      WHERE id IN (:ids) AND lease_token = :token
      """;

  @PersistenceContext EntityManager em;

  @Inject MailSettings settings;
  @Inject Event<EmailAttempted> attempted;

  /** Leases up to {@code limit} due emails to a new token; an empty claim when none is due. */
  @Transactional(TxType.REQUIRES_NEW)
  public Claim claim(int limit) {
    long started = System.nanoTime();
    UUID token = UUID.randomUUID();
    List<?> rows =
        em.createNativeQuery(CLAIM)
            .setParameter("leaseMillis", settings.lease().toMillis())
            .setParameter("token", token)
            .setParameter("limit", limit)
            .getResultList();
    List<ClaimedEmail> emails =
        rows.stream()
            .map(Object[].class::cast)
            .map(
                row ->
                    new ClaimedEmail(
                        ((Number) row[0]).longValue(),
                        (String) row[1],
                        row[2] == null ? null : ((Number) row[2]).longValue(),
                        (String) row[3],
                        (String) row[4],
                        (String) row[5],
                        ((Number) row[6]).intValue()))
            .toList();
    return new Claim(token, started + settings.lease().toNanos(), emails);
  }

  /**
   * SMTP took the email.
   *
   * @return its status now, or empty when the lease had passed to another sender (which may send it
   *     again: at least once, never twice on purpose)
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Optional<OutboxEmail.Status> sent(ClaimedEmail claimed, UUID token) {
    OutboxEmail email =
        Rows.find(em, OutboxEmail.class, claimed.id(), LockModeType.PESSIMISTIC_WRITE);
    if (email == null || !email.leasedTo(token)) {
      LOG.log(
          Level.WARNING,
          "Email {0} was sent after its lease passed to another sender; it may arrive twice, with"
              + " the same Message-ID",
          claimed.dedupeKey());
      return Optional.empty();
    }
    email.sent();
    attempted.fire(
        new EmailAttempted(email.dedupeKey(), email.orderId(), true, email.attempts(), "SENT"));
    LOG.log(Level.FINE, "Sent email {0}", email.dedupeKey());
    return Optional.of(email.status());
  }

  /**
   * SMTP did not take the email: try again after the back-off, or give up once attempts run out.
   *
   * @return its status now, or empty when the lease had passed to another sender
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Optional<OutboxEmail.Status> failed(ClaimedEmail claimed, UUID token, Exception failure) {
    OutboxEmail email =
        Rows.find(em, OutboxEmail.class, claimed.id(), LockModeType.PESSIMISTIC_WRITE);
    if (email == null || !email.leasedTo(token)) {
      LOG.log(
          Level.FINE,
          "Email {0} failed after its lease passed to another sender: {1}",
          new Object[] {claimed.dedupeKey(), failure.toString()});
      return Optional.empty();
    }
    email.failed(
        failure.getClass().getSimpleName() + ": " + failure.getMessage(),
        settings.retryDelay(email.attempts() + 1),
        settings.maxAttempts());
    attempted.fire(
        new EmailAttempted(
            email.dedupeKey(),
            email.orderId(),
            false,
            email.attempts(),
            email.status() + ": " + failure.getClass().getSimpleName()));
    LOG.log(
        email.status() == OutboxEmail.Status.FAILED ? Level.SEVERE : Level.WARNING,
        "Email {0} not sent (attempt {1}, now {2}): {3}",
        new Object[] {email.dedupeKey(), email.attempts(), email.status(), failure.toString()});
    return Optional.of(email.status());
  }

  /** Hands back what a claim will not get to before its lease ends, for the next claim to take. */
  @Transactional(TxType.REQUIRES_NEW)
  public void release(List<ClaimedEmail> unsent, UUID token) {
    if (unsent.isEmpty()) {
      return;
    }
    em.createNativeQuery(RELEASE)
        .setParameter("ids", unsent.stream().map(ClaimedEmail::id).toList())
        .setParameter("token", token)
        .executeUpdate();
  }
}
