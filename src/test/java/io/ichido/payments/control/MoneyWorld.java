package io.ichido.payments.control;

import io.ichido.payments.control.MoneyDecider.Decision;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.OrderMoney.AttemptMoney;
import io.ichido.payments.entity.OrderMoney.Role;
import io.ichido.payments.entity.OrderStanding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One order's money as the decider knows it, beside what the gateway really holds: the truth the
 * decider's ledger must never run ahead of, and must equal once everything has been read back.
 * Notices the gateway sends wait in a list, to be delivered late, twice, out of order or never.
 */
final class MoneyWorld {

  static final long OWED = 2_592;
  static final AtomicLong STEPS = new AtomicLong();
  static final AtomicLong CHECKS = new AtomicLong();

  /** What the gateway holds for one attempt. */
  static final class Truth {
    final String currency;
    long taken;
    long refunded;
    long withdrawn;

    /** How many movements of the dispute's money the gateway has made. */
    int seen;

    boolean declined;

    /** A dispute was opened, and whether it ended, won by the merchant or not. */
    boolean disputed;

    boolean ended;
    boolean won;

    long held() {
      return taken - refunded - withdrawn;
    }

    MoneyObservation.Disputed dispute(long attemptId) {
      return new MoneyObservation.Disputed(attemptId, "fraudulent", withdrawn, seen, ended, won);
    }

    Truth(String currency) {
      this.currency = currency;
    }
  }

  /** A return we asked the gateway for. */
  record Asked(long attemptId, long amount) {}

  OrderMoney money = OrderMoney.of(OWED, "JPY");
  final Map<Long, Truth> gateway = new HashMap<>();
  final List<MoneyObservation> notices = new ArrayList<>();
  final List<Asked> asked = new ArrayList<>();
  final Map<Long, Long> ledgerCharged = new HashMap<>();
  final Map<Long, Long> ledgerReturned = new HashMap<>();
  final Map<Long, Long> ledgerWithdrawn = new HashMap<>();
  final List<String> history = new ArrayList<>();
  long nextAttempt = 1;
  int paidEffects;
  boolean readBackAll;

  /** What of the order's course is no money, moved as the application moves it. */
  OrderStanding.Stage stage = OrderStanding.Stage.OPEN;

  /** The attempt a {@code Paid} effect made the order's payment, and what it keeps; -1 for none. */
  long paidAttempt = -1;

  long paidKeeps;

  /** An operator asked the money in review back, and it has not all come back yet. */
  boolean reviewRefundAsked;

  /**
   * Decides one observation and carries its effects out as the application would: the order's money
   * read as the application reads it (it takes a payment while its stage does and none of its money
   * is decided), and the order's stage moved by what ends it.
   */
  Decision decide(MoneyObservation seen) {
    money =
        OrderStanding.open(money, stage)
            ? new OrderMoney(money.owed(), money.currency(), true, money.attempts())
            : money.closed();
    Decision decision = MoneyDecider.decide(money, seen);
    STEPS.incrementAndGet();
    history.add(seen.toString());
    money = decision.money();
    boolean refused = decision.refusal().isPresent();
    if (seen instanceof MoneyObservation.Closed && !refused && stage.takesPayment()) {
      // The shop called it off, or its payment window lapsed: the application ends the order.
      stage = OrderStanding.Stage.CANCELLED;
    }
    if (seen instanceof MoneyObservation.ReviewRefunded && !refused) {
      reviewRefundAsked = true;
    }
    for (MoneyEffect effect : decision.effects()) {
      if (effect instanceof MoneyEffect.Ledger row) {
        switch (row.movement()) {
          case CHARGED -> ledgerCharged.merge(row.attemptId(), row.amount(), Long::sum);
          case RETURNED, RETURNED_OUTSIDE ->
              ledgerReturned.merge(row.attemptId(), row.amount(), Long::sum);
          case DISPUTED -> ledgerWithdrawn.merge(row.attemptId(), row.amount(), Long::sum);
          case REINSTATED -> ledgerWithdrawn.merge(row.attemptId(), -row.amount(), Long::sum);
        }
      } else if (effect instanceof MoneyEffect.SendReturn send) {
        asked.add(new Asked(send.attemptId(), send.amount()));
      } else if (effect instanceof MoneyEffect.Paid paid) {
        paidEffects++;
        paidAttempt = paid.attemptId();
        paidKeeps = paid.amount();
      } else if (effect instanceof MoneyEffect.ReviewClosed
          && reviewRefundAsked
          && money.payment().isEmpty()
          && stage.takesPayment()
          && !money.inReview()) {
        // All the operator asked back came back: the order ends (ReviewRefunded).
        stage = OrderStanding.Stage.REFUNDED_FROM_REVIEW;
        reviewRefundAsked = false;
      } else if (effect instanceof MoneyEffect.ReadBack readBack) {
        readBack(readBack.attemptId());
      }
    }
    return decision;
  }

