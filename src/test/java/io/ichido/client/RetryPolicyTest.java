package io.ichido.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetryPolicyTest {

  private static Outcome.Answered answer(int status, String type) {
    return new Outcome.Answered(status, type, Optional.empty(), false);
  }

  @ParameterizedTest(name = "{0} {1}: retried {2}")
  @CsvSource({
    "409, idempotency-key-in-use, true",
    "409, payment-in-doubt, true",
    "409, refund-in-doubt, true",
    "503, refund-unanswered, true",
    "409, refund-exceeds-balance, false",
    "409, refund-duplicate, false",
    "429, '', true",
    "500, internal-error, true",
    "502, '', true",
    "503, database-unavailable, true",
    "504, '', true",
    "200, '', false",
    "201, '', false",
    "400, validation-failed, false",
    "401, '', false",
    "402, card-declined, false",
    "403, '', false",
    "404, not-found, false",
    "409, order-already-paid, false",
    "422, idempotency-key-reused, false",
  })
  void onlyAnswersThatSayTryAgainAreRetried(int status, String type, boolean retried) {
    assertThat(RetryPolicy.retryable(answer(status, type))).isEqualTo(retried);
  }

  @Test
  void noAnswerAtAllIsRetried() {
    assertThat(RetryPolicy.retryable(new Outcome.NoAnswer(new IOException("reset")))).isTrue();
  }

  @Test
  void waitsAreFullJitterBelowAnExponentialBoundThatStopsAtTheLargest() {
    RetryPolicy policy =
        new RetryPolicy(10, Duration.ofMinutes(1), Duration.ofMillis(100), Duration.ofMillis(800));
    SplittableRandom random = new SplittableRandom(7);
    long[] bounds = {100, 200, 400, 800, 800};
    for (int retry = 0; retry < bounds.length; retry++) {
      long longest = 0;
      long shortest = Long.MAX_VALUE;
      for (int i = 0; i < 2_000; i++) {
        long wait = policy.backoff(retry + 2, answer(503, ""), random).toMillis();
        longest = Math.max(longest, wait);
        shortest = Math.min(shortest, wait);
      }
      assertThat(longest).as("retry %d", retry + 1).isLessThanOrEqualTo(bounds[retry]);
      assertThat(longest).as("spread up to the bound").isGreaterThan(bounds[retry] * 9 / 10);
      assertThat(shortest).as("spread down to zero").isLessThan(bounds[retry] / 10);
    }
  }

  @Test
  void aRetryAfterIsWaitedAtLeast() {
    Outcome.Answered inUse =
        new Outcome.Answered(
            409, "idempotency-key-in-use", Optional.of(Duration.ofSeconds(2)), false);

    assertThat(RetryPolicy.DEFAULT.backoff(2, inUse, new SplittableRandom(1)))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(2));
  }
}
