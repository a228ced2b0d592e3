package io.ichido.sandbox;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Where a charge stands, in one vocabulary for all gateways so that tests need not know each
 * gateway's own. Only {@link #PAID} took money.
 */
enum LedgerStatus {
  /** The money is taken. */
  PAID,
  /** Created, waiting for the customer: konbini, bank transfer, PayPay, 3-D Secure. */
  PENDING,
  /** Declined: an attempt the gateway answered, that took no money. */
  FAILED,
  /** The customer never paid an asynchronous payment in time. */
  EXPIRED;

  @JsonValue
  String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
