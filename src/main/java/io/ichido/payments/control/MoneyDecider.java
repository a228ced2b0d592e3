package io.ichido.payments.control;

import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyEffect.Movement;
import io.ichido.payments.entity.MoneyEffect.Purpose;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.OrderMoney.AttemptMoney;
import io.ichido.payments.entity.OrderMoney.Role;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one place money is decided: from what is known of an order's money and one observation, the
 * new state and its effects. A pure function (no I/O, clock or container), so that every order of
 * events can be explored before a customer meets one. Its rules:
 *
 * <ul>
 *   <li>every yen a gateway reports taken or given back is a ledger row, once;
 *   <li>money taken for the order's slot, of its amount and currency, pays it; taken for another
 *       attempt, or once the order takes no payment, goes back by itself; of another amount or
 *       currency, waits for a person;
 *   <li>what went back of an attempt settles, first, what we asked back of it, and of a payment,
 *       first what it took beyond the price: only the rest is a refund of the payment;
 *   <li>money nobody is giving back always has a way out for an operator ({@link #waysOut}).
 * </ul>
 */
public final class MoneyDecider {

  /** What an operator can do about money that could not go back by itself. */
  public enum Way {
    ACCEPT,
    REFUND,
    RETURN_AGAIN,
    RECORD_RETURNED_OUTSIDE
  }

  /** The new state and what the world is to be told. */
  public record Decision(OrderMoney money, List<MoneyEffect> effects) {

    public Decision {
      effects = List.copyOf(effects);
    }

    static Decision none(OrderMoney money) {
      return new Decision(money, List.of());
    }

    static Decision refused(OrderMoney money, String problem, String detail) {
      return new Decision(money, List.of(new MoneyEffect.Refused(problem, detail)));
    }

    /** Why the attempt's money goes back, or waits for a person, as the decision says. */
    public String why(long attemptId) {
      for (MoneyEffect effect : effects) {
        if (effect instanceof MoneyEffect.Surplus surplus && surplus.attemptId() == attemptId) {
          return surplus.why();
        }
        if (effect instanceof MoneyEffect.ToReview review && review.attemptId() == attemptId) {
          return review.why();
        }
      }
      return "the gateway gave it all back by itself";
    }

    public Optional<MoneyEffect.Refused> refusal() {
      return effects.stream()
          .filter(MoneyEffect.Refused.class::isInstance)
          .map(MoneyEffect.Refused.class::cast)
          .findFirst();
    }
  }

  private MoneyDecider() {}

  public static Decision decide(OrderMoney money, MoneyObservation seen) {
    if (seen instanceof MoneyObservation.Started started) {
      return started(money, started);
    }
    if (seen instanceof MoneyObservation.Taken taken) {
      return taken(money, taken);
    }
    if (seen instanceof MoneyObservation.Ended ended) {
      return money
          .attempt(ended.attemptId())
          .filter(a -> a.role() == Role.WAITING)
          .map(a -> new Decision(money.with(a.as(Role.ENDED)), List.of()))
          .orElse(Decision.none(money));
    }
    if (seen instanceof MoneyObservation.Returned returned) {
      return returned(money, returned.attemptId(), returned.total());
    }
    if (seen instanceof MoneyObservation.ReturnRefused refused) {
      return returnRefused(money, refused);
    }
    if (seen instanceof MoneyObservation.Disputed disputed) {
      return disputed(money, disputed);
    }
    if (seen instanceof MoneyObservation.Closed) {
      return closed(money);
    }
    if (seen instanceof MoneyObservation.Accepted) {
      return accepted(money);
    }
    if (seen instanceof MoneyObservation.ReviewRefunded) {
      return reviewRefunded(money);
    }
    if (seen instanceof MoneyObservation.ReturnRetried retried) {
      return returnRetried(money, retried.attemptId());
    }
    if (seen instanceof MoneyObservation.ReturnedOutside outside) {
      return returnedOutside(money, outside);
    }
    if (seen instanceof MoneyObservation.MerchantRefunded refund) {
      return merchantRefunded(money, refund.amount());
    }
    throw new IllegalArgumentException("An observation the decider does not know: " + seen);
  }

  private static Decision started(OrderMoney money, MoneyObservation.Started started) {
    if (money.attempt(started.attemptId()).isPresent()) {
      return Decision.none(money);
    }
    Optional<String> busy = slotTaken(money, started.attemptId());
    if (!money.open() || busy.isPresent() || money.inReview()) {
      return Decision.refused(
          money,
          "order-not-payable",
          busy.orElse(money.open() ? "its money is in review" : "it takes no payment any more"));
    }
    return Decision.none(
        money.with(
            AttemptMoney.waiting(started.attemptId(), started.currency(), started.refundable())));
  }

  private static Decision taken(OrderMoney money, MoneyObservation.Taken taken) {
    Optional<AttemptMoney> known = money.attempt(taken.attemptId());
    if (known.isEmpty()
        || taken.amount() <= 0
        || taken.returnedTotal() < 0
        || taken.returnedTotal() > taken.amount()) {
      // Not a word we can believe: the attempt stays as it was, to be read back.
      return Decision.none(money);
    }
    AttemptMoney attempt = known.get();
    if (attempt.holdsMoney()) {
      // Told before: only what the gateway has given back since is news.
      return returned(money, attempt.id(), taken.returnedTotal());
    }
    List<MoneyEffect> effects = new ArrayList<>();
    effects.add(
        new MoneyEffect.Ledger(attempt.id(), Movement.CHARGED, taken.amount(), taken.currency()));
    Optional<String> notThePayment =
        money.open() ? slotTaken(money, attempt.id()) : Optional.of("the order takes no payment");
    boolean otherInReview =
        money.attempts().stream()
            .anyMatch(a -> a.id() != attempt.id() && a.role() == Role.REVIEW && a.held() > 0);
    boolean sameMoney =
        taken.amount() == money.owed() && money.currency().equalsIgnoreCase(taken.currency());
    Role role;
    long keeps = 0;
    if (notThePayment.isPresent() || taken.returnedTotal() == taken.amount()) {
      role = Role.SURPLUS;
    } else if (!sameMoney || otherInReview) {
      role = Role.REVIEW;
    } else {
      role = Role.PAYMENT;
      keeps = taken.amount();
    }
    AttemptMoney now = attempt.taken(role, taken.currency(), taken.amount(), keeps);
    OrderMoney next = money.with(now);
    if (role == Role.PAYMENT) {
      effects.add(new MoneyEffect.Paid(attempt.id(), keeps));
    } else if (role == Role.REVIEW) {
      effects.add(
          new MoneyEffect.ToReview(
              attempt.id(),
              otherInReview
                  ? "another attempt's money is in review too"
                  : "paid %d %s for an order of %d %s"
                      .formatted(
                          taken.amount(), taken.currency(), money.owed(), money.currency())));
    }
    Decision returns = returned(next, attempt.id(), taken.returnedTotal());
    effects.addAll(returns.effects());
    next = returns.money();
    if (role == Role.SURPLUS) {
      effects.addAll(
          goesBack(
              next, attempt.id(), notThePayment.orElse("the gateway gave it all back by itself")));
      next = afterGoingBack(next, attempt.id());
    }
    return new Decision(next, effects);
  }

  /**
   * The gateway has given back {@code total} of the attempt in all. What is new settles what we
   * asked back first; of a payment, what it took beyond the price, then the payment itself.
   */
  private static Decision returned(OrderMoney money, long attemptId, long total) {
    Optional<AttemptMoney> known = money.attempt(attemptId);
    if (known.isEmpty()) {
      return Decision.none(money);
    }
    AttemptMoney attempt = known.get();
    if (!attempt.holdsMoney()) {
      return total > 0
          ? new Decision(
              money,
              List.of(
                  new MoneyEffect.ReadBack(
                      attemptId, "a return was reported of a charge we have not heard taken")))
          : Decision.none(money);
    }
    if (total <= attempt.returned() || total > attempt.received()) {
      // Told already (or late); or more than it took, which is no word we can believe.
      return Decision.none(money);
    }
    long news = total - attempt.returned();
    AttemptMoney now = attempt.returnedTotal(total, Math.min(news, attempt.returning()));
    List<MoneyEffect> effects = new ArrayList<>();
    effects.add(new MoneyEffect.Ledger(attemptId, Movement.RETURNED, news, attempt.currency()));
    long ofPayment = now.refundedOfPayment() - attempt.refundedOfPayment();
    if (ofPayment > 0) {
      effects.add(
          new MoneyEffect.PaymentRefunded(
              attemptId,
              ofPayment,
              now.refundedOfPayment(),
              now.refundedOfPayment() == now.paid()));
    }
    OrderMoney next = money.with(now);
    if (attempt.reviewed() && !next.inReview() && nothingReturning(next)) {
      effects.add(
          new MoneyEffect.ReviewClosed(
              next.attempts().stream()
                  .filter(a -> a.role() == Role.REVIEW || a.disputed())
                  .mapToLong(AttemptMoney::returned)
                  .sum()));
    }
    return new Decision(next, effects);
  }

  /**
   * A dispute about money the order took (its payment, or money in review) puts it before a person,
   * each time one is told while it is open; one about a surplus is nothing to review. What the
   * dispute holds of the charge now is a ledger row of the difference: taken back by the customer's
   * bank ({@code DISPUTED}), or given back to the merchant ({@code REINSTATED}). Reports come in
   * any order: one that saw fewer movements of the dispute's money than the last believed is older
   * and changes no money, and none reopens a closed dispute. A closed one leaves review: won, the
   * order keeps what its payment holds; lost, what the bank took stays with the customer.
   */
  private static Decision disputed(OrderMoney money, MoneyObservation.Disputed disputed) {
    Optional<AttemptMoney> known = money.attempt(disputed.attemptId());
    if (known.isEmpty() || !known.get().holdsMoney() || known.get().received() <= 0) {
      return Decision.none(money);
    }
    AttemptMoney attempt = known.get();
    OrderMoney.Dispute before = attempt.dispute();
    if (before.state().ended() && !disputed.ended()) {
      // Told before it closed, delivered after: nothing of it is news.
      return Decision.none(money);
    }
    long withdrawn = before.withdrawn();
    int seen = before.seen();
    boolean told = disputed.withdrawn() != MoneyObservation.Disputed.UNTOLD;
    if (told
        && disputed.seen() > before.seen()
        && disputed.withdrawn() >= 0
        && disputed.withdrawn() <= attempt.received() - attempt.returned()) {
      withdrawn = disputed.withdrawn();
      seen = disputed.seen();
    }
    List<MoneyEffect> effects = new ArrayList<>();
    long change = withdrawn - before.withdrawn();
    if (change != 0) {
      effects.add(
          new MoneyEffect.Ledger(
              attempt.id(),
              change > 0 ? Movement.DISPUTED : Movement.REINSTATED,
              Math.abs(change),
              attempt.currency()));
    }
    OrderMoney.Dispute.State state =
        disputed.ended()
            ? (disputed.won() ? OrderMoney.Dispute.State.WON : OrderMoney.Dispute.State.LOST)
            : OrderMoney.Dispute.State.OPEN;
    AttemptMoney now = attempt.disputing(new OrderMoney.Dispute(state, withdrawn, seen));
    OrderMoney next = money.with(now);
    boolean ours = attempt.role() == Role.PAYMENT || attempt.role() == Role.REVIEW;
    if (!ours) {
      // Money the order does not keep: nobody reviews it; what a dispute gave back goes back.
      if (!now.returnRefused()) {
        effects.addAll(
            goesBack(next, now.id(), "a dispute gave back money the order does not keep"));
        next = afterGoingBack(next, now.id());
      }
      return new Decision(next, effects);
    }
    if (!disputed.ended()) {
      effects.add(new MoneyEffect.ToReview(attempt.id(), "disputed: " + disputed.reason()));
    } else if (!before.state().ended() && attempt.role() == Role.PAYMENT) {
      effects.add(new MoneyEffect.DisputeEnded(attempt.id(), disputed.won(), withdrawn));
    }
    if (attempt.role() == Role.PAYMENT && !now.returnRefused()) {
      // What a dispute gave back beyond what the payment keeps goes back.
      effects.addAll(goesBack(next, now.id(), "a dispute gave back more than the payment keeps"));
      next = afterGoingBack(next, now.id());
    }
    return new Decision(next, effects);
  }

  /** The order stops taking a payment: refused once it has one, or a person decides its money. */
  private static Decision closed(OrderMoney money) {
    if (money.payment().isPresent()) {
      return Decision.refused(money, "order-paid", "the order is paid");
    }
    if (money.inReview()) {
      return Decision.refused(money, "order-in-review", "a person decides about its money");
    }
    return Decision.none(money.closed());
  }

  private static Decision returnRefused(OrderMoney money, MoneyObservation.ReturnRefused refused) {
    Optional<AttemptMoney> known = money.attempt(refused.attemptId());
    if (known.isEmpty() || known.get().returning() <= 0) {
      return Decision.none(money);
    }
    AttemptMoney now = known.get().refused(refused.amount());
    if (now.loose() <= 0) {
      // A refund of what the order keeps (the merchant's): refused, and nothing waits for anyone.
      return Decision.none(money.with(now.retried()));
    }
    return new Decision(
        money.with(now),
        List.of(
            new MoneyEffect.ForOperator(
                now.id(),
                now.loose(),
                "the gateway refused to give back %d %s".formatted(now.loose(), now.currency()))));
  }

  private static Decision accepted(OrderMoney money) {
    List<AttemptMoney> held =
        reviewHolding(money).stream().filter(a -> a.role() == Role.REVIEW).toList();
    if (held.isEmpty()) {
      return Decision.refused(
          money,
          "review-nothing-received",
          money.payment().filter(AttemptMoney::disputed).isPresent()
              ? "its payment is disputed, not held: answer the dispute at the gateway, or refund it"
              : "no attempt holds money in review");
    }
    if (held.stream().anyMatch(a -> a.returning() > 0)) {
      return Decision.refused(money, "review-refund-begun", "its money is being given back");
    }
    AttemptMoney paying = held.get(0);
    if (!money.currency().equalsIgnoreCase(paying.currency())) {
      // Another currency is never payment of the order, whatever its figure: it goes back.
      return Decision.refused(
          money,
          "review-other-currency",
          "attempt %d holds %d %s for an order in %s: another currency never pays it; refund it"
              .formatted(paying.id(), paying.held(), paying.currency(), money.currency()));
    }
    Optional<String> busy = slotTaken(money, paying.id());
    if (busy.isPresent()) {
      // Another charge began while this money was away (a dispute held it): it has the slot.
      return Decision.refused(money, "order-not-payable", busy.get());
    }
    // What went back of it already counts as what it took beyond the price.
    long paid = Math.min(paying.held(), money.owed());
    OrderMoney next = money.with(paying.paying(paid));
    List<MoneyEffect> effects = new ArrayList<>();
    effects.add(new MoneyEffect.Paid(paying.id(), paid));
    String why = "an operator accepted attempt " + paying.id() + "'s money as the order's payment";
    effects.addAll(goesBack(next, paying.id(), why));
    next = afterGoingBack(next, paying.id());
    for (AttemptMoney other : held.subList(1, held.size())) {
      next = next.with(next.attempt(other.id()).orElseThrow().as(Role.SURPLUS));
      effects.addAll(goesBack(next, other.id(), why));
      next = afterGoingBack(next, other.id());
    }
    return new Decision(next, effects);
  }

  private static Decision reviewRefunded(OrderMoney money) {
    List<AttemptMoney> held = reviewHolding(money);
    if (held.isEmpty()) {
      return Decision.refused(money, "review-nothing-received", "no attempt holds money in review");
    }
    if (held.stream().anyMatch(a -> !a.refundable())) {
      return Decision.refused(
          money,
          "refund-not-by-api",
          "its gateway gives no money back by API here: record what the merchant portal gave back");
    }
    if (held.stream().anyMatch(a -> a.returning() > 0)) {
      return Decision.refused(money, "refund-in-doubt", "its money is being given back already");
    }
    OrderMoney next = money;
    List<MoneyEffect> effects = new ArrayList<>();
    for (AttemptMoney attempt : held) {
      next = next.with(attempt.asking(attempt.held()));
      effects.add(new MoneyEffect.SendReturn(attempt.id(), attempt.held(), Purpose.REVIEW));
    }
    return new Decision(next, effects);
  }

  private static Decision returnRetried(OrderMoney money, long attemptId) {
    Optional<AttemptMoney> known = money.attempt(attemptId);
    if (known.isEmpty() || !known.get().returnRefused() || known.get().loose() <= 0) {
      return Decision.refused(money, "nothing-to-retry", "no refused return waits on it");
    }
    if (!known.get().refundable()) {
      return Decision.refused(
          money,
          "refund-not-by-api",
          "its gateway gives no money back by API here: record what the merchant portal gave back");
    }
    AttemptMoney attempt = known.get();
    return new Decision(
        money.with(attempt.asking(attempt.loose()).retried()),
        List.of(new MoneyEffect.SendReturn(attemptId, attempt.loose(), Purpose.SURPLUS)));
  }

  private static Decision returnedOutside(
      OrderMoney money, MoneyObservation.ReturnedOutside outside) {
    Optional<AttemptMoney> known = money.attempt(outside.attemptId());
    if (known.isEmpty() || waysOut(money, outside.attemptId()).isEmpty()) {
      return Decision.refused(money, "nothing-to-record", "no money of it waits for a person");
    }
    AttemptMoney attempt = known.get();
    long open = attempt.reviewed() ? attempt.held() - attempt.returning() : attempt.loose();
    if (outside.amount() <= 0 || outside.amount() > open) {
      return Decision.refused(
          money,
          "more-than-held",
          "it holds %d %s nobody is giving back".formatted(open, attempt.currency()));
    }
    Decision returned = returned(money, attempt.id(), attempt.returned() + outside.amount());
    List<MoneyEffect> effects = new ArrayList<>();
    effects.add(
        new MoneyEffect.Ledger(
            attempt.id(), Movement.RETURNED_OUTSIDE, outside.amount(), attempt.currency()));
    returned.effects().stream()
        .filter(e -> !(e instanceof MoneyEffect.Ledger))
        .forEach(effects::add);
    return new Decision(returned.money(), effects);
  }

  private static Decision merchantRefunded(OrderMoney money, long amount) {
    Optional<AttemptMoney> payment = money.payment();
    if (payment.isEmpty()) {
      return Decision.refused(money, "order-not-paid", "the order has no payment to refund");
    }
    AttemptMoney attempt = payment.get();
    if (attempt.returning() > 0) {
      return Decision.refused(money, "refund-in-doubt", "a refund of it is not settled yet");
    }
    if (attempt.loose() > 0) {
      // What it took beyond the price goes back first, or its refunds would be counted as that.
      return Decision.refused(
          money,
          "surplus-not-returned",
          "%d %s it took beyond the price waits for an operator in the review queue"
              .formatted(attempt.loose(), attempt.currency()));
    }
    // What a dispute took back is with the customer already: refunding it would pay them twice.
    long left =
        Math.max(
            0,
            Math.min(
                attempt.paid() - attempt.refundedOfPayment(),
                attempt.held() - attempt.returning()));
    if (amount <= 0 || amount > left) {
      return Decision.refused(
          money,
          "refund-exceeds-balance",
          attempt.withdrawn() > 0
              ? "%d %s is left to refund: the customer's bank took %d back by a dispute"
                  .formatted(left, attempt.currency(), attempt.withdrawn())
              : "%d %s is left to refund".formatted(left, attempt.currency()));
    }
    if (!attempt.refundable()) {
      return Decision.refused(money, "refund-not-by-api", "its gateway gives no money back by API");
    }
    return new Decision(
        money.with(attempt.asking(amount)),
        List.of(new MoneyEffect.SendReturn(attempt.id(), amount, Purpose.MERCHANT)));
  }

  /**
   * What an operator can do about an attempt's money: in review, accept it or give it back; a
   * return the gateway refused, ask again or record it given back in the gateway's portal. Empty
   * where nothing waits for a person.
   */
  public static Set<Way> waysOut(OrderMoney money, long attemptId) {
    AttemptMoney attempt = money.attempt(attemptId).orElse(null);
    Set<Way> ways = EnumSet.noneOf(Way.class);
    if (attempt == null) {
      return ways;
    }
    if (attempt.reviewed() && attempt.held() > attempt.returning()) {
      if (attempt.returning() == 0) {
        if (attempt.role() == Role.REVIEW
            && money.currency().equalsIgnoreCase(attempt.currency())) {
          ways.add(Way.ACCEPT);
        }
        if (attempt.refundable()) {
          ways.add(Way.REFUND);
        }
      }
      ways.add(Way.RECORD_RETURNED_OUTSIDE);
    }
    if (attempt.returnRefused() && attempt.loose() > 0) {
      if (attempt.refundable()) {
        ways.add(Way.RETURN_AGAIN);
      }
      ways.add(Way.RECORD_RETURNED_OUTSIDE);
    }
    return ways;
  }

  /**
   * The rules an order's money keeps after every decision; each broken one, named. Empty when the
   * money is in order.
   */
  public static List<String> problems(OrderMoney money) {
    List<String> problems = new ArrayList<>();
    long slots = 0;
    for (AttemptMoney a : money.attempts()) {
      String name = "attempt " + a.id() + " (" + a.role() + ")";
      if (a.received() < 0 || a.returned() < 0 || a.returning() < 0) {
        problems.add(name + " has a negative amount");
      }
      if (a.returned() + a.returning() > a.received()) {
        problems.add(name + " gives back more than it received");
      }
      if (!a.holdsMoney() && a.received() != 0) {
        problems.add(name + " received money but holds none");
      }
      if (a.role() == Role.PAYMENT && (a.paid() > a.received() || a.paid() > money.owed())) {
        problems.add(name + " pays more than it took or than the order owes");
      }
      if (a.role() == Role.PAYMENT && !money.currency().equalsIgnoreCase(a.currency())) {
        problems.add(name + " pays the order in another currency than the order's");
      }
      if (a.loose() > 0 && waysOut(money, a.id()).isEmpty()) {
        problems.add(name + " holds " + a.loose() + " nobody gives back, with no way out");
      }
      if (a.reviewed() && a.held() > a.returning() && waysOut(money, a.id()).isEmpty()) {
        problems.add(name + " waits for a person who has no way out");
      }
      if (a.role() == Role.WAITING || a.role() == Role.PAYMENT) {
        slots++;
      }
    }
    if (slots > 1) {
      problems.add("more than one attempt holds the order's payment");
    }
    return problems;
  }

  /** Another attempt holding the order's one slot (waiting, or its payment), named. */
  private static Optional<String> slotTaken(OrderMoney money, long attemptId) {
    return money.attempts().stream()
        .filter(a -> a.id() != attemptId)
        .filter(a -> a.role() == Role.WAITING || a.role() == Role.PAYMENT)
        .findFirst()
        .map(
            a ->
                "attempt %d %s the order's payment"
                    .formatted(a.id(), a.role() == Role.PAYMENT ? "is" : "holds"));
  }

  /** The money a person decides about: in review, or a disputed payment; the most first. */
  private static List<AttemptMoney> reviewHolding(OrderMoney money) {
    return money.attempts().stream()
        .filter(AttemptMoney::reviewed)
        .sorted(Comparator.comparingLong(AttemptMoney::held).reversed())
        .toList();
  }

  private static boolean nothingReturning(OrderMoney money) {
    return money.attempts().stream()
        .filter(a -> a.role() == Role.REVIEW || a.disputed())
        .allMatch(a -> a.returning() == 0);
  }

  /** What the attempt holds that the order does not keep: asked back, or put to a person. */
  private static List<MoneyEffect> goesBack(OrderMoney money, long attemptId, String why) {
    AttemptMoney attempt = money.attempt(attemptId).orElseThrow();
    long loose = attempt.loose();
    if (loose <= 0) {
      return List.of();
    }
    List<MoneyEffect> effects = new ArrayList<>();
    effects.add(new MoneyEffect.Surplus(attemptId, loose, why));
    if (attempt.refundable()) {
      effects.add(new MoneyEffect.SendReturn(attemptId, loose, Purpose.SURPLUS));
    } else {
      effects.add(
          new MoneyEffect.ForOperator(
              attemptId,
              loose,
              "its gateway gives no money back by API here: give it back in the merchant portal"));
    }
    return effects;
  }

  private static OrderMoney afterGoingBack(OrderMoney money, long attemptId) {
    AttemptMoney attempt = money.attempt(attemptId).orElseThrow();
    long loose = attempt.loose();
    if (loose <= 0) {
      return money;
    }
    return money.with(attempt.refundable() ? attempt.asking(loose) : attempt.refused(0));
  }
}
