package io.ichido.payments.control;

import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.DisputeClosed;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.NoticeEffect;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.payments.entity.PaymentDisputed;
import io.ichido.payments.entity.PaymentExpired;
import io.ichido.payments.entity.PaymentFailed;
import io.ichido.payments.entity.PaymentRefunded;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;

/**
 * Applies what a gateway told us later (a webhook), in the caller's transaction. The order is
 * locked first, so that this and any charge phase or other notice for the same order are decided
 * one at a time; the attempt's status then only moves forward, and an event fires only when it
 * moved, so the same fact told twice (or late, after a later one) changes nothing. A notice about a
 * charge whose id we never learnt (its answer was lost) settles the attempt it names by our
 * reference or order.
 */
@ApplicationScoped
public class GatewayNotices {

  @PersistenceContext EntityManager em;

  @Inject PayableOrders orders;
  @Inject AttemptEvents events;
  @Inject Surpluses surpluses;
  @Inject RefundPhases refundPhases;
  @Inject MoneyLedger ledger;

  /** As {@link #apply}, in a transaction of its own: what a sweep read back from the gateway. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public NoticeEffect applyAlone(GatewayNotice notice) {
    return apply(notice);
  }

  /** As {@link #paidAsRead}, in a transaction of its own. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public NoticeEffect paidAsReadAlone(
      ChargeAttempt attempt, GatewayCharge read, ChargeStatus ended, String via) {
    return paidAsRead(attempt, read, ended, via);
  }

  /**
   * Money a gateway showed for one of our attempts when asked (a sweep, a hint, a cancel reading
   * back): applied as a webhook's success would be, and with it any refund the gateway shows made
   * of it already, or the chargeback its customer's bank made. Money it took and has given all back
   * by itself (a payment that raced our cancel of it) is no payment: it is named as received and as
   * returned, and an attempt that kept its order waiting ends it, as {@code ended} ({@code EXPIRED}
   * or {@code DECLINED}) would, unless the order's cancel is ending it.
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public NoticeEffect paidAsRead(
      ChargeAttempt attempt, GatewayCharge read, ChargeStatus ended, String via) {
    String chargeId = read.chargeId() != null ? read.chargeId() : attempt.gatewayChargeId();
    if (!read.returnedInFull()) {
      NoticeEffect paid =
          apply(noticeOf(attempt, chargeId, GatewayNotice.Outcome.SUCCEEDED, read.amount(), read));
      if (read.gone() <= 0) {
        return paid;
      }
      em.flush();
      NoticeEffect back = goneAsRead(attempt, chargeId, read);
      return paid == NoticeEffect.APPLIED ? paid : back;
    }
    orders.lock(attempt.orderId());
    ChargeAttempt current = Rows.find(em, ChargeAttempt.class, attempt.id());
    em.refresh(current);
    ChargeStatus before = current.status();
    if (before.paid() || before.surplus() || current.heldInReview()) {
      // Money we knew of: what went back of it is a refund or a chargeback, told as its webhook
      // would.
      return goneAsRead(current, chargeId, read);
    }
    boolean cancelling = current.beingCancelledWithOrder();
    // Money never seen paid and gone back since, by a refund or the customer's bank: named as
    // received and returned, never a payment (the decider holds no dispute of money it never saw).
    MoneyDecider.Decision decision =
        ledger.observe(
            orders.find(current.orderId()).orElseThrow(),
            new MoneyObservation.Taken(current.id(), read.amount(), read.currency(), read.gone()),
            chargeId,
            via,
            null);
    surpluses.returned(
        current,
        decision,
        chargeId,
        read.amount(),
        read.currency(),
        read.gone(),
        "paid, and given all back by " + current.gateway() + " itself (read back: " + via + ")",
        via);
    if (before == ChargeStatus.AWAITING_PAYMENT && !cancelling) {
      endsItsOrder(current, ended, "paid and given back by " + current.gateway());
    }
    return NoticeEffect.APPLIED;
  }

  /** An attempt its order waited on has ended ({@code EXPIRED} or failed): so has the order. */
  private void endsItsOrder(ChargeAttempt attempt, ChargeStatus ended, String reason) {
    events.fire(
        ended == ChargeStatus.EXPIRED
            ? new PaymentExpired(
                attempt.orderId(),
                attempt.gateway(),
                attempt.gatewayChargeId(),
                attempt.customerEmail())
            : new PaymentFailed(
                attempt.orderId(), attempt.gateway(), attempt.gatewayChargeId(), reason));
  }

