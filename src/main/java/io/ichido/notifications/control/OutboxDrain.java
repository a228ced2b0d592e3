package io.ichido.notifications.control;

import io.ichido.notifications.entity.EmailQueued;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Empties the outbox: right after a transaction that queued mail commits, and on a fixed pace for
 * retries (an SMTP server that was down) and for mail queued before a restart.
 */
@ApplicationScoped
public class OutboxDrain {

  private static final Logger LOG = Logger.getLogger(OutboxDrain.class.getName());

  /** Bounds one run, so that a flood cannot hold a pool thread forever. */
  private static final int MAX_PER_RUN = 500;

  @Resource ManagedScheduledExecutorService scheduler;

  @Inject OutboxSender sender;
  @Inject MailSettings settings;

  private ScheduledFuture<?> poll;

  void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
    long interval = settings.pollInterval().toMillis();
    poll = scheduler.scheduleWithFixedDelay(this::drain, interval, interval, TimeUnit.MILLISECONDS);
  }

  void onEmailQueued(@Observes(during = TransactionPhase.AFTER_SUCCESS) EmailQueued queued) {
    scheduler.execute(this::drain);
  }

  @PreDestroy
  void stop() {
    if (poll != null) {
      poll.cancel(false);
    }
  }

  void drain() {
    try {
      int handled = 0;
      while (handled < MAX_PER_RUN && sender.sendNext()) {
        handled++;
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Outbox drain stopped early; the next run goes on", e);
    }
  }
}
