package io.ichido.sandbox;

import java.time.Duration;

/**
 * When an undelivered webhook is sent again: real gateways retry until they get a 2xx, waiting
 * longer each time. The wait doubles from {@code first} up to {@code cap}; {@code maxAttempts}
 * counts the first attempt too. Tests shrink the waits so that retries take milliseconds.
 */
record Retries(Duration first, Duration cap, int maxAttempts) {

  /** 0.5 s, 1 s, 2 s, 4 s, then every 8 s: twelve attempts within about a minute. */
  static final Retries GATEWAYS = new Retries(Duration.ofMillis(500), Duration.ofSeconds(8), 12);

  /**
   * PayPay's own, whatever the sandbox was started with: "up to 10 times with a delay of 500ms"
   * (its other webhook types: 3 times, 100 ms), then never again (integration.paypay.ne.jp article
   * 4414048508047). Short already, so tests keep it.
   */
  static final Retries PAYPAY = new Retries(Duration.ofMillis(500), Duration.ofMillis(500), 10);

  Retries {
    if (first.isNegative() || cap.compareTo(first) < 0 || maxAttempts < 1) {
      throw new IllegalArgumentException("Retries need 0 <= first <= cap and one attempt.");
    }
  }

  /** The wait after {@code attempts} failed attempts (1: after the first). */
  Duration delayAfter(int attempts) {
    Duration delay = first;
    for (int i = 1; i < attempts && delay.compareTo(cap) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    return delay.compareTo(cap) > 0 ? cap : delay;
  }
}
