package io.ichido.audit.control;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Gives committed facts their chain positions, after the fact: every server polls, and whichever
 * takes the sequencer lock chains what it finds, so the chain moves on while any server lives.
 * Writers never wait for it; auditors' reads {@link #catchUp() catch up} first, so a search sees
 * every fact committed before it started.
 */
@ApplicationScoped
public class LogSequencer {

  private static final Logger LOG = Logger.getLogger(LogSequencer.class.getName());

  /** A round that long at most keeps a writer's insert from being chained for long. */
  private static final int BATCH = 1000;

  @Resource ManagedScheduledExecutorService scheduler;

  @Inject LogSequencing sequencing;

  @Inject
  @ConfigProperty(name = "ichido.audit.sequencer-interval", defaultValue = "PT0.1S")
  Duration interval;

  @Inject
  @ConfigProperty(name = "ichido.audit.catch-up-limit", defaultValue = "PT5S")
  Duration catchUpLimit;

  private ScheduledFuture<?> poll;

  void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
    long millis = Math.max(10, interval.toMillis());
    poll = scheduler.scheduleWithFixedDelay(this::chain, millis, millis, TimeUnit.MILLISECONDS);
  }

  @PreDestroy
  void stop() {
    if (poll != null) {
      poll.cancel(false);
    }
  }

  /** Chains until nothing is pending or another server's sequencer has the lock. */
  void chain() {
    try {
      int chained;
      do {
        chained = sequencing.chainNext(BATCH);
      } while (chained == BATCH);
    } catch (RuntimeException e) {
      // The database restarting, a failover: the next round goes on from the committed head.
      LOG.log(
          Level.WARNING, "The payment log's sequencer stopped early; the next round goes on", e);
    }
  }

  /**
   * Chains every fact committed before this call, waiting for another server's sequencer if it is
   * chaining; gives up after {@code ichido.audit.catch-up-limit} and answers false then.
   */
  public boolean catchUp() {
    long deadline = System.nanoTime() + catchUpLimit.toNanos();
    while (true) {
      int chained;
      try {
        chained = sequencing.chainNext(BATCH);
      } catch (RuntimeException e) {
        // The reader still gets what is chained; verify reports what waits.
        LOG.log(Level.WARNING, "Catching up the payment log failed", e);
        return false;
      }
      if (chained >= 0 && chained < BATCH) {
        return true;
      }
      if (System.nanoTime() > deadline) {
        return false;
      }
      if (chained == LogSequencing.ANOTHER_SEQUENCER) {
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
  }
}