  long startAttempt(boolean refundable) {
    long id = nextAttempt++;
    Decision decision = decide(new MoneyObservation.Started(id, "JPY", refundable));
    if (decision.refusal().isEmpty()) {
      gateway.put(id, new Truth("JPY"));
    }
    return id;
  }

  /** The gateway takes money for an attempt (the customer paid), and tells of it in a notice. */
  void charge(long attemptId, long amount, String currency) {
    Truth truth = gateway.get(attemptId);
    if (truth == null || truth.taken > 0 || truth.declined) {
      return;
    }
    Truth taken = new Truth(currency);
    taken.taken = amount;
    gateway.put(attemptId, taken);
    notices.add(new MoneyObservation.Taken(attemptId, amount, currency, 0));
  }

  void decline(long attemptId) {
    Truth truth = gateway.get(attemptId);
    if (truth == null || truth.taken > 0) {
      return;
    }
    truth.declined = true;
    notices.add(new MoneyObservation.Ended(attemptId));
  }

  /** Someone gives money back in the gateway's portal; its webhook waits with the others. */
  void portalRefund(long attemptId, long amount) {
    Truth truth = gateway.get(attemptId);
    if (truth == null || amount <= 0 || truth.held() < amount) {
      return;
    }
    truth.refunded += amount;
    notices.add(new MoneyObservation.Returned(attemptId, truth.refunded));
  }

  /** The gateway acts on the oldest return asked of it: makes it, or refuses it. */
  void gatewayReturns(boolean refuse) {
    if (asked.isEmpty()) {
      return;
    }
    Asked next = asked.remove(0);
    Truth truth = gateway.get(next.attemptId());
    if (refuse || truth.held() < next.amount()) {
      decide(new MoneyObservation.ReturnRefused(next.attemptId(), next.amount()));
      return;
    }
    truth.refunded += next.amount();
    notices.add(new MoneyObservation.Returned(next.attemptId(), truth.refunded));
  }

  /** What the gateway shows when asked about one attempt: the truth, or silence. */
  void readBack(long attemptId) {
    Truth truth = gateway.get(attemptId);
    if (truth == null) {
      return;
    }
    if (truth.taken > 0) {
      decide(new MoneyObservation.Taken(attemptId, truth.taken, truth.currency, truth.refunded));
      if (truth.disputed) {
        decide(truth.dispute(attemptId));
      }
    } else if (truth.declined) {
      decide(new MoneyObservation.Ended(attemptId));
    }
  }

  /**
   * The customer's bank disputes the attempt's charge and takes {@code amount} of what it still
   * holds back (0: an inquiry, nothing taken yet); its webhook waits with the others.
   */
  void dispute(long attemptId, long amount) {
    Truth truth = gateway.get(attemptId);
    if (truth == null || truth.taken == 0 || truth.ended) {
      return;
    }
    truth.disputed = true;
    long taken = Math.min(amount, truth.held());
    if (taken > 0) {
      truth.withdrawn += taken;
      truth.seen++;
    }
    notices.add(truth.dispute(attemptId));
  }

