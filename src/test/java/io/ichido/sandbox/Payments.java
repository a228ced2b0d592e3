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

  /** Once per payment. */
  void add(String id, ObjectNode payment) {
    byId.put(id, payment);
    newestFirst.addFirst(payment);
  }

  /** Copies of the payments that {@code matches} accepts, the newest first. */
  List<ObjectNode> newestFirst(Predicate<ObjectNode> matches) {
    List<ObjectNode> found = new ArrayList<>();
    for (ObjectNode payment : newestFirst) {
      synchronized (payment) {
        if (matches.test(payment)) {
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
  }
}
