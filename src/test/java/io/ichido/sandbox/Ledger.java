package io.ichido.sandbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

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

  /**
   * Records the charge {@code entry} makes of an id {@code draw} gives, drawn again while a charge
   * of {@code gateway} holds it: for ids too short to be unique by chance (2C2P's seven-digit
   * {@code tranRef}). Answers the id it was recorded under.
   */
  synchronized String recordNew(
      String gateway, Supplier<String> draw, Function<String, LedgerEntry> entry) {
    String id = draw.get();
    while (entries.containsKey(key(gateway, id))) {
      id = draw.get();
    }
    record(entry.apply(id));
    return id;
  }

  /** How a refund went; one for more than is left throws instead. */
  enum RefundOutcome {
    REFUNDED,
    UNKNOWN_PAYMENT,
    NOT_PAID
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
    tell(updated);
    return updated;
  }

  /**
   * The customer paid {@code amount}, not what the charge asked (a bank transfer short or over):
   * what the gateway holds is what was paid.
   */
  void took(String gateway, String id, long amount) {
    synchronized (this) {
      LedgerEntry entry = entries.get(key(gateway, id));
      if (entry == null) {
        throw new IllegalStateException("Charge " + id + " is not in the ledger.");
      }
      entries.put(key(gateway, id), entry.withAmount(amount));
    }
  }

  /**
   * Gives back {@code amount} (null: all that is left) of a paid charge and tells the subscribers.
   * {@code show} makes the gateway's own objects show the refund (the entry as refunded, this
   * refund's amount); it runs under the ledger's lock, so refunds of one charge never overtake each
   * other and never give back more than was paid.
   *
   * @throws IllegalArgumentException when {@code amount} is more than is left to refund
   */
  RefundOutcome refund(String gateway, String id, Long amount, ObjLongConsumer<LedgerEntry> show) {
    return refund(gateway, id, amount, show, true);
  }

  /**
   * As {@link #refund(String, String, Long, ObjLongConsumer)}; without {@code told}, the
   * subscribers never hear of it (a refund whose webhook never came).
   */
  RefundOutcome refund(
      String gateway, String id, Long amount, ObjLongConsumer<LedgerEntry> show, boolean told) {
    LedgerEntry updated;
    synchronized (this) {
      LedgerEntry entry = entries.get(key(gateway, id));
      if (entry == null) {
        return RefundOutcome.UNKNOWN_PAYMENT;
      }
      if (entry.status() != LedgerStatus.PAID && !entry.status().refunded()) {
        return RefundOutcome.NOT_PAID;
      }
      long left = entry.refundable();
      long refund = amount == null ? left : amount;
      if (refund > left || refund == 0) {
        throw new IllegalArgumentException(
            "Cannot refund "
                + refund
                + " of charge "
                + id
                + ": "
                + left
                + " of "
                + entry.amount()
                + " is left to refund.");
      }
      updated = entry.withRefund(refund);
      show.accept(updated, refund);
      entries.put(key(gateway, id), updated);
    }
    if (told) {
      tell(updated);
    }
    return RefundOutcome.REFUNDED;
  }

  /**
   * The customer's bank takes back what is left of a paid charge (a chargeback); {@code show} makes
   * the gateway's own objects show it, under the ledger's lock. Subscribers are not told: a
   * chargeback's webhook is the dispute's own ({@link WebhookSender#disputed}), not a status
   * change's. Empty when the charge is unknown, took no money or was charged back already.
   */
  synchronized Optional<LedgerEntry> chargeBack(
      String gateway, String id, Consumer<LedgerEntry> show) {
    LedgerEntry entry = entries.get(key(gateway, id));
    if (entry == null
        || !entry.status().paid()
        || entry.amountChargedBack() > 0
        || entry.amount() == entry.amountRefunded()) {
      return Optional.empty();
    }
    LedgerEntry updated = entry.chargedBack();
    show.accept(updated);
    entries.put(key(gateway, id), updated);
    return Optional.of(updated);
  }

  /**
   * Stripe's dispute funds: withdrawn from the merchant's balance when the dispute opens, and
   * reinstated when it is won. Stripe's API reference, the Dispute object's {@code
   * balance_transactions}: "List of zero, one, or two balance transactions that show funds
   * withdrawn and reinstated to your Stripe account as a result of this dispute"; the sandbox's
   * dispute objects carry the same two ({@link DisputeWebhooks}). The dispute fee is not imitated:
   * no ledger of Ichido counts it. Subscribers are not told: the dispute's webhooks say it. Empty
   * when the charge is unknown.
   */
  synchronized Optional<LedgerEntry> withdrawn(String gateway, String id, long withdrawn) {
    LedgerEntry entry = entries.get(key(gateway, id));
    if (entry == null) {
      return Optional.empty();
    }
    LedgerEntry updated = entry.withWithdrawn(withdrawn);
    entries.put(key(gateway, id), updated);
    return Optional.of(updated);
  }

  // Outside the lock: a subscriber may take its time (a webhook call) or read the ledger.
  /** Tells the subscribers of the payment as it stands, as if its status had just changed. */
  void retell(String gateway, String id) {
    find(gateway, id).ifPresent(this::tell);
  }

  private void tell(LedgerEntry changed) {
    subscribers.forEach(subscriber -> subscriber.statusChanged(changed));
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
