package io.ichido.platform.control;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Work that failed because the database was away, tried again on a scheduler: first after {@code
 * first}, then twice as long each time up to {@code longest}, as long as {@code roomFor} says a
 * wait that long still ends in time. For records whose outcome is already known (a gateway's
 * answer, an email SMTP took), each guarded by a token or a state so that doing it twice changes
 * nothing.
 */
public record RetriesInBackground(
    ScheduledExecutorService scheduler,
    Duration first,
    Duration longest,
    Predicate<Duration> roomFor,
    Runnable work,
    Runnable done,
    Runnable gaveUp) {

  /** Schedules the first try, or gives up at once if even that wait would end too late. */
  public void start() {
    after(first);
  }

  private void after(Duration wait) {
    if (!roomFor.test(wait)) {
      gaveUp.run();
      return;
    }
    scheduler.schedule(
        () -> {
          try {
            work.run();
            done.run();
          } catch (RuntimeException stillFailing) {
            Duration doubled = wait.multipliedBy(2);
            after(doubled.compareTo(longest) > 0 ? longest : doubled);
          }
        },
        wait.toMillis(),
        TimeUnit.MILLISECONDS);
  }
}
