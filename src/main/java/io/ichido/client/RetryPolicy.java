package io.ichido.client;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * When to try an operation again, and after how long. Retried: no answer at all, 409 {@code
 * idempotency-key-in-use}, {@code payment-in-doubt} and {@code refund-in-doubt}, 429, 500 (the
 * server releases the key of a request that failed so), 502, 503 and 504. Everything else is final
 * and returned at once: 2xx, 400, 401, 403, 402, 404, 422, any other 409. Waits grow exponentially
 * with full jitter (a random wait between zero and the exponential bound, so that many clients
 * retrying at once spread out); a {@code Retry-After} the server sent is waited at least.
 *
 * @param maxAttempts tries in all, the first included
 * @param deadline time from the first try after which no new try starts
 * @param initialBackoff the bound of the first wait
 * @param maxBackoff the largest bound
 */
public record RetryPolicy(
    int maxAttempts, Duration deadline, Duration initialBackoff, Duration maxBackoff) {

  private static final Set<Integer> TRY_AGAIN = Set.of(429, 500, 502, 503, 504);
  private static final Set<String> CONFLICTS_THAT_PASS =
      Set.of("idempotency-key-in-use", "payment-in-doubt", "refund-in-doubt");

  /** 8 tries within a minute, waits bounded by 0.5 s doubling to 10 s. */
  public static final RetryPolicy DEFAULT =
      new RetryPolicy(8, Duration.ofMinutes(1), Duration.ofMillis(500), Duration.ofSeconds(10));

  public RetryPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("At least one attempt, not " + maxAttempts + ".");
    }
    Objects.requireNonNull(deadline, "A deadline is required.");
    Objects.requireNonNull(initialBackoff, "An initial backoff is required.");
    Objects.requireNonNull(maxBackoff, "A largest backoff is required.");
    if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException("Backoffs are 0 <= initial <= largest.");
    }
  }

  /** Whether {@code outcome} says "the same request may succeed later". */
  public static boolean retryable(Outcome outcome) {
    if (outcome instanceof Outcome.Answered answer) {
      return TRY_AGAIN.contains(answer.status())
          || (answer.status() == 409 && CONFLICTS_THAT_PASS.contains(answer.problemType()));
    }
    return true; // no answer at all
  }

  /**
   * How long to wait before try number {@code nextAttempt} (2 for the first retry): a random time
   * below the exponential bound, but never less than the server's {@code Retry-After}.
   */
  public Duration backoff(int nextAttempt, Outcome last, RandomGenerator random) {
    long bound = initialBackoff.toMillis();
    for (int i = 2; i < nextAttempt && bound < maxBackoff.toMillis(); i++) {
      bound *= 2;
    }
    bound = Math.min(bound, maxBackoff.toMillis());
    Duration jittered = Duration.ofMillis(bound == 0 ? 0 : random.nextLong(bound + 1));
    if (last instanceof Outcome.Answered answer && answer.retryAfter().isPresent()) {
      Duration asked = answer.retryAfter().get();
      return asked.compareTo(jittered) > 0 ? asked : jittered;
    }
    return jittered;
  }
}
