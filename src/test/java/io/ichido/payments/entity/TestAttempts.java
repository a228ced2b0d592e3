package io.ichido.payments.entity;

import java.time.Duration;

/** Charge attempts for unit tests: order 7's card charge of 5,000 yen, just started. */
public final class TestAttempts {

  private TestAttempts() {}

  /**
   * Started at {@code gateway} under client key {@code pay-1}, held by its request for {@code
   * lease}.
   */
  public static ChargeAttempt card(String gateway, Duration lease) {
    return new ChargeAttempt(
        7,
        "pay-1",
        "ik_x",
        gateway,
        PaymentMethod.CARD,
        5000,
        "JPY",
        "ORDER-7",
        "{}",
        null,
        lease,
        1);
  }
}