  /** The dispute ends: won, the bank gives back what it took; lost, it keeps it. */
  void disputeEnds(long attemptId, boolean won) {
    Truth truth = gateway.get(attemptId);
    if (truth == null || !truth.disputed || truth.ended) {
      return;
    }
    truth.ended = true;
    truth.won = won;
    if (won && truth.withdrawn > 0) {
      truth.withdrawn = 0;
      truth.seen++;
    }
    notices.add(truth.dispute(attemptId));
  }

  void deliver(int index, boolean keepForAgain) {
    if (notices.isEmpty()) {
      return;
    }
    MoneyObservation notice = notices.get(index % notices.size());
    if (!keepForAgain) {
      notices.remove(index % notices.size());
    }
    decide(notice);
  }

  void lose(int index) {
    if (!notices.isEmpty()) {
      notices.remove(index % notices.size());
    }
  }

  /** The operator records a return made in the portal: made there first, then recorded. */
  void returnedOutside(long attemptId, long amount) {
    Truth truth = gateway.get(attemptId);
    if (truth == null || truth.held() < amount) {
      // The portal gives back no more than the charge still holds.
      return;
    }
    Decision decision =
        decide(new MoneyObservation.ReturnedOutside(attemptId, amount, "re_portal", "operator"));
    if (decision.refusal().isEmpty()) {
      truth.refunded += amount;
      notices.add(new MoneyObservation.Returned(attemptId, truth.refunded));
    }
  }

  void sweep() {
    for (long id : List.copyOf(gateway.keySet())) {
      readBack(id);
    }
    readBackAll = true;
  }

  List<Long> attemptIds() {
    return money.attempts().stream().map(AttemptMoney::id).toList();
  }

  /** The rules, after every step. */
  void check() {
    CHECKS.incrementAndGet();
    List<String> problems = new ArrayList<>(MoneyDecider.problems(money));
    for (AttemptMoney attempt : money.attempts()) {
      Truth truth = gateway.get(attempt.id());
      long charged = ledgerCharged.getOrDefault(attempt.id(), 0L);
      long returned = ledgerReturned.getOrDefault(attempt.id(), 0L);
      long withdrawn = ledgerWithdrawn.getOrDefault(attempt.id(), 0L);
      if (charged != attempt.received()
          || returned != attempt.returned()
          || withdrawn != attempt.withdrawn()) {
        problems.add("attempt " + attempt.id() + ": the ledger's rows do not add up to its money");
      }
      if (truth != null
          && (attempt.received() > truth.taken || attempt.returned() > truth.refunded)) {
        problems.add("attempt " + attempt.id() + ": more on the ledger than the gateway holds");
      }
      if (truth != null && attempt.received() > 0 && !truth.currency.equals(attempt.currency())) {
        problems.add("attempt " + attempt.id() + ": another currency than the gateway's");
      }
      if (attempt.withdrawn() < 0) {
        problems.add("attempt " + attempt.id() + ": a dispute holds less than nothing");
      }
      if (readBackAll
          && truth != null
          && (attempt.received() != truth.taken
              || attempt.returned() != truth.refunded
              || attempt.withdrawn() != truth.withdrawn)) {
        problems.add(
            "attempt %d: read back, the ledger says %d taken, %d returned; the gateway %d, %d"
                .formatted(
                    attempt.id(),
                    attempt.received(),
                    attempt.returned(),
                    truth.taken,
                    truth.refunded));
      }
    }
    if (paidEffects > 1) {
      problems.add("the order was paid " + paidEffects + " times");
    }
    long paidNow = money.attempts().stream().filter(a -> a.role() == Role.PAYMENT).count();
    if (paidNow != paidEffects) {
      problems.add("a payment without its Paid effect, or the other way round");
    }
    problems.addAll(standingProblems());
    readBackAll = false;
    if (!problems.isEmpty()) {
      throw new AssertionError(
          String.join("; ", problems)
              + "\nmoney: "
              + money
              + "\nlast observations: "
              + history.subList(Math.max(0, history.size() - 12), history.size()));
    }
  }

