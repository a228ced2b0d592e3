package io.ichido.sandbox;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Where a charge stands, in one vocabulary for all gateways so that tests need not know each
 * gateway's own. Only {@link #PAID} and the refunded statuses took money; {@code amountRefunded} in
 * the ledger entry says how much of it went back.
 */
enum LedgerStatus {
  /** The money is taken. */
  PAID,
  /** Paid, and part of the money given back; more can be refunded. */
  PARTIALLY_REFUNDED,
  /** Paid, and all of the money given back. */
  REFUNDED,
  /** Created, waiting for the customer: konbini, bank transfer, PayPay, Rakuten Pay, 3-D Secure. */
  PENDING,
  /** Declined: an attempt the gateway answered, that took no money. */
  FAILED,
  /** The customer never paid an asynchronous payment in time. */
  EXPIRED,
  /** Cancelled by the shop through the gateway's API before it took money. */
  CANCELLED;

  /** Whether the charge took money (some of which may have gone back since). */
  boolean paid() {
    return this == PAID || refunded();
  }

  /** Whether the charge was paid and (part of) its money given back. */
  boolean refunded() {
    return this == PARTIALLY_REFUNDED || this == REFUNDED;
  }

  @JsonValue
  String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
