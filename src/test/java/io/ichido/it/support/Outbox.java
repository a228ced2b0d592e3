package io.ichido.it.support;

import java.time.Duration;

/**
 * The email outbox as the database holds it: the positive signal a test waits for before it counts
 * mail, instead of sleeping to see that no second copy comes. Every email is a row written in the
 * transaction that decided it, once per dedupe key; a row is SENT only after the SMTP server took
 * the message, and a SENT (or FAILED) row is never sent again. So once no row of an order (or of a
 * recipient) is PENDING, the mailbox holds every email it will ever get for it.
 */
public final class Outbox {

  private Outbox() {}

  /** Waits until no email of order {@code orderId} is waiting to be sent. */
  public static void settledFor(long orderId) {
    Await.until(
        "every email of order " + orderId + " sent",
        Duration.ofSeconds(30),
        () ->
            Db.count(
                    "SELECT count(*) FROM email_outbox WHERE order_id = ? AND status = 'PENDING'",
                    orderId)
                == 0);
  }

  /** Waits until no email to {@code recipient} is waiting to be sent. */
  public static void settledTo(String recipient) {
    Await.until(
        "every email to " + recipient + " sent",
        Duration.ofSeconds(30),
        () ->
            Db.count(
                    "SELECT count(*) FROM email_outbox WHERE lower(recipient) = lower(?)"
                        + " AND status = 'PENDING'",
                    recipient)
                == 0);
  }
}