  /**
   * The refunds a gateway showed made of a payment it was asked about ({@code read.refunded()}, the
   * total so far), as the refund webhook would tell them.
   */
  static GatewayNotice refundsAsRead(ChargeAttempt attempt, String chargeId, GatewayCharge read) {
    return noticeOf(attempt, chargeId, GatewayNotice.Outcome.REFUNDED, read.refunded(), read);
  }

  /**
   * What went back of a payment we knew of, as the gateway showed it when asked: its refunds, and
   * what the customer's bank took back ({@code read.withdrawn()}), a chargeback closed and lost as
   * the gateway's dispute webhook tells it.
   */
  private NoticeEffect goneAsRead(ChargeAttempt attempt, String chargeId, GatewayCharge read) {
    NoticeEffect effect = NoticeEffect.NO_CHANGE;
    if (read.refunded() > 0) {
      effect = apply(refundsAsRead(attempt, chargeId, read));
    }
    if (read.withdrawn() > 0) {
      em.flush();
      GatewayNotice.DisputeMoney lost =
          new GatewayNotice.DisputeMoney(read.withdrawn(), 1, true, false);
      NoticeEffect disputed =
          apply(
              new GatewayNotice(
                  attempt.gateway(),
                  chargeId,
                  attempt.gatewayReference(),
                  attempt.orderId(),
                  GatewayNotice.Outcome.DISPUTED,
                  read.withdrawn(),
                  read.currency(),
                  "charged back (read back)",
                  null,
                  lost));
      effect = effect == NoticeEffect.APPLIED ? effect : disputed;
    }
    return effect;
  }

  private static GatewayNotice noticeOf(
      ChargeAttempt attempt,
      String chargeId,
      GatewayNotice.Outcome outcome,
      long amount,
      GatewayCharge read) {
    return new GatewayNotice(
        attempt.gateway(),
        chargeId,
        attempt.gatewayReference(),
        attempt.orderId(),
        outcome,
        amount,
        read.currency(),
        null);
  }

  @Transactional(Transactional.TxType.MANDATORY)
  public NoticeEffect apply(GatewayNotice notice) {
    Optional<ChargeAttempt> found = attemptOf(notice);
    if (found.isEmpty()) {
      return NoticeEffect.UNKNOWN_CHARGE;
    }
    ChargeAttempt attempt = found.get();
    PayableOrder order = orders.lock(attempt.orderId());
    em.refresh(attempt);
    return switch (notice.outcome()) {
      case SUCCEEDED -> succeeded(order, attempt, notice);
      case AUTHORIZED -> authorized(attempt, notice);
      case FAILED -> ended(order, attempt, notice, ChargeStatus.DECLINED);
      case EXPIRED -> ended(order, attempt, notice, ChargeStatus.EXPIRED);
      case REFUNDED -> refunded(order, attempt, notice);
      case DISPUTED -> disputed(order, attempt, notice);
    };
  }

  /**
   * Money reported. For an attempt that is not the order's payment it is a surplus, which goes back
   * by itself ({@link Surpluses}); for the paying attempt but another amount or currency, a person
   * decides, and the attempt leaves its waiting state, so that a later expiry of it releases no
   * stock and mails no customer who paid.
   */
  private NoticeEffect succeeded(PayableOrder order, ChargeAttempt attempt, GatewayNotice notice) {
    if (attempt.status().paid() || attempt.status().surplus() || attempt.heldInReview()) {
      return NoticeEffect.NO_CHANGE;
    }
    MoneyDecider.Decision decision =
        ledger.observe(
            order,
            new MoneyObservation.Taken(attempt.id(), notice.amount(), notice.currency(), 0),
            notice.chargeId(),
            "webhook",
            null);
    switch (decision.money().attempt(attempt.id()).orElseThrow().role()) {
      case SURPLUS -> {
        surpluses.received(
            attempt,
            decision,
            notice.chargeId(),
            notice.amount(),
            notice.currency(),
            decision.why(attempt.id()),
            "webhook");
        return NoticeEffect.APPLIED;
      }
      case REVIEW -> {
        String problem =
            "paid %d %s for an order of %d %s"
                .formatted(
                    notice.amount(), notice.currency(), attempt.amount(), attempt.currency());
        // Out of doubt and out of waiting, and never reconciled into a payment: a person decides.
        attempt.notified(ChargeStatus.NEEDS_REVIEW, notice.chargeId(), "amount_mismatch");
        attempt.received(notice.amount());
        events.needsReview(attempt, notice.chargeId(), notice.amount(), notice.currency(), problem);
        return NoticeEffect.APPLIED;
      }
      case PAYMENT -> {
        attempt.notified(ChargeStatus.SUCCEEDED, notice.chargeId(), null);
        events.settled(attempt);
        return NoticeEffect.APPLIED;
      }
      default -> {
        // No word we can believe: the attempt stays as it was, for its sweep to read back.
        return NoticeEffect.NO_CHANGE;
      }
    }
  }

