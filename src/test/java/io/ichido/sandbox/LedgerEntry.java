package io.ichido.sandbox;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One charge a gateway created (or declined). {@code reference} is the order id, whatever form the
 * gateway carried it in; {@code amount} is in the currency's smallest unit, 2C2P's included, and so
 * are {@code amountRefunded}, all refunds of the charge together, and {@code amountChargedBack},
 * what the customer's bank holds back of it: 2C2P's chargeback, or the funds a Stripe dispute
 * withdrew from the merchant's balance when it opened (back to 0 when Stripe reinstates them on a
 * won dispute).
 */
record LedgerEntry(
    String gateway,
    String id,
    String idempotencyKey,
    String reference,
    long amount,
    long amountRefunded,
    long amountChargedBack,
    String currency,
    String method,
    LedgerStatus status,
    Instant createdAt) {

  private static final String ORDER_PREFIX = "ORDER-";

  LedgerEntry {
    Objects.requireNonNull(gateway, "A gateway is required.");
    Objects.requireNonNull(id, "An id is required.");
    Objects.requireNonNull(status, "A status is required.");
    currency = currency == null ? null : currency.toUpperCase(Locale.ROOT);
  }

  static LedgerEntry created(
      String gateway,
      String id,
      String idempotencyKey,
      String reference,
      long amount,
      String currency,
      String method,
      LedgerStatus status) {
    return new LedgerEntry(
        gateway,
        id,
        idempotencyKey,
        orderId(reference),
        amount,
        0,
        0,
        currency,
        method,
        status,
        Instant.now());
  }

  /** KOMOJU's {@code external_order_num} and 2C2P's invoice carry {@code ORDER-<id>}. */
  static String orderId(String reference) {
    if (reference != null && reference.startsWith(ORDER_PREFIX)) {
      return reference.substring(ORDER_PREFIX.length());
    }
    return reference;
  }

  LedgerEntry withStatus(LedgerStatus newStatus) {
    return with(amount, amountRefunded, amountChargedBack, newStatus);
  }

  /** What is left to refund of a paid charge; 0 for one that took no money. */
  long refundable() {
    return status == LedgerStatus.PAID || status.refunded() ? amount - amountRefunded : 0;
  }

  /** With {@code refund} more given back: partially or (nothing left) fully refunded. */
  LedgerEntry withRefund(long refund) {
    long refunded = amountRefunded + refund;
    return with(
        amount,
        refunded,
        amountChargedBack,
        refunded == amount ? LedgerStatus.REFUNDED : LedgerStatus.PARTIALLY_REFUNDED);
  }

  /** What the charge took, when the customer paid another amount than it asked. */
  LedgerEntry withAmount(long paid) {
    return with(paid, amountRefunded, amountChargedBack, status);
  }

  /**
   * With what the customer's bank took back by a chargeback: all that nobody had given back yet.
   * Its status stays what it was (the money was taken), and so does what can be refunded of it.
   */
  LedgerEntry chargedBack() {
    return with(amount, amountRefunded, amount - amountRefunded, status);
  }

  /** With {@code withdrawn} held back by the customer's bank (a Stripe dispute's funds). */
  LedgerEntry withWithdrawn(long withdrawn) {
    return with(amount, amountRefunded, withdrawn, status);
  }

  private LedgerEntry with(
      long newAmount, long newAmountRefunded, long newAmountChargedBack, LedgerStatus newStatus) {
    return new LedgerEntry(
        gateway,
        id,
        idempotencyKey,
        reference,
        newAmount,
        newAmountRefunded,
        newAmountChargedBack,
        currency,
        method,
        newStatus,
        createdAt);
  }
}
