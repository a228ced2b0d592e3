package io.ichido.notifications.control;

import io.ichido.notifications.entity.EmailAttempted;
import io.ichido.notifications.entity.OutboxEmail;
import io.ichido.platform.control.Rows;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.mail.MessagingException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Sends one due email per transaction, holding its row lock so no other drain sends it too. */
@ApplicationScoped
public class OutboxSender {

  private static final Logger LOG = Logger.getLogger(OutboxSender.class.getName());

  private static final String NEXT_DUE =
      """
      SELECT id FROM email_outbox
      WHERE status = 'PENDING' AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED
      """;

  @PersistenceContext EntityManager em;

  @Inject Mailer mailer;
  @Inject MailSettings settings;
  @Inject Event<EmailAttempted> attempted;
  @Inject OutboxSpans spans;

  /**
   * @return false when no email was due
   */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean sendNext() {
    List<?> due = em.createNativeQuery(NEXT_DUE).getResultList();
    if (due.isEmpty()) {
      return false;
    }
    OutboxEmail email = Rows.find(em, OutboxEmail.class, ((Number) due.get(0)).longValue());
    Span span = spans.sending(email);
    Scope current = span.makeCurrent();
    try {
      mailer.send(email.recipient(), email.subject(), email.body(), messageId(email));
      email.sent();
      spans.ended(span, email, null);
      attempted.fire(
          new EmailAttempted(email.dedupeKey(), email.orderId(), true, email.attempts(), "SENT"));
      LOG.log(Level.FINE, "Sent email {0}", email.dedupeKey());
    } catch (MessagingException | RuntimeException e) {
      email.failed(
          e.getClass().getSimpleName() + ": " + e.getMessage(),
          settings.retryDelay(email.attempts() + 1),
          settings.maxAttempts());
      spans.ended(span, email, e);
      attempted.fire(
          new EmailAttempted(
              email.dedupeKey(),
              email.orderId(),
              false,
              email.attempts(),
              email.status() + ": " + e.getClass().getSimpleName()));
      LOG.log(
          email.status() == OutboxEmail.Status.FAILED ? Level.SEVERE : Level.WARNING,
          "Email {0} not sent (attempt {1}, now {2}): {3}",
          new Object[] {email.dedupeKey(), email.attempts(), email.status(), e.toString()});
    } finally {
      current.close();
    }
    return true;
  }

  private static String messageId(OutboxEmail email) {
    return "<outbox-" + email.id() + "@ichido>";
  }
}