  private NoticeEffect authorized(ChargeAttempt attempt, GatewayNotice notice) {
    if (!attempt.status().inDoubt()) {
      return NoticeEffect.NO_CHANGE;
    }
    attempt.notified(ChargeStatus.AWAITING_PAYMENT, notice.chargeId(), null);
    if (attempt.payBy() == null && notice.payBy() != null) {
      // Its answer may never come: the webhook's deadline is what lets the order lapse after it.
      attempt.payBy(notice.payBy());
    }
    events.settled(attempt);
    return NoticeEffect.APPLIED;
  }

  /**
   * A failure or lapse ends an awaited payment (and the order); a card just becomes payable. The
   * money decider frees the attempt's slot only while it holds no money: a failure told after the
   * success (or twice) changes nothing.
   */
  private NoticeEffect ended(
      PayableOrder order, ChargeAttempt attempt, GatewayNotice notice, ChargeStatus ended) {
    ChargeStatus before = attempt.status();
    if (!ledger.ends(order, attempt, notice.chargeId(), "webhook")) {
      return NoticeEffect.NO_CHANGE;
    }
    if (before == ChargeStatus.AWAITING_PAYMENT && attempt.beingCancelledWithOrder()) {
      // The gateway confirms the end its order's cancel asked for: the cancel decides the order.
      attempt.cancelledWithOrder();
      return NoticeEffect.APPLIED;
    }
    attempt.notified(ended, notice.chargeId(), notice.reason());
    if (before == ChargeStatus.AWAITING_PAYMENT) {
      endsItsOrder(attempt, ended, notice.reason());
    }
    // Otherwise the order stays payable by another charge.
    return NoticeEffect.APPLIED;
  }

  /**
   * The gateway has given back {@code notice.amount()} of the attempt's charge in all. The money
   * decider says what of it is new, and what of that is a refund of the order's payment (money its
   * own surplus return gave back is not); money told given back of a charge we have not heard taken
   * is read back.
   */
  private NoticeEffect refunded(PayableOrder order, ChargeAttempt attempt, GatewayNotice notice) {
    MoneyDecider.Decision decision =
        ledger.observe(
            order,
            new MoneyObservation.Returned(attempt.id(), notice.amount()),
            notice.chargeId(),
            "webhook",
            null);
    if (decision.effects().stream().anyMatch(MoneyEffect.ReadBack.class::isInstance)) {
      return NoticeEffect.READ_BACK;
    }
    if (decision.effects().isEmpty()) {
      // Told already: by our refund's own answer, or by an earlier delivery.
      return NoticeEffect.NO_CHANGE;
    }
    settleOurReturns(attempt, notice.amount());
    if (attempt.status() == ChargeStatus.SURPLUS
        && decision.money().attempt(attempt.id()).orElseThrow().held() == 0) {
      attempt.surplusRefunded(notice.amount());
    } else if (attempt.heldInReview()) {
      // Never the order's payment, so no return invoice: the webhook's fact and the attempt keep
      // it.
      attempt.refunded(notice.amount());
    }
    paymentRefunds(attempt, decision, "webhook");
    return NoticeEffect.APPLIED;
  }

  /**
   * The refunds of the payment a decision found, each told once: the attempt's refunded total, the
   * return invoice and the fact follow from {@code PaymentRefunded}.
   */
  @Transactional(Transactional.TxType.MANDATORY)
  void paymentRefunds(ChargeAttempt attempt, MoneyDecider.Decision decision, String via) {
    for (MoneyEffect effect : decision.effects()) {
      if (effect instanceof MoneyEffect.PaymentRefunded refund
          && refund.attemptId() == attempt.id()) {
        attempt.refunded(refund.refundedTotal());
        events.fire(
            new PaymentRefunded(
                attempt.orderId(),
                attempt.gateway(),
                attempt.gatewayChargeId(),
                refund.amount(),
                refund.refundedTotal(),
                attempt.currency(),
                refund.whole(),
                null,
                null,
                null,
                via));
      }
    }
  }

