package io.ichido.notifications.control;

import io.ichido.notifications.entity.ClaimedEmail;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * A batch of emails one sender leased in one short transaction, under one token.
 *
 * @param leaseEndsNanos {@link System#nanoTime()} by which the lease has surely run out here: read
 *     before the claim began, so it errs early, and on this JVM's clock, so the database's clock
 *     never has to agree with ours
 */
record Claim(UUID token, long leaseEndsNanos, List<ClaimedEmail> emails) {

  Claim {
    emails = List.copyOf(emails);
  }

  /**
   * Whether one more send, cut off at {@code sendDeadline}, would end before the lease does: after
   * that another sender may claim the email, and both would send it.
   */
  boolean roomFor(Duration sendDeadline, long nowNanos) {
    return leaseEndsNanos - nowNanos > sendDeadline.toNanos();
  }
}
