package io.ichido.webhooks.control;

import static io.ichido.webhooks.control.Deliveries.rejected;
import static io.ichido.webhooks.control.Deliveries.unixNow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.ichido.payments.gateway.WebhookRejected;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The time checks every dialect that has a time goes through: Omise's signed timestamp, KOMOJU's
 * and 2C2P's own event times (Stripe's timestamp is stripe-java's to check).
 */
class WebhookClockTest {

  private final WebhookClock clock = Deliveries.clock(Deliveries.settings(List.of(), Map.of()));
  private final long tolerance = Deliveries.TOLERANCE.toSeconds();

  @Test
  @DisplayName("a signed timestamp within the tolerance, either way, is fresh")
  void fresh() {
    for (long offset : new long[] {0, -(tolerance - 5), tolerance - 5}) {
      assertThatCode(() -> clock.requireFresh("test", unixNow() + offset))
          .as("%+d s", offset)
          .doesNotThrowAnyException();
    }
  }

  @Test
  @DisplayName("a signed timestamp beyond the tolerance, either way, is stale")
  void stale() {
    rejected(() -> clock.requireFresh("test", unixNow() - tolerance - 5), "tolerance");
    rejected(() -> clock.requireFresh("test", unixNow() + tolerance + 5), "tolerance");
    rejected(() -> clock.requireFresh("test", 0), "tolerance");
  }

  @Test
  @DisplayName("timestamps at the ends of a long are stale too: no overflow makes them fresh")
  void extremes() {
    rejected(() -> clock.requireFresh("test", Long.MAX_VALUE), "tolerance");
    rejected(() -> clock.requireFresh("test", Long.MIN_VALUE), "tolerance");
    // now - t overflows to Long.MIN_VALUE for exactly one t, whose Math.abs is negative
    for (long d = -2; d <= 2; d++) {
      long t = unixNow() + Long.MIN_VALUE + d;
      rejected(() -> clock.requireFresh("test", t), "tolerance");
    }
  }

  @Test
  @DisplayName("an event created within its id's retention is accepted, one created before is not")
  void retention() {
    Instant now = Instant.now();
    Instant oldestAccepted = now.minus(Deliveries.RETENTION).plus(Deliveries.TOLERANCE);

    assertThatCode(() -> clock.requireWithinRetention("test", "e1", now))
        .doesNotThrowAnyException();
    assertThatCode(() -> clock.requireWithinRetention("test", "e1", oldestAccepted.plusSeconds(60)))
        .doesNotThrowAnyException();
    rejected(
        () -> clock.requireWithinRetention("test", "e1", oldestAccepted.minusSeconds(60)), "ago");
    rejected(() -> clock.requireWithinRetention("test", "e1", Instant.EPOCH), "ago");
  }

  /**
   * Whether a timestamp {@code offset} seconds from now is fresh, asked within one second of our
   * clock so that "now" is the same for the test and the clock (retried when a second ticks over).
   */
  private boolean freshAt(long offset) {
    for (int attempt = 0; attempt < 10; attempt++) {
      long now = unixNow();
      Throwable thrown = catchThrowable(() -> clock.requireFresh("test", now + offset));
      if (unixNow() == now) {
        if (thrown != null && !(thrown instanceof WebhookRejected)) {
          throw new AssertionError("not a rejection", thrown);
        }
        return thrown == null;
      }
    }
    throw new AssertionError("the clock kept ticking over a second");
  }

  @Test
  @DisplayName("exactly the tolerance away, either way, is still fresh; a second more is not")
  void boundaries() {
    assertThat(freshAt(-tolerance)).as("-tolerance").isTrue();
    assertThat(freshAt(tolerance)).as("+tolerance").isTrue();
    assertThat(freshAt(-tolerance - 1)).as("-tolerance - 1 s").isFalse();
    assertThat(freshAt(tolerance + 1)).as("+tolerance + 1 s").isFalse();
  }
}
