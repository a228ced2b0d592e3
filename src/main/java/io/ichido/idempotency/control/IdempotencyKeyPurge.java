package io.ichido.idempotency.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.Serializable;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Deletes expired keys on a persistent EJB timer. Liberty's persistent executor fires each timer on
 * one server of those sharing the database; an advisory lock per batch keeps even overlapping runs
 * apart. Each batch is its own short transaction that skips rows live requests have locked.
 */
@Singleton
@Startup
public class IdempotencyKeyPurge {

  private static final String TIMER_PREFIX = "ichido-idempotency-purge";
  private static final Logger LOG = Logger.getLogger(IdempotencyKeyPurge.class.getName());

  @Resource TimerService timers;

  @Inject IdempotencyConfig config;
  @Inject IdempotencyKeys keys;
  @Inject KeyEvents events;

  /** Set once the timer is scheduled: the filter refuses requests until then (see LayerCheck). */
  private static volatile boolean scheduled;

  /** Whether this application's purge timer is scheduled. */
  public static boolean scheduled() {
    return scheduled;
  }

  /**
   * Runs before the application takes requests. It stops the deployment, with one message naming
   * what is missing, when the persistence unit lacks the key entity or the server has no timer
   * store: without them the layer would fail on every request or keep every key forever.
   */
  @PostConstruct
  void schedule() {
    keys.storeProblem()
        .ifPresent(
            problem -> {
              throw new IllegalStateException(problem);
            });
    try {
      scheduleTimer();
    } catch (RuntimeException noStore) {
      throw new IllegalStateException(LayerCheck.timerProblem(noStore), noStore);
    }
    scheduled = true;
  }

  private void scheduleTimer() {
    long interval = config.purgeInterval().toMillis();
    String info = TIMER_PREFIX + " every " + config.purgeInterval();
    boolean alreadyThere = false;
    for (Timer timer : timers.getTimers()) {
      Serializable existing = timer.getInfo();
      if (info.equals(existing)) {
        alreadyThere = true;
      } else if (existing instanceof String name && name.startsWith(TIMER_PREFIX)) {
        timer.cancel(); // the interval was reconfigured
      }
    }
    if (!alreadyThere) {
      timers.createIntervalTimer(interval, interval, new TimerConfig(info, true));
      LOG.log(Level.INFO, "Scheduled {0}", info);
    }
  }

  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void purge(Timer timer) {
    long total = 0;
    for (int batch = 0; batch < config.purgeMaxBatches(); batch++) {
      Optional<List<IdempotencyKeys.Expired>> deleted = keys.purgeBatch(config.purgeBatchSize());
      if (deleted.isEmpty()) {
        LOG.fine("Another server is purging idempotency keys; skipping this round");
        return;
      }
      // Told after the batch committed: an observer hears only of keys really forgotten.
      deleted.get().forEach(events::expired);
      total += deleted.get().size();
      if (deleted.get().size() < config.purgeBatchSize()) {
        break;
      }
    }
    if (total > 0) {
      LOG.log(Level.INFO, "Purged {0} expired idempotency keys", total);
    }
  }
}
