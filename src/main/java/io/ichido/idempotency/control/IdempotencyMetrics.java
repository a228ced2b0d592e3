package io.ichido.idempotency.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Timer;

/** Counters and the claim timer, published under {@code ichido_idempotency_*} in /metrics. */
@ApplicationScoped
public class IdempotencyMetrics {

  @Inject MetricRegistry registry;

  private Counter executed;
  private Counter replayed;
  private Counter inUse;
  private Counter mismatched;
  private Counter released;
  private Counter purged;
  private Timer claim;

  @PostConstruct
  void register() {
    executed = registry.counter("ichido.idempotency.executed");
    replayed = registry.counter("ichido.idempotency.replayed");
    inUse = registry.counter("ichido.idempotency.in.use");
    mismatched = registry.counter("ichido.idempotency.reused.mismatch");
    released = registry.counter("ichido.idempotency.released");
    purged = registry.counter("ichido.idempotency.purged");
    claim = registry.timer("ichido.idempotency.claim");
  }

  public void executed() {
    executed.inc();
  }

  public void replayed() {
    replayed.inc();
  }

  public void inUse() {
    inUse.inc();
  }

  public void mismatched() {
    mismatched.inc();
  }

  public void released() {
    released.inc();
  }

  public void purged(long rows) {
    purged.inc(rows);
  }

  public void claimTook(long nanos) {
    claim.update(Duration.ofNanos(nanos));
  }
}
