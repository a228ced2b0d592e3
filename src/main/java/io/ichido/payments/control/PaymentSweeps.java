package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
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
import java.time.Instant;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * On a persistent EJB timer (Liberty fires it on one server of those sharing the database):
 * reconciles attempts in doubt whose holder's lease ran out (a request that died, a gateway that
 * never answered), without any client call, then lapses orders left unpaid past the payment window.
 * The timer itself runs outside any transaction: it talks to gateways, and each attempt or order is
 * settled in short transactions of its own under its order's lock.
 *
 * <p>A server killed while the persistent timer was due keeps that run reserved for the persistent
 * executor's {@code missedTaskThreshold} (5 minutes here). So each start also sweeps once, on a
 * timer of its own, as soon as the attempts its previous life left in flight have lost their lease:
 * a crash costs a customer one attempt lease, not the failover window.
 */
@Singleton
@Startup
public class PaymentSweeps {

  private static final String TIMER_PREFIX = "ichido-payment-sweeps";
  private static final String AFTER_START = "ichido-payment-sweep-after-start";
  private static final Logger LOG = Logger.getLogger(PaymentSweeps.class.getName());

  @Resource TimerService timers;

  @Inject PaymentSettings settings;
  @Inject ChargePhases phases;
  @Inject Reconciliation reconciliation;
  @Inject UnpaidOrders unpaid;
  @Inject GatewayLane lane;
  @Inject Abandonment abandonment;
  @Inject Refunds refunds;
  @Inject GatewayHints hints;

  @PostConstruct
  void schedule() {
    long interval = settings.reconcileInterval().toMillis();
    String info = TIMER_PREFIX + " every " + settings.reconcileInterval();
    boolean scheduled = false;
    for (Timer timer : timers.getTimers()) {
      Serializable existing = timer.getInfo();
      if (info.equals(existing)) {
        scheduled = true;
      } else if (existing instanceof String name && name.startsWith(TIMER_PREFIX)) {
        timer.cancel(); // the interval was reconfigured
      }
    }
    if (!scheduled) {
      timers.createIntervalTimer(interval, interval, new TimerConfig(info, true));
      LOG.log(Level.INFO, "Scheduled {0}", info);
    }
    timers.createSingleActionTimer(
        settings.attemptLease().plus(settings.reconcileInterval()).toMillis(),
        new TimerConfig(AFTER_START, false));
  }

  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void sweep(Timer timer) {
    reconcileDue();
    pollWaiting();
    endAbandoned();
    endOverdue();
    sendRefundsDue();
    lapseUnpaid();
  }

  /** Payments waiting at a gateway whose webhooks are only hints: read back, in case none comes. */
  private void pollWaiting() {
    try {
      hints.pollWaiting(settings.reconcileBatchSize());
    } catch (RuntimeException failure) {
      LOG.log(
          Level.WARNING, "Polling waiting payments failed; the next sweep polls again", failure);
    }
  }

  /** Attempts still waiting on the customer (3-D Secure, a redirect) past the payment window. */
  private void endAbandoned() {
    List<Long> stale =
        phases.attemptIds(
            ChargeAttempt.LEFT_WAITING,
            "before",
            Instant.now().minus(settings.paymentWindow()),
            settings.reconcileBatchSize());
    int ended = 0;
    for (long attemptId : stale) {
      try {
        if (lane.run(() -> abandonment.end(attemptId))) {
          ended++;
        }
      } catch (RuntimeException failure) {
        LOG.log(Level.WARNING, "Ending abandoned attempt " + attemptId + " failed", failure);
      }
    }
    if (ended > 0) {
      LOG.log(Level.INFO, "Ended {0} attempts left waiting on their customer", ended);
    }
  }

  /** Payments awaiting the customer past their deadline, whose end no webhook told. */
  private void endOverdue() {
    List<Long> overdue =
        phases.attemptIds(
            ChargeAttempt.OVERDUE,
            "before",
            Instant.now().minus(settings.deadlineGrace()),
            settings.reconcileBatchSize());
    for (long attemptId : overdue) {
      try {
        lane.run(() -> abandonment.endOverdue(attemptId));
      } catch (RuntimeException failure) {
        LOG.log(Level.WARNING, "Ending overdue attempt " + attemptId + " failed", failure);
      }
    }
  }

  /** Refunds whose answer was lost or whose sender died: sent again under their keys. */
  private void sendRefundsDue() {
    for (long refundId : refunds.due(settings.reconcileBatchSize())) {
      refunds.sendQuietly(refundId, false);
    }
  }

  private void reconcileDue() {
    List<Long> due =
        phases.attemptIds(
            ChargeAttempt.DUE_FOR_RECONCILIATION,
            "now",
            Instant.now(),
            settings.reconcileBatchSize());
    int settled = 0;
    for (long attemptId : due) {
      try {
        if (lane.run(() -> reconciliation.reconcileQuietly(attemptId))
            == Reconciliation.Result.SETTLED) {
          settled++;
        }
      } catch (RuntimeException failure) {
        // One attempt's trouble (a full lane, a lock timeout) must not stop the others.
        LOG.log(Level.WARNING, "Reconciling attempt " + attemptId + " failed", failure);
      }
    }
    if (!due.isEmpty()) {
      LOG.log(
          Level.INFO,
          "Reconciled {0} of {1} charge attempts in doubt",
          new Object[] {settled, due.size()});
    }
  }

  private void lapseUnpaid() {
    int lapsed = 0;
    for (long orderId : unpaid.due(settings.reconcileBatchSize() * 5)) {
      if (unpaid.lapse(orderId)) {
        lapsed++;
      }
    }
    if (lapsed > 0) {
      LOG.log(
          Level.INFO,
          "{0} unpaid orders lapsed after {1}",
          new Object[] {lapsed, settings.paymentWindow()});
    }
  }
}
