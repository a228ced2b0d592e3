package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ReturnRereadsTest {

  private static final ReturnRereads OMISE = new ReturnRereads(4, Duration.ofMillis(500));

  private final List<Duration> pauses = new ArrayList<>();
  private final ReturnRereads.Pause recorded = pauses::add;

  @Test
  @DisplayName("a charge still waiting is read again, a pause apart, until it is not")
  void readsAgainUntilDecided() {
    String answer =
        OMISE.read(answers("pending", "pending", "successful"), "pending"::equals, recorded);

    assertThat(answer).isEqualTo("successful");
    assertThat(pauses).containsExactly(Duration.ofMillis(500), Duration.ofMillis(500));
  }

  @Test
  @DisplayName("at most five reads in all: still waiting then is what the last one said")
  void readsAtMostTimesMore() {
    String answer =
        OMISE.read(
            answers("pending", "pending", "pending", "pending", "pending", "successful"),
            "pending"::equals,
            recorded);

    assertThat(answer).isEqualTo("pending");
    assertThat(pauses).hasSize(4);
  }

  @Test
  @DisplayName("none for a gateway whose customer may come back early: one read, no wait")
  void noneReadsOnce() {
    assertThat(
            ReturnRereads.NONE.read(answers("pending", "successful"), "pending"::equals, recorded))
        .isEqualTo("pending");
    assertThat(pauses).isEmpty();
    assertThat(ReturnRereads.NONE.processesOnReturn()).isFalse();
    assertThat(OMISE.processesOnReturn()).isTrue();
  }

  @Test
  @DisplayName(
      "the first read's failure is the caller's; a later one leaves the answer before it standing")
  void laterFailuresKeepTheAnswer() {
    Supplier<String> failing =
        () -> {
          throw new GatewayUnavailable("omise", 503);
        };
    assertThatThrownBy(() -> OMISE.read(failing, "pending"::equals, recorded))
        .isInstanceOf(GatewayUnavailable.class);

    Iterator<String> first = List.of("pending").iterator();
    Supplier<String> thenFailing = () -> first.hasNext() ? first.next() : failing.get();
    assertThat(OMISE.read(thenFailing, "pending"::equals, recorded)).isEqualTo("pending");
  }

  @Test
  @DisplayName("all waits together stay well under an HTTP timeout: at most five seconds")
  void boundedWaits() {
    assertThatThrownBy(() -> new ReturnRereads(6, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(new ReturnRereads(10, Duration.ofMillis(500)).times()).isEqualTo(10);
  }

  @Test
  @DisplayName(
      "a slow gateway makes fewer re-reads: none starts once five seconds have passed since the"
          + " first read began")
  void slowReadsStopAtTheBound() {
    long[] now = {0};
    Iterator<String> said = List.of("pending", "pending", "pending", "successful").iterator();
    Supplier<String> slow =
        () -> {
          now[0] += Duration.ofSeconds(2).toNanos();
          return said.next();
        };

    String answer = OMISE.read(slow, "pending"::equals, recorded, () -> now[0]);

    assertThat(answer).isEqualTo("pending");
    assertThat(pauses).as("reads began at 0, 2 and 4 s").hasSize(2);
  }

  private static Supplier<String> answers(String... said) {
    Iterator<String> next = List.of(said).iterator();
    return next::next;
  }
}
