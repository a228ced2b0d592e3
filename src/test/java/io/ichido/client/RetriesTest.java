package io.ichido.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RetriesTest {

  /** A clock the sleeper moves: no test waits for real. */
  private static final class FakeTime extends Clock {
    Instant now = Instant.parse("2026-12-01T00:00:00Z");
    final List<Duration> slept = new ArrayList<>();

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    void sleep(Duration d) {
      slept.add(d);
      now = now.plus(d);
    }
  }

  /** A response that notes whether it was closed, as a JAX-RS Response is. */
  private static final class Body implements AutoCloseable {
    boolean closed;

    @Override
    public void close() {
      closed = true;
    }
  }

  private final FakeTime time = new FakeTime();
  private final List<OperationKey> keysSent = new ArrayList<>();

  private Retries retries(RetryPolicy policy) {
    return Retries.of(policy).with(time, new SplittableRandom(3), time::sleep);
  }

  private static Outcome answer(int status, String type) {
    return new Outcome.Answered(status, type, Optional.empty(), false);
  }

  private Retries.Result<Body> run(RetryPolicy policy, Outcome... outcomes)
      throws InterruptedException {
    Deque<Outcome> script = new ArrayDeque<>(List.of(outcomes));
    return retries(policy)
        .run(
            new OperationKey("order-42-attempt-1"),
            key -> {
              keysSent.add(key);
              return new Retries.Try<>(
                  script.size() > 1 ? script.poll() : script.peek(), new Body());
            });
  }

  @Test
  void everyTrySendsTheSameKeyAndAReplayIsReported() throws Exception {
    Retries.Result<Body> result =
        run(
            RetryPolicy.DEFAULT,
            new Outcome.NoAnswer(new IOException("reset after the request was sent")),
            answer(409, "idempotency-key-in-use"),
            new Outcome.Answered(201, "", Optional.empty(), true));

    assertThat(result.attempts()).isEqualTo(3);
    assertThat(result.replayed()).isTrue();
    assertThat(result.settled()).isTrue();
    assertThat(keysSent).hasSize(3).containsOnly(new OperationKey("order-42-attempt-1"));
  }

  @Test
  void aFinalAnswerIsReturnedAtOnceNeverRetried() throws Exception {
    Retries.Result<Body> result = run(RetryPolicy.DEFAULT, answer(422, "idempotency-key-reused"));

    assertThat(result.attempts()).isEqualTo(1);
    assertThat(result.settled()).isTrue();
    assertThat(time.slept).isEmpty();
  }

  @Test
  void triesStopAtTheLimitAndSayTheAnswerIsNotSettled() throws Exception {
    RetryPolicy three =
        new RetryPolicy(3, Duration.ofMinutes(5), Duration.ofMillis(100), Duration.ofSeconds(1));

    Retries.Result<Body> result = run(three, answer(503, "database-unavailable"));

    assertThat(result.attempts()).isEqualTo(3);
    assertThat(result.settled()).isFalse();
    assertThat(time.slept).hasSize(2);
  }

  @Test
  void noWaitEndsPastTheDeadline() throws Exception {
    RetryPolicy tenSeconds =
        new RetryPolicy(100, Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofSeconds(4));
    Outcome inUse =
        new Outcome.Answered(
            409, "idempotency-key-in-use", Optional.of(Duration.ofSeconds(3)), false);

    Retries.Result<Body> result = run(tenSeconds, inUse);

    assertThat(time.slept.stream().mapToLong(Duration::toMillis).sum()).isLessThanOrEqualTo(10_000);
    assertThat(time.slept).allMatch(d -> d.compareTo(Duration.ofSeconds(3)) >= 0);
    assertThat(result.attempts()).isBetween(3, 4);
  }

  @Test
  void aTryThatIsRetriedIsClosedTheLastIsLeftToTheCaller() throws Exception {
    List<Body> bodies = new ArrayList<>();
    Deque<Outcome> script = new ArrayDeque<>(List.of(answer(502, ""), answer(201, "")));

    Retries.Result<Body> result =
        retries(RetryPolicy.DEFAULT)
            .run(
                OperationKey.random(),
                key -> {
                  Body body = new Body();
                  bodies.add(body);
                  return new Retries.Try<>(script.poll(), body);
                });

    assertThat(bodies.get(0).closed).isTrue();
    assertThat(result.value().closed).isFalse();
  }
}
