package io.ichido.notifications.control;

import io.ichido.notifications.entity.ClaimedEmail;
import io.ichido.notifications.entity.OutboxEmail;
import io.ichido.platform.control.RetriesInBackground;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.mail.MessagingException;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

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

  private static final Logger LOG = Logger.getLogger(OutboxSender.class.getName());

  /**
   * Retries of a "sent" record come every second at the most: the lease is short (minutes in
   * production, seconds in tests) and every retry it misses risks a second copy. At most {@code
   * ichido.mail.senders} emails are with SMTP at once, so that is a handful of queries a second
   * while the database is away.
   */
  private static final Duration FIRST_RETRY = Duration.ofMillis(250);

  private static final Duration LONGEST_WAIT = Duration.ofSeconds(1);

  @Resource ManagedScheduledExecutorService scheduler;

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

  /**
   * Records that SMTP took the email. When that fails (the database went away, perhaps during the
   * very COMMIT), the email was sent all the same: the record is tried again in the background
   * while the lease still holds it, or another sender would send it a second time once the lease
   * ran out. A record that did commit before is found as it is (the token guards it), so a second
   * one changes nothing.
   */
  private Optional<OutboxEmail.Status> recordSent(ClaimedEmail email, Claim claim) {
    try {
      return leases.sent(email, claim.token());
    } catch (RuntimeException unrecorded) {
      LOG.log(
          Level.WARNING,
          "Could not record email {0} as sent ({1}); retrying while its lease holds",
          new Object[] {email.dedupeKey(), unrecorded.getClass().getSimpleName()});
      recordSentLater(email, claim);
      throw unrecorded;
    }
  }

  private void recordSentLater(ClaimedEmail email, Claim claim) {
    new RetriesInBackground(
            scheduler,
            FIRST_RETRY,
            LONGEST_WAIT,
            wait -> claim.roomFor(wait, System.nanoTime()),
            () -> leases.sent(email, claim.token()),
            () -> LOG.log(Level.INFO, "Recorded email {0} as sent late", email.dedupeKey()),
            () ->
                LOG.log(
                    Level.WARNING,
                    "Gave up recording email {0} as sent: its lease ends, and it may go out twice"
                        + " (same Message-ID)",
                    email.dedupeKey()))
        .start();
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
          failure == null ? recordSent(email, claim) : leases.failed(email, claim.token(), failure);
    } finally {
      spans.ended(span, recorded.orElse(null), failure);
      current.close();
    }
  }
}
