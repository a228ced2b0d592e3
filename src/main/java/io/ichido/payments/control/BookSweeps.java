package io.ichido.payments.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ScheduleExpression;
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
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reconciles every usable gateway once a day, on a persistent calendar timer (Liberty fires it on
 * one server of those sharing the database, as {@link PaymentSweeps}): the window is the {@code
 * ichido.reconciliation.window} before the start of the current UTC day (the previous day by
 * default). Outside any transaction: it talks to the gateways ({@link Books}).
 */
@Singleton
@Startup
public class BookSweeps {

  private static final String TIMER_PREFIX = "ichido-reconciliation";
  private static final Logger LOG = Logger.getLogger(BookSweeps.class.getName());

  @Resource TimerService timers;

  @Inject Books books;
  @Inject Gateways gateways;

  @Inject
  @ConfigProperty(name = "ichido.reconciliation.enabled")
  boolean enabled;

  /** When it runs each day, UTC ({@code 03:00}). */
  @Inject
  @ConfigProperty(name = "ichido.reconciliation.at")
  LocalTime at;

  @Inject
  @ConfigProperty(name = "ichido.reconciliation.window")
  Duration window;

  @PostConstruct
  void schedule() {
    String info = TIMER_PREFIX + " daily at " + at + " UTC";
    boolean scheduled = false;
    for (Timer timer : timers.getTimers()) {
      Serializable existing = timer.getInfo();
      if (enabled && info.equals(existing)) {
        scheduled = true;
      } else if (existing instanceof String name && name.startsWith(TIMER_PREFIX)) {
        timer.cancel(); // reconfigured, or turned off
      }
    }
    if (enabled && !scheduled) {
      timers.createCalendarTimer(
          new ScheduleExpression()
              .timezone("UTC")
              .hour(at.getHour())
              .minute(at.getMinute())
              .second(0),
          new TimerConfig(info, true));
      LOG.log(Level.INFO, "Scheduled {0}", info);
    }
  }

  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void reconcile(Timer timer) {
    Instant to = Instant.now().atOffset(ZoneOffset.UTC).truncatedTo(ChronoUnit.DAYS).toInstant();
    for (PaymentGateway gateway : gateways.usable()) {
      try {
        books.run(gateway.name(), to.minus(window), to, Books.ACTOR);
      } catch (RuntimeException failure) {
        // One gateway's trouble must not keep the others unreconciled.
        LOG.log(Level.WARNING, "Reconciling " + gateway.name() + " failed", failure);
      }
    }
  }
}
