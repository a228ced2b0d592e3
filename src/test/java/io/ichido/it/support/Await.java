package io.ichido.it.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting for something the server does on its own time. Every wait has a deadline, and a wait that
 * runs out fails the test naming what it waited for: a loop without one hangs the build instead.
 */
public final class Await {

  /** Long enough for a timer or a webhook on a loaded 2-CPU machine. */
  static final Duration DEFAULT = Duration.ofSeconds(20);

  private Await() {}

  /** Polls {@code condition} until it holds, failing after {@link #DEFAULT}. */
  public static void until(String what, BooleanSupplier condition) {
    until(what, DEFAULT, condition);
  }

  /** Polls {@code condition} until it holds, failing after {@code limit}. */
  public static void until(String what, Duration limit, BooleanSupplier condition) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Waited " + limit + " for " + what + ", in vain");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("Interrupted while waiting for " + what, e);
      }
    }
  }
}
