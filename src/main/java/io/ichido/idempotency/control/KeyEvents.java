package io.ichido.idempotency.control;

import io.ichido.idempotency.entity.ClaimRequest;
import io.ichido.idempotency.entity.IdempotencyKeyEvent;
import io.ichido.idempotency.entity.IdempotencyKeyEvent.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tells observers what happened to a key ({@link IdempotencyKeyEvent}). An observer that fails is
 * logged (at most once a minute) and otherwise ignored: the request's answer is already decided,
 * and a team's counter must not turn a recorded payment into a 500.
 */
@ApplicationScoped
public class KeyEvents {

  private static final Logger LOG = Logger.getLogger(KeyEvents.class.getName());
  private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

  @Inject Event<IdempotencyKeyEvent> events;

  private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

  /** What happened to the key {@code request} asked for. */
  public void fire(Kind kind, ClaimRequest request, int status, Instant expiresAt) {
    fire(
        new IdempotencyKeyEvent(
            kind,
            request.scope(),
            request.key(),
            request.method(),
            request.path(),
            status,
            kind == Kind.RELEASED ? null : expiresAt));
  }

  /** The purge forgot this key. */
  void expired(IdempotencyKeys.Expired key) {
    fire(
        new IdempotencyKeyEvent(
            Kind.EXPIRED,
            key.scope(),
            key.key(),
            key.method(),
            key.path(),
            key.status(),
            key.expiresAt()));
  }

  private void fire(IdempotencyKeyEvent event) {
    try {
      events.fire(event);
    } catch (RuntimeException observerFailed) {
      long now = System.nanoTime();
      long last = lastWarning.get();
      if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
        LOG.log(
            Level.WARNING,
            "An observer of IdempotencyKeyEvent failed on " + event.kind() + "; ignored",
            observerFailed);
      }
    }
  }
}
