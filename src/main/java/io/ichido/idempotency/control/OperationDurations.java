package io.ichido.idempotency.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long each endpoint holds its keys, on this server: a moving average (weight 1/5 for the
 * newest) per resource method. A twin told "in use" is asked to come back after about that long,
 * not after the whole lease, which only bounds a request that died.
 */
@ApplicationScoped
public class OperationDurations {

  /** Endpoints beyond this many are not tracked: their twins are told one second. */
  static final int MAX_TRACKED = 1_000;

  // An AtomicLong per endpoint, updated by compare-and-set: no request waits on another's lock
  // (ConcurrentHashMap.merge would lock the endpoint's bin for every request).
  private final Map<Method, AtomicLong> averageNanos = new ConcurrentHashMap<>();

  /** One request of {@code endpoint} held its key for {@code nanos}. */
  public void held(Method endpoint, long nanos) {
    if (endpoint == null || nanos < 0) {
      return;
    }
    if (averageNanos.size() >= MAX_TRACKED && !averageNanos.containsKey(endpoint)) {
      return;
    }
    AtomicLong average = averageNanos.get(endpoint);
    if (average == null) {
      average = averageNanos.computeIfAbsent(endpoint, first -> new AtomicLong(nanos));
    }
    average.accumulateAndGet(nanos, (old, latest) -> old + (latest - old) / 5);
  }

  /**
   * The {@code Retry-After} for a twin of {@code endpoint}: its usual time rounded up to whole
   * seconds, at least one, and never past {@code leaseLeft} (after which the key is free anyway).
   */
  public long retryAfterSeconds(Method endpoint, long leaseLeftSeconds) {
    AtomicLong usual = endpoint == null ? null : averageNanos.get(endpoint);
    long seconds = usual == null ? 1 : (usual.get() + 999_999_999L) / 1_000_000_000L;
    return Math.max(1, Math.min(seconds, leaseLeftSeconds));
  }

  /** The usual time of {@code endpoint}, if this server has seen one finish. */
  public Duration usual(Method endpoint) {
    AtomicLong usual = averageNanos.get(endpoint);
    return usual == null ? null : Duration.ofNanos(usual.get());
  }
}
