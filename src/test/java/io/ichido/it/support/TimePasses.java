package io.ichido.it.support;

import java.time.Duration;

/**
 * Time passing for one order, and for nothing else: every instant stored for the order and its
 * charge attempts moves back by the same amount, as if that much time had passed since they were
 * written. The server's sweeps (every 2 s on the shared deployment) then do with the order what
 * they would do at that later hour, while every other test's orders keep their own time; so a test
 * proves what happens once a payment window or a deadline has passed without waiting for it, and
 * without a short window that would end other tests' orders too.
 */
public final class TimePasses {

  /** The shared deployment's payment window: the app's default. */
  public static final Duration PAYMENT_WINDOW = Duration.ofMinutes(30);

  private TimePasses() {}

  /** As if the order's payment window had closed a minute ago. */
  public static void paymentWindowCloses(long orderId) {
    forOrder(orderId, PAYMENT_WINDOW.plusMinutes(1));
  }

  /** As if {@code passed} had gone by since the order and its attempts were written. */
  public static void forOrder(long orderId, Duration passed) {
    String back = "interval '" + passed.toSeconds() + " seconds'";
    Db.update(
        "UPDATE customer_order SET created_at = created_at - " + back + " WHERE id = ?", orderId);
    Db.update(
        "UPDATE charge_attempt SET requested_at = requested_at - "
            + back
            + ", answered_at = answered_at - "
            + back
            + ", sent_at = sent_at - "
            + back
            + ", lease_until = lease_until - "
            + back
            + ", reconcile_after = reconcile_after - "
            + back
            + ", pay_by = pay_by - "
            + back
            + " WHERE order_id = ?",
        orderId);
  }
}
