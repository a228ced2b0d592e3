package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A gateway's payment objects as it would show them, by id. Each object is its own lock, so a
 * status change and a read never see half of each other.
 */
final class Payments {

  private final ConcurrentHashMap<String, ObjectNode> byId = new ConcurrentHashMap<>();
  private final ConcurrentLinkedDeque<ObjectNode> newestFirst = new ConcurrentLinkedDeque<>();
  private final ConcurrentHashMap<String, Long> searchableFrom = new ConcurrentHashMap<>();
  private volatile long searchDelayMillis;

  /**
   * Once per payment. Search finds it after the longer of the sandbox-wide delay and an {@code
   * index_delay} fault's ({@link IndexDelay}); retrieval by id at once.
   */
  void add(String id, ObjectNode payment) {
    long delay = Math.max(searchDelayMillis, IndexDelay.millis());
    if (delay > 0) {
      searchableFrom.put(id, System.nanoTime() + delay * 1_000_000);
    }
    byId.put(id, payment);
    newestFirst.addFirst(payment);
  }

  void searchDelay(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("delayMillis must not be negative.");
    }
    searchDelayMillis = millis;
  }

  /** Copies of the payments search finds now that {@code matches} accepts, the newest first. */
  List<ObjectNode> newestFirst(Predicate<ObjectNode> matches) {
    List<ObjectNode> found = new ArrayList<>();
    long now = System.nanoTime();
    for (ObjectNode payment : newestFirst) {
      synchronized (payment) {
        Long from = searchableFrom.get(payment.path("id").asText());
        if ((from == null || now - from >= 0) && matches.test(payment)) {
          found.add(payment.deepCopy());
        }
      }
    }
    return found;
  }

  /** A copy, safe to serialise while the original changes. */
  Optional<ObjectNode> find(String id) {
    ObjectNode payment = byId.get(id);
    if (payment == null) {
      return Optional.empty();
    }
    synchronized (payment) {
      return Optional.of(payment.deepCopy());
    }
  }

  /** Applies {@code change} if the payment exists and is still {@code pending}; once only. */
  Settlement.Outcome change(String id, Predicate<ObjectNode> pending, Consumer<ObjectNode> change) {
    ObjectNode payment = byId.get(id);
    if (payment == null) {
      return Settlement.Outcome.UNKNOWN_PAYMENT;
    }
    synchronized (payment) {
      if (!pending.test(payment)) {
        return Settlement.Outcome.NOT_PENDING;
      }
      change.accept(payment);
      return Settlement.Outcome.SETTLED;
    }
  }

  void clear() {
    byId.clear();
    newestFirst.clear();
    searchableFrom.clear();
    searchDelayMillis = 0;
  }
}
