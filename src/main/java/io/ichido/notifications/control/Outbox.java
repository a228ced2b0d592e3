package io.ichido.notifications.control;

import io.ichido.notifications.entity.EmailQueued;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

/** Writes emails to the outbox in the caller's transaction; the drain sends them after commit. */
@ApplicationScoped
public class Outbox {

  private static final String QUEUE =
      """
      INSERT INTO email_outbox
        (dedupe_key, order_id, recipient, subject, body, status, attempts, next_attempt_at,
         created_at)
      VALUES (:key, :orderId, :recipient, :subject, :body, 'PENDING', 0, now(), now())
      ON CONFLICT (dedupe_key) DO NOTHING
      """;

  @PersistenceContext EntityManager em;

  @Inject Event<EmailQueued> queued;

  /**
   * Queues an email unless one with this key was queued before.
   *
   * @return whether this call queued it
   */
  @Transactional(TxType.MANDATORY)
  public boolean queue(String dedupeKey, Long orderId, String to, String subject, String body) {
    boolean inserted =
        em.createNativeQuery(QUEUE)
                .setParameter("key", dedupeKey)
                .setParameter("orderId", orderId)
                .setParameter("recipient", to)
                .setParameter("subject", subject)
                .setParameter("body", body)
                .executeUpdate()
            == 1;
    if (inserted) {
      queued.fire(new EmailQueued(dedupeKey, orderId, to));
    }
    return inserted;
  }
}
