package io.ichido.payments.control;

import io.ichido.platform.control.RetriesInBackground;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Records what a gateway said when the database could not take it just then (a restart, a
 * failover). The answer is known, so it is recorded, not guessed, once the database is back:
 * otherwise the attempt stays in doubt under its request's lease, and the customer's retries are
 * told 409 payment-in-doubt until the lease runs out (90 s) and the reconciler asks the gateway.
 * Every recording is guarded by the attempt's state, so doing it twice changes nothing.
 */
@ApplicationScoped
public class LateRecords {

  private static final Logger LOG = Logger.getLogger(LateRecords.class.getName());
  private static final Duration FIRST_RETRY = Duration.ofMillis(500);
  private static final Duration LONGEST_WAIT = Duration.ofSeconds(5);

  @Resource ManagedScheduledExecutorService scheduler;

  @Inject PaymentSettings settings;

  /**
   * Runs {@code record} now; when it fails, again in the background while this request's lease
   * surely still holds the attempt (half of it: the lease began a little earlier), then leaves the
   * attempt to the reconciler. The failure is rethrown: the client is told to retry.
   */
  public <T> T now(long attemptId, String what, Supplier<T> record) {
    try {
      return record.get();
    } catch (RuntimeException unrecorded) {
      LOG.log(
          Level.WARNING,
          "Could not record the {0} of charge attempt {1} ({2}); retrying in the background",
          new Object[] {what, attemptId, unrecorded.getClass().getSimpleName()});
      Instant giveUp = Instant.now().plus(settings.attemptLease().dividedBy(2));
      later(attemptId, what, record, giveUp, FIRST_RETRY);
      throw unrecorded;
    }
  }

  /** As {@link #now(long, String, Supplier)}, for a recording that answers nothing. */
  public void now(long attemptId, String what, Runnable record) {
    now(
        attemptId,
        what,
        () -> {
          record.run();
          return null;
        });
  }

  private void later(
      long attemptId, String what, Supplier<?> record, Instant giveUp, Duration wait) {
    new RetriesInBackground(
            scheduler,
            wait,
            LONGEST_WAIT,
            next -> Instant.now().plus(next).isBefore(giveUp),
            record::get,
            () ->
                LOG.log(
                    Level.INFO,
                    "Recorded the {0} of charge attempt {1} late",
                    new Object[] {what, attemptId}),
            () ->
                LOG.log(
                    Level.WARNING,
                    "Gave up recording the {0} of charge attempt {1}: the reconciler will ask the"
                        + " gateway",
                    new Object[] {what, attemptId}))
        .start();
  }
}