  /**
   * The return of a surplus, told by its webhook: the same return as the one we sent (its intent is
   * settled if its answer was lost) once the charge has given back all it took. A refund of a
   * payment is settled only by its own answer: a total that covers it may be another refund's.
   */
  private void settleOurReturns(ChargeAttempt attempt, long total) {
    if (attempt.status() != ChargeStatus.SURPLUS
        || total < Optional.ofNullable(attempt.receivedAmount()).orElse(0L)) {
      return;
    }
    em.createNamedQuery(GatewayRefund.FOR_ATTEMPT, GatewayRefund.class)
        .setParameter("attemptId", attempt.id())
        .setParameter("reason", GatewayRefund.SURPLUS)
        .getResultStream()
        .filter(refund -> refund.status().inDoubt())
        .forEach(refund -> refundPhases.settledByGateway(refund, null, total, "webhook"));
  }

  /**
   * Every dispute event about money the order holds is told on (the order's status changes once;
   * the webhook's fact records each); one about a charge that is not the order's, or never paid, is
   * nothing of ours to review. The money decider says which.
   */
  private NoticeEffect disputed(PayableOrder order, ChargeAttempt attempt, GatewayNotice notice) {
    GatewayNotice.DisputeMoney told = notice.disputeMoney();
    String reason = String.valueOf(notice.reason());
    MoneyDecider.Decision decision =
        ledger.observe(
            order,
            told == null
                ? new MoneyObservation.Disputed(attempt.id(), reason)
                : new MoneyObservation.Disputed(
                    attempt.id(), reason, told.withdrawn(), told.seen(), told.closed(), told.won()),
            notice.chargeId(),
            "webhook",
            null);
    if (decision.effects().isEmpty()) {
      return NoticeEffect.NO_CHANGE;
    }
    OrderMoney.Dispute now = decision.money().attempt(attempt.id()).orElseThrow().dispute();
    attempt.disputeNow(
        now.state() == OrderMoney.Dispute.State.NONE ? null : now.state().name(), now.seen());
    for (MoneyEffect effect : decision.effects()) {
      if (effect instanceof MoneyEffect.ToReview) {
        events.fire(
            new PaymentDisputed(
                attempt.orderId(),
                attempt.gateway(),
                attempt.gatewayChargeId(),
                notice.amount(),
                notice.currency(),
                notice.reason()));
      } else if (effect instanceof MoneyEffect.DisputeEnded ended) {
        events.fire(
            new DisputeClosed(
                attempt.orderId(),
                attempt.gateway(),
                attempt.gatewayChargeId(),
                ended.won(),
                ended.withdrawn(),
                attempt.currency(),
                reason));
      }
    }
    // What a dispute gave back that the order does not keep goes back (or waits for a person).
    surpluses.goesBack(attempt, decision);
    return NoticeEffect.APPLIED;
  }

  /** By the gateway's charge id; else by our reference; else the order's attempt in doubt there. */
  private Optional<ChargeAttempt> attemptOf(GatewayNotice notice) {
    if (notice.chargeId() != null) {
      Optional<ChargeAttempt> byCharge =
          first(
              em.createNamedQuery(ChargeAttempt.FIND_BY_CHARGE, ChargeAttempt.class)
                  .setParameter("gateway", notice.gateway())
                  .setParameter("chargeId", notice.chargeId())
                  .setMaxResults(1)
                  .getResultList());
      if (byCharge.isPresent()) {
        return byCharge;
      }
    }
    if (notice.reference() != null) {
      Optional<ChargeAttempt> byReference =
          first(
              em.createNamedQuery(ChargeAttempt.FIND_BY_REFERENCE, ChargeAttempt.class)
                  .setParameter("gateway", notice.gateway())
                  .setParameter("reference", notice.reference())
                  .setMaxResults(1)
                  .getResultList());
      if (byReference.isPresent()) {
        return byReference;
      }
    }
    if (notice.orderId() != null) {
      return first(
          em.createNamedQuery(ChargeAttempt.IN_DOUBT_FOR_ORDER, ChargeAttempt.class)
              .setParameter("gateway", notice.gateway())
              .setParameter("orderId", notice.orderId())
              .setMaxResults(1)
              .getResultList());
    }
    return Optional.empty();
  }

  private static Optional<ChargeAttempt> first(List<ChargeAttempt> attempts) {
    return attempts.stream().findFirst();
  }
}
