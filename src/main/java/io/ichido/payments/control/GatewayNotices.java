package io.ichido.payments.control;

import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.NoticeEffect;
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
   * of it already. Money it took and has given all back by itself (a payment that raced our cancel
   * of it) is no payment: it is named as received and as returned, and an attempt that kept its
   * order waiting ends it, as {@code ended} ({@code EXPIRED} or {@code DECLINED}) would, unless the
   * order's cancel is ending it.
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public NoticeEffect paidAsRead(
      ChargeAttempt attempt, GatewayCharge read, ChargeStatus ended, String via) {
    String chargeId = read.chargeId() != null ? read.chargeId() : attempt.gatewayChargeId();
    if (!read.returnedInFull()) {
      NoticeEffect paid =
          apply(noticeOf(attempt, chargeId, GatewayNotice.Outcome.SUCCEEDED, read.amount(), read));
      if (read.refunded() <= 0) {
        return paid;
      }
      em.flush();
      NoticeEffect refunded = apply(refundsAsRead(attempt, chargeId, read));
      return paid == NoticeEffect.APPLIED ? paid : refunded;
    }
    orders.lock(attempt.orderId());
    ChargeAttempt current = Rows.find(em, ChargeAttempt.class, attempt.id());
    em.refresh(current);
    ChargeStatus before = current.status();
    if (before.paid() || before.surplus() || before == ChargeStatus.NEEDS_REVIEW) {
      // Money we knew of: what went back of it is a refund, told as its webhook would.
      return apply(refundsAsRead(current, chargeId, read));
    }
    boolean cancelling = current.beingCancelledWithOrder();
    surpluses.returned(
        current,
        chargeId,
        read.amount(),
        read.currency(),
        read.refunded(),
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
      case FAILED -> ended(attempt, notice, ChargeStatus.DECLINED);
      case EXPIRED -> ended(attempt, notice, ChargeStatus.EXPIRED);
      case REFUNDED -> refunded(attempt, notice);
      case DISPUTED -> disputed(attempt, notice);
    };
  }

  /**
   * Money reported. For an attempt that is not the order's payment it is a surplus, which goes back
   * by itself ({@link Surpluses}); for the paying attempt but another amount or currency, a person
   * decides, and the attempt leaves its waiting state, so that a later expiry of it releases no
   * stock and mails no customer who paid.
   */
  private NoticeEffect succeeded(PayableOrder order, ChargeAttempt attempt, GatewayNotice notice) {
    if (attempt.status().paid()
        || attempt.status().surplus()
        || attempt.status() == ChargeStatus.NEEDS_REVIEW) {
      return NoticeEffect.NO_CHANGE;
    }
    Optional<String> notThePayment =
        order.standing() == PayableOrder.Standing.IN_REVIEW && attempt.status().holdsSlot()
            ? Optional.empty()
            : surpluses.whyNotThePayment(order, attempt);
    if (notThePayment.isPresent()) {
      surpluses.received(
          attempt,
          notice.chargeId(),
          notice.amount(),
          notice.currency(),
          notThePayment.get(),
          "webhook");
      return NoticeEffect.APPLIED;
    }
    if (order.standing() == PayableOrder.Standing.IN_REVIEW) {
      return NoticeEffect.NO_CHANGE;
    }
    if (notice.amount() != attempt.amount()
        || !attempt.currency().equalsIgnoreCase(notice.currency())) {
      String problem =
          "paid %d %s for an order of %d %s"
              .formatted(notice.amount(), notice.currency(), attempt.amount(), attempt.currency());
      // Out of doubt and out of waiting, and never reconciled into a payment: a person decides.
      attempt.notified(ChargeStatus.NEEDS_REVIEW, notice.chargeId(), "amount_mismatch");
      attempt.received(notice.amount());
      events.needsReview(attempt, notice.chargeId(), notice.amount(), notice.currency(), problem);
      return NoticeEffect.APPLIED;
    }
    attempt.notified(ChargeStatus.SUCCEEDED, notice.chargeId(), null);
    events.settled(attempt);
    return NoticeEffect.APPLIED;
  }

  private NoticeEffect authorized(ChargeAttempt attempt, GatewayNotice notice) {
    if (!attempt.status().inDoubt()) {
      return NoticeEffect.NO_CHANGE;
    }
    attempt.notified(ChargeStatus.AWAITING_PAYMENT, notice.chargeId(), null);
    events.settled(attempt);
    return NoticeEffect.APPLIED;
  }

  /** A failure or lapse ends an awaited payment (and the order); a card just becomes payable. */
  private NoticeEffect ended(ChargeAttempt attempt, GatewayNotice notice, ChargeStatus ended) {
    ChargeStatus before = attempt.status();
    if (before == ChargeStatus.AWAITING_PAYMENT && attempt.beingCancelledWithOrder()) {
      // The gateway confirms the end its order's cancel asked for: the cancel decides the order.
      attempt.cancelledWithOrder();
      return NoticeEffect.APPLIED;
    }
    if (before == ChargeStatus.AWAITING_PAYMENT) {
      attempt.notified(ended, notice.chargeId(), notice.reason());
      endsItsOrder(attempt, ended, notice.reason());
      return NoticeEffect.APPLIED;
    }
    if (before.open()) {
      // The order stays payable by another charge.
      attempt.notified(ended, notice.chargeId(), notice.reason());
      return NoticeEffect.APPLIED;
    }
    // Already settled: a failure told after the success (or twice) changes nothing.
    return NoticeEffect.NO_CHANGE;
  }

  private NoticeEffect refunded(ChargeAttempt attempt, GatewayNotice notice) {
    if (attempt.status().surplus()) {
      return surplusRefunded(attempt, notice);
    }
    long before = attempt.refundedAmount();
    if (!attempt.refunded(notice.amount())) {
      // Told already: by our refund's own answer, or by an earlier delivery.
      return NoticeEffect.NO_CHANGE;
    }
    if (attempt.heldInReview()) {
      // Never the order's payment, so no return invoice: the webhook's fact and the attempt keep
      // it.
      return NoticeEffect.APPLIED;
    }
    events.fire(
        new PaymentRefunded(
            attempt.orderId(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            attempt.refundedAmount() - before,
            attempt.refundedAmount(),
            attempt.currency(),
            attempt.status() == ChargeStatus.REFUNDED,
            null,
            null,
            null,
            "webhook"));
    return NoticeEffect.APPLIED;
  }

  /**
   * The refund of a surplus, told by its webhook: the same refund as the one we sent (its intent is
   * settled if its answer was lost), never a refund of the order's payment, so no return invoice
   * and no email.
   */
  private NoticeEffect surplusRefunded(ChargeAttempt attempt, GatewayNotice notice) {
    if (attempt.status() != ChargeStatus.SURPLUS
        || notice.amount() < Optional.ofNullable(attempt.receivedAmount()).orElse(0L)) {
      return NoticeEffect.NO_CHANGE;
    }
    List<GatewayRefund> refunds =
        em.createNamedQuery(GatewayRefund.FOR_ATTEMPT, GatewayRefund.class)
            .setParameter("attemptId", attempt.id())
            .setParameter("reason", GatewayRefund.SURPLUS)
            .getResultList();
    if (refunds.isEmpty()) {
      attempt.surplusRefunded(notice.amount());
      return NoticeEffect.APPLIED;
    }
    refundPhases.settledByGateway(refunds.get(0), null, notice.amount(), "webhook");
    return NoticeEffect.APPLIED;
  }

  /**
   * Every dispute event is told on (the order's status changes once; the webhook's fact records
   * each); one about a charge that never paid is nothing of ours to review.
   */
  private NoticeEffect disputed(ChargeAttempt attempt, GatewayNotice notice) {
    if (!attempt.status().paid() && !attempt.heldInReview()) {
      return NoticeEffect.NO_CHANGE;
    }
    events.fire(
        new PaymentDisputed(
            attempt.orderId(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            notice.amount(),
            notice.currency(),
            notice.reason()));
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
