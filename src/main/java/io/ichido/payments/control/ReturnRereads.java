package io.ichido.payments.control;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * How often a charge is read again, {@code apart}, when its customer is back from the gateway's
 * page and the gateway still says it waits on them: a gateway that sends the customer back only
 * once it is done with them, but whose reads can lag behind (Opn's own plugin re-reads an Omise
 * charge still pending after the return up to 5 times, 0.5 s apart). Still waiting after them, the
 * payment is being processed: the gateway's webhook ends it, and its page is not offered again.
 * {@link #NONE} for a gateway whose customer may come back before finishing.
 */
public record ReturnRereads(int times, Duration apart) {

  /** All waits together stay well under the HTTP timeouts of the customer's browser and proxies. */
  static final Duration MOST = Duration.ofSeconds(5);

  // After MOST, which its constructor reads.
  public static final ReturnRereads NONE = new ReturnRereads(0, Duration.ZERO);

  /** How a re-read waits: holding nothing, no transaction, lock, connection or gateway lane. */
  @FunctionalInterface
  interface Pause {
    void sleep(Duration pause) throws InterruptedException;
  }

  static final Pause SLEEP = pause -> Thread.sleep(pause.toMillis());

  public ReturnRereads {
    Objects.requireNonNull(apart, "A pause is required.");
    if (times < 0 || apart.isNegative() || apart.multipliedBy(times).compareTo(MOST) > 0) {
      throw new IllegalArgumentException(
          "Re-reads after a return wait at most " + MOST + " together: " + times + " x " + apart);
    }
  }

  /** Whether a payment still waiting on the customer after the re-reads is being processed. */
  public boolean processesOnReturn() {
    return times > 0;
  }

  /**
   * What {@code read} answers, read again while {@code waiting} says so, re-reads are left and
   * {@link #MOST} has not passed since the first read began (a slow gateway makes fewer re-reads).
   * Only the first read's failure is thrown: a later one leaves the answer before it standing.
   */
  <T> T read(Supplier<T> read, Predicate<T> waiting, Pause pause) {
    return read(read, waiting, pause, System::nanoTime);
  }

  <T> T read(Supplier<T> read, Predicate<T> waiting, Pause pause, LongSupplier nanoClock) {
    long until = nanoClock.getAsLong() + MOST.toNanos();
    T answer = read.get();
    for (int reread = 0;
        reread < times
            && waiting.test(answer)
            && until - nanoClock.getAsLong() - apart.toNanos() > 0;
        reread++) {
      try {
        pause.sleep(apart);
        answer = read.get();
      } catch (InterruptedException stopping) {
        Thread.currentThread().interrupt();
        return answer;
      } catch (RuntimeException noAnswer) {
        return answer;
      }
    }
    return answer;
  }
}
