package io.ichido.notifications.control;

import io.ichido.notifications.entity.ClaimedEmail;
import io.ichido.notifications.entity.OutboxEmail;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.mail.MessagingException;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.List;
import java.util.Optional;

/**
 * Sends the emails of one claim with no transaction, row lock or pooled connection held: SMTP may
 * hang for as long as the send deadline allows while payments keep every connection they need. Each
 * outcome is recorded in a short transaction of its own, by the lease holder only.
 *
 * <p>At least once, never zero times: a crash (or a lost database) between SMTP's accept and that
 * record leaves the email pending, and it is sent again once the lease ran out, with the same
 * {@code Message-ID <outbox-id@ichido>} so that mail clients may fold the two copies.
 */
@ApplicationScoped
public class OutboxSender {

  @Inject Mailer mailer;
  @Inject MailSettings settings;
  @Inject OutboxLeases leases;
  @Inject OutboxSpans spans;

  /** {@code NEVER}: sending inside a caller's transaction would hold its connection and locks. */
  @Transactional(TxType.NEVER)
  public void send(Claim claim) {
    List<ClaimedEmail> emails = claim.emails();
    for (int i = 0; i < emails.size(); i++) {
      if (!claim.roomFor(mailer.deadline(), System.nanoTime())) {
        leases.release(emails.subList(i, emails.size()), claim.token());
        return;
      }
      send(emails.get(i), claim);
    }
  }

  private void send(ClaimedEmail email, Claim claim) {
    Span span = spans.sending(email);
    Scope current = span.makeCurrent();
    Exception failure = null;
    Optional<OutboxEmail.Status> recorded = Optional.empty();
    try {
      try {
        mailer.send(email.recipient(), email.subject(), email.body(), email.messageId());
      } catch (MessagingException | RuntimeException e) {
        failure = e;
      }
      recorded =
          failure == null
              ? leases.sent(email, claim.token())
              : leases.failed(email, claim.token(), failure);
    } finally {
      spans.ended(span, recorded.orElse(null), failure);
      current.close();
    }
  }
}
