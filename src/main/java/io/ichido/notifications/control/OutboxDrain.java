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
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Empties the outbox with at most {@code ichido.mail.senders} drains at once: woken right after a
 * transaction that queued mail commits, and on a fixed pace for retries (an SMTP server that was
 * down) and for mail queued before a restart. Wake-ups while every sender is busy coalesce into one
 * more round, so a burst of queued mail never becomes a burst of threads.
 *
 * <p>Each round claims a batch under a lease in one short transaction, sends it with no
 * transaction, lock or pooled connection held, and records each outcome in another short one. A
 * crash between a send and its record sends that email again after the lease, never zero times.
 */
@ApplicationScoped
public class OutboxDrain {

  private static final Logger LOG = Logger.getLogger(OutboxDrain.class.getName());

  /** Bounds one round, so that a flood cannot hold a pool thread forever. */
  private static final int MAX_PER_RUN = 500;

  @Resource ManagedScheduledExecutorService scheduler;

  @Inject OutboxLeases leases;
  @Inject OutboxSender sender;
  @Inject MailSettings settings;

  private final AtomicBoolean wanted = new AtomicBoolean();
  private volatile Semaphore senders;
  private ScheduledFuture<?> poll;

  void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
    settings.requireLeaseLongerThanSends();
    senders = new Semaphore(settings.senders());
    long interval = settings.pollInterval().toMillis();
    poll = scheduler.scheduleWithFixedDelay(this::wake, interval, interval, TimeUnit.MILLISECONDS);
  }

  void onEmailQueued(@Observes(during = TransactionPhase.AFTER_SUCCESS) EmailQueued queued) {
    wake();
  }

  @PreDestroy
  void stop() {
    if (poll != null) {
      poll.cancel(false);
    }
  }

  /** Asks for a round; starts a sender if one is free, else a busy one goes round once more. */
  void wake() {
    wanted.set(true);
    Semaphore free = senders;
    if (free == null) {
      return; // before start(): its first poll finds the mail
    }
    if (free.tryAcquire()) {
      try {
        scheduler.execute(this::drainWhileWanted);
      } catch (RejectedExecutionException e) {
        free.release();
        LOG.log(Level.FINE, "Outbox drain not started (shutting down?); the next poll goes on", e);
      }
    }
  }

  private void drainWhileWanted() {
    try {
      while (wanted.getAndSet(false)) {
        drain();
      }
    } finally {
      senders.release();
    }
    // A wake-up that came after our last look but found every sender still busy.
    if (wanted.get()) {
      wake();
    }
  }

  /** Runs on the managed executor, outside any transaction ({@link OutboxSender} insists). */
  void drain() {
    try {
      int handled = 0;
      while (handled < MAX_PER_RUN) {
        Claim claim = leases.claim(Math.min(settings.batchSize(), MAX_PER_RUN - handled));
        if (claim.emails().isEmpty()) {
          return;
        }
        sender.send(claim);
        handled += claim.emails().size();
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Outbox drain stopped early; the next run goes on", e);
    }
  }
}
