package io.ichido.idempotency.control;

import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
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
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Releases claims, now or, when the database cannot be reached just then, a little later. A request
 * that failed because PostgreSQL went away (a restart, a failover) could not release its key
 * either: without a second try, every retry of it would be told 409 until the lease ran out
 * (minutes), although the database is back in seconds. Releasing later is safe: it frees the key
 * only while it is still in flight under this request's token, so a commit that did happen (its key
 * completed with it) stays as it is.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class KeyReleases {

  private static final Logger LOG = Logger.getLogger(KeyReleases.class.getName());
  private static final Duration FIRST_RETRY = Duration.ofMillis(500);
  private static final Duration LONGEST_WAIT = Duration.ofSeconds(5);

  @Resource TimerService timers;

  @Inject IdempotencyKeys keys;
  @Inject IdempotencyConfig config;

  /** A release still to be done, as a timer carries it (its info must be serializable). */
  record Pending(String scope, String key, UUID token, Instant leaseEnds, Duration delay)
      implements Serializable {

    Claimed claim() {
      return new Claimed(scope, key, token);
    }

    Pending next() {
      Duration doubled = delay.multipliedBy(2);
      return new Pending(
          scope,
          key,
          token,
          leaseEnds,
          doubled.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : doubled);
    }
  }

  /** Releases {@code claim} now, or retries in the background until its lease would end anyway. */
  public void release(Claimed claim) {
    try {
      keys.release(claim);
    } catch (RuntimeException failed) {
      LOG.log(
          Level.WARNING,
          "Could not release a key of scope {0} ({1}); retrying until its lease ends",
          new Object[] {claim.scope(), failed.getClass().getSimpleName()});
      releaseLater(claim);
    }
  }

  /**
   * Gives {@code claim} back after a failure: released, or, with {@code keepRequest} (an endpoint
   * whose failures run again under their key), let go with its request kept. A let-go the database
   * refuses is left to the lease, whose end lets go of the key the same way; the answer the client
   * gets is not turned into an error by it.
   */
  public void giveBack(Claimed claim, boolean keepRequest) {
    if (!keepRequest) {
      release(claim);
      return;
    }
    try {
      keys.letGo(claim);
    } catch (RuntimeException failed) {
      LOG.log(
          Level.WARNING,
          "Could not let go of a key of scope {0} ({1}); its lease ends it",
          new Object[] {claim.scope(), failed.getClass().getSimpleName()});
    }
  }

  /**
   * Releases {@code claim} in the background only, for a request that cannot tell whether its claim
   * committed: trying now would keep its answer waiting on a database that just failed it.
   */
  public void releaseLater(Claimed claim) {
    later(
        new Pending(
            claim.scope(),
            claim.key(),
            claim.token(),
            Instant.now().plus(config.lease()),
            FIRST_RETRY));
  }

  @Timeout
  void retry(Timer timer) {
    Pending pending = (Pending) timer.getInfo();
    try {
      keys.release(pending.claim());
      LOG.log(Level.INFO, "Released a key of scope {0} late", pending.scope());
    } catch (RuntimeException stillFailing) {
      Pending next = pending.next();
      if (Instant.now().plus(next.delay()).isBefore(pending.leaseEnds())) {
        later(next);
      } else {
        LOG.log(
            Level.WARNING,
            "Gave up releasing a key of scope {0}: its lease ends now and frees it",
            pending.scope());
      }
    }
  }

  private void later(Pending pending) {
    timers.createSingleActionTimer(pending.delay().toMillis(), new TimerConfig(pending, false));
  }
}