  /**
   * The order's status is what its ledger shows: checked against a reading of the ledger's rows
   * alone (what the {@code Paid} effect made the payment keep, what went back of it), and every
   * status but a final one has a way out: money before a person has an operator's action; an order
   * still taking a payment can be called off.
   */
  private List<String> standingProblems() {
    List<String> problems = new ArrayList<>();
    OrderStanding standing = OrderStanding.of(money, stage);
    OrderStanding.Status status = standing.status();
    boolean paidFamily =
        status == OrderStanding.Status.PAID
            || status == OrderStanding.Status.PARTIALLY_REFUNDED
            || status == OrderStanding.Status.REFUNDED;
    if (paidAttempt < 0) {
      boolean endedByReviewRefund =
          status == OrderStanding.Status.REFUNDED
              && stage == OrderStanding.Stage.REFUNDED_FROM_REVIEW;
      if ((paidFamily && !endedByReviewRefund) || standing.paid() != 0) {
        problems.add("status " + status + " with no payment on the ledger");
      }
    } else {
      long charged = ledgerCharged.getOrDefault(paidAttempt, 0L);
      long returned = ledgerReturned.getOrDefault(paidAttempt, 0L);
      long withdrawn = ledgerWithdrawn.getOrDefault(paidAttempt, 0L);
      boolean lost =
          money
              .attempt(paidAttempt)
              .map(a -> a.dispute().state() == OrderMoney.Dispute.State.LOST)
              .orElse(false);
      long refunded =
          Math.min(
              paidKeeps, Math.max(0, returned - (charged - paidKeeps)) + (lost ? withdrawn : 0));
      if (standing.paid() != paidKeeps || standing.refunded() != refunded) {
        problems.add(
            "the order shows paid %d, refunded %d; its ledger's rows say %d, %d"
                .formatted(standing.paid(), standing.refunded(), paidKeeps, refunded));
      }
      OrderStanding.Status byRows =
          refunded == 0
              ? OrderStanding.Status.PAID
              : refunded >= paidKeeps
                  ? OrderStanding.Status.REFUNDED
                  : OrderStanding.Status.PARTIALLY_REFUNDED;
      if (status != OrderStanding.Status.NEEDS_REVIEW && status != byRows) {
        problems.add("status " + status + " where its ledger's rows say " + byRows);
      }
    }
    boolean beforeAPerson =
        money.attempts().stream()
            .anyMatch(a -> a.reviewed() || (a.role() == Role.PAYMENT && a.contested()));
    if ((status == OrderStanding.Status.NEEDS_REVIEW) != beforeAPerson) {
      problems.add("status " + status + " while money before a person is " + beforeAPerson);
    }
    // A return asked and not yet confirmed is a way out too: the gateway's answer, or the outcome
    // an
    // operator records of a refund in doubt (a Returned or a ReturnRefused).
    if (status == OrderStanding.Status.NEEDS_REVIEW
        && money.attempts().stream()
            .allMatch(
                a ->
                    MoneyDecider.waysOut(money, a.id()).isEmpty()
                        && a.returning() == 0
                        // An open dispute's way out is its answer at the gateway, which closes it.
                        && !a.disputed())) {
      problems.add("in review with no way out for an operator");
    }
    if (status.open()
        && MoneyDecider.decide(money, new MoneyObservation.Closed()).refusal().isPresent()) {
      problems.add("an order that takes a payment cannot be called off");
    }
    return problems;
  }

  @Override
  public String toString() {
    return "MoneyWorld" + money;
  }
}
