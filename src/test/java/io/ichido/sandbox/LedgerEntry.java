package io.ichido.sandbox;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One charge a gateway created (or declined). {@code reference} is the order id, whatever form the
 * gateway carried it in; {@code amount} is in the currency's smallest unit, 2C2P's included.
 */
record LedgerEntry(
    String gateway,
    String id,
    String idempotencyKey,
    String reference,
    long amount,
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
    return new LedgerEntry(
        gateway, id, idempotencyKey, reference, amount, currency, method, newStatus, createdAt);
  }
}
