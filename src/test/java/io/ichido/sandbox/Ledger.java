package io.ichido.sandbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every charge the gateways created, in creation order: what the tests compare with Ichido's own
 * books to prove that no order was charged twice.
 */
final class Ledger {

  private final Map<String, LedgerEntry> entries = new LinkedHashMap<>();
  private final List<PaymentEvents> subscribers = new CopyOnWriteArrayList<>();

  synchronized void record(LedgerEntry entry) {
    if (entries.putIfAbsent(key(entry.gateway(), entry.id()), entry) != null) {
      throw new IllegalStateException("Charge " + entry.id() + " is already in the ledger.");
    }
  }

  /** Moves a charge to a new status and tells the subscribers. */
  LedgerEntry update(String gateway, String id, LedgerStatus status) {
    LedgerEntry updated;
    synchronized (this) {
      LedgerEntry entry = entries.get(key(gateway, id));
      if (entry == null) {
        throw new IllegalStateException("Charge " + id + " is not in the ledger.");
      }
      updated = entry.withStatus(status);
      entries.put(key(gateway, id), updated);
    }
    // Outside the lock: a subscriber may take its time (a webhook call) or read the ledger.
    subscribers.forEach(subscriber -> subscriber.statusChanged(updated));
    return updated;
  }

  synchronized Optional<LedgerEntry> find(String gateway, String id) {
    return Optional.ofNullable(entries.get(key(gateway, id)));
  }

  /** The entries of one gateway and/or one order; null matches all. */
  synchronized List<LedgerEntry> list(String gateway, String reference) {
    List<LedgerEntry> found = new ArrayList<>();
    for (LedgerEntry entry : entries.values()) {
      if ((gateway == null || gateway.equals(entry.gateway()))
          && (reference == null || Objects.equals(reference, entry.reference()))) {
        found.add(entry);
      }
    }
    return found;
  }

  synchronized void clear() {
    entries.clear();
  }

  void subscribe(PaymentEvents subscriber) {
    subscribers.add(Objects.requireNonNull(subscriber, "A subscriber is required."));
  }

  private static String key(String gateway, String id) {
    return gateway + "/" + id;
  }
}
