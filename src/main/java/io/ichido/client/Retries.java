package io.ichido.client;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Runs one operation under its key until an answer is final or the policy gives up: every try sends
 * the same key, so the server does the operation at most once however many tries reach it.
 *
 * <pre>{@code
 * OperationKey key = OperationKey.random(); // once per payment attempt, before the first try
 * Retries.Result<Response> paid =
 *     Retries.of(RetryPolicy.DEFAULT).run(key, k -> JaxRsTries.send(target.request()
 *         .header(Wire.KEY_HEADER, k.headerValue()).buildPost(Entity.json(charge))));
 * }</pre>
 *
 * A try gives back a value besides its outcome ({@code T}: the JAX-RS {@code Response}, say).
 */
public final class Retries {

  /** What a try came to, and what the caller gets back with it. */
  public record Try<T>(Outcome outcome, T value) {
    public Try {
      Objects.requireNonNull(outcome, "An outcome is required.");
    }
  }

  /**
   * The last try: its outcome and value, how many tries were made, and whether the answer was the
   * server's stored answer to an earlier try ({@code Idempotency-Replayed: true}).
   */
  public record Result<T>(Outcome outcome, T value, int attempts) {

    public boolean replayed() {
      return outcome instanceof Outcome.Answered answer && answer.replayed();
    }

    /** Whether the last try was a final answer, not one the policy gave up retrying. */
    public boolean settled() {
      return !RetryPolicy.retryable(outcome);
    }
  }

  /** One try of the operation with its key. */
  public interface Send<T> {
    Try<T> send(OperationKey key) throws InterruptedException;
  }

  /** Waits between tries; a test replaces it. */
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final RetryPolicy policy;
  private final Clock clock;
  private final RandomGenerator random;
  private final Sleeper sleeper;

  private Retries(RetryPolicy policy, Clock clock, RandomGenerator random, Sleeper sleeper) {
    this.policy = Objects.requireNonNull(policy, "A policy is required.");
    this.clock = clock;
    this.random = random;
    this.sleeper = sleeper;
  }

  public static Retries of(RetryPolicy policy) {
    return new Retries(
        policy,
        Clock.systemUTC(),
        RandomGenerator.getDefault(),
        duration -> Thread.sleep(duration.toMillis()));
  }

  /** The same policy with another clock, randomness and sleeper: for tests. */
  public Retries with(Clock clock, RandomGenerator random, Sleeper sleeper) {
    return new Retries(policy, clock, random, sleeper);
  }

  /**
   * Tries {@code send} with {@code key} until its outcome is final, the attempts are used up, or
   * the next wait would end past the deadline; returns the last try.
   *
   * @throws InterruptedException when the thread is interrupted while waiting (the operation may
   *     have been done: retry it later with the same key to learn its outcome)
   */
  public <T> Result<T> run(OperationKey key, Send<T> send) throws InterruptedException {
    Objects.requireNonNull(key, "A key is required: make it once, before the first try.");
    Instant deadline = clock.instant().plus(policy.deadline());
    int attempt = 1;
    while (true) {
      Try<T> tried = send.send(key);
      if (!RetryPolicy.retryable(tried.outcome()) || attempt >= policy.maxAttempts()) {
        return new Result<>(tried.outcome(), tried.value(), attempt);
      }
      Duration wait = policy.backoff(attempt + 1, tried.outcome(), random);
      if (clock.instant().plus(wait).isAfter(deadline)) {
        return new Result<>(tried.outcome(), tried.value(), attempt);
      }
      closeQuietly(tried.value()); // e.g. a JAX-RS Response holding a pooled connection
      sleeper.sleep(wait);
      attempt++;
    }
  }

  private static void closeQuietly(Object value) {
    if (value instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception ignored) {
        // a try being discarded: nothing depends on it any more
      }
    }
  }
}
