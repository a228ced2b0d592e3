package io.ichido.payments.control;

import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.payments.entity.PaymentRefunded;
import io.ichido.payments.entity.RefundRefused;
import io.ichido.payments.entity.RefundRequested;
import io.ichido.payments.entity.ReviewRefunded;
import io.ichido.payments.entity.SurplusRefundFailed;
import io.ichido.payments.entity.SurplusRefunded;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The recovery points of a refund we send (a surplus Ichido owes, or one the merchant asked for),
 * each a short transaction under the order's lock, like a charge's ({@link ChargePhases}): nothing
 * here talks to a gateway.
 */
@ApplicationScoped
class RefundPhases {

  @PersistenceContext EntityManager em;

  @Inject PayableOrders orders;
  @Inject PaymentSettings settings;
  @Inject Gateways gateways;
  @Inject GatewayKeys keys;
  @Inject Event<Object> events;
  @Inject MoneyLedger ledger;
  @Inject GatewayNotices notices;

  /**
   * Why a refund of the payment failed that was not sent again: refunds somebody else made of the
   * charge (its merchant portal) leave it less than this refund.
   */
  static final String EXCEEDS_BALANCE = "refund-exceeds-balance";

  /** What becomes of a refund sent again, once its charge's refunds were read. */
  enum AfterListing {
    /** Not made, and the charge still holds it: send it again. */
    SEND,
    /** Made, or failed, or settled meanwhile: nothing to send. */
    SETTLED,
    /** Not known yet: asked again later. */
    IN_DOUBT
  }

  /**
   * A merchant's refund, phase 1, under the order's lock: the caller's own refund (same key) is
   * carried on; otherwise the order must be paid through a gateway that refunds by API, no other
   * refund of it may be in doubt, the amount must be left to refund and not just refunded under
   * another key, and the intent commits before the gateway hears of it.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public RefundStep ask(
      String owner,
      String scope,
      String key,
      long orderId,
      long amount,
      String note,
      boolean repeat) {
    PayableOrder order = orders.lockOwned(owner, orderId);
    Optional<GatewayRefund> own =
        em.createNamedQuery(GatewayRefund.BY_CLIENT_KEY, GatewayRefund.class)
            .setParameter("orderId", orderId)
            .setParameter("scope", scope)
            .setParameter("key", key)
            .getResultStream()
            .findFirst();
    if (own.isPresent()) {
      return new RefundStep(own.get().id(), false);
    }
    if (order.standing() != PayableOrder.Standing.PAID) {
      throw RefundRefusal.notPaid(orderId, order.status(), instead(order));
    }
    ChargeAttempt paying =
        em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
            .setParameter("orderId", orderId)
            .getResultStream()
            .filter(a -> a.status().paid())
            .findFirst()
            .orElseThrow(() -> RefundRefusal.notPaid(orderId, order.status(), instead(order)));
    PaymentGateway gateway = gateways.named(paying.gateway()).orElse(null);
    if (gateway == null || !gateway.refunds()) {
      throw RefundRefusal.notByApi(orderId, paying.gateway(), notByApiWhy(paying.gateway()));
    }
    if (paying.gatewayChargeId() == null) {
      throw RefundRefusal.notByApi(orderId, paying.gateway(), "its gateway named no charge");
    }
    List<GatewayRefund> refunds =
        em.createNamedQuery(GatewayRefund.FOR_ORDER, GatewayRefund.class)
            .setParameter("orderId", orderId)
            .getResultList();
    Instant now = Instant.now();
    for (GatewayRefund other : refunds) {
      if (other.attemptId() == paying.id() && other.status().inDoubt()) {
        throw new RefundInDoubt(
            orderId, other.id(), Math.max(1, settings.attemptLease().toSeconds() / 3));
      }
    }
    // What is left to refund is the money decider's word: what the payment keeps of what it took
    // (an accepted short payment, what it received), less the refunds of it on the ledger.
    MoneyDecider.Decision decision =
        ledger.observe(
            order, new MoneyObservation.MerchantRefunded(amount, owner), null, "merchant", owner);
    if (decision.refusal().isPresent()) {
      MoneyEffect.Refused refused = decision.refusal().get();
      OrderMoney.AttemptMoney payment = decision.money().payment().orElseThrow();
      throw switch (refused.problem()) {
        case "surplus-not-returned" -> RefundRefusal.surplusFirst(orderId, refused.detail());
        case "refund-in-doubt" ->
            new RefundInDoubt(
                orderId,
                refunds.stream()
                    .filter(r -> r.attemptId() == paying.id() && r.status().inDoubt())
                    .mapToLong(GatewayRefund::id)
                    .findFirst()
                    .orElse(0),
                Math.max(1, settings.attemptLease().toSeconds() / 3));
        default ->
            RefundRefusal.exceedsBalance(
                orderId,
                amount,
                Math.max(0, payment.paid() - payment.refundedOfPayment()),
                paying.currency());
      };
    }
    if (!repeat) {
      Instant since = now.minus(settings.refundDuplicateWindow());
      for (GatewayRefund other : refunds) {
        if (!other.owed()
            && other.amount() == amount
            && other.status() != GatewayRefund.Status.FAILED
            && other.requestedAt().isAfter(since)) {
          throw RefundRefusal.duplicate(
              orderId,
              other.id(),
              amount,
              other.currency(),
              Duration.between(other.requestedAt(), now).toSeconds());
        }
      }
    }
    GatewayRefund refund =
        GatewayRefund.asked(
            paying,
            keys.derive("refund:" + scope, key, orderId),
            amount,
            settings.attemptLease(),
            decision.money().attempt(paying.id()).orElseThrow().returned(),
            owner,
            note,
            scope,
            key);
    em.persist(refund);
    em.flush();
    events.fire(RefundRequested.of(refund, key));
    return new RefundStep(refund.id(), true);
  }

  /** The refund as it stands now, with its charge's totals. */
  @Transactional(TxType.REQUIRES_NEW)
  public MerchantRefund read(long refundId) {
    GatewayRefund refund = Rows.find(em, GatewayRefund.class, refundId);
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, refund.attemptId());
    return MerchantRefund.of(refund, attempt);
  }

  private static String instead(PayableOrder order) {
    return switch (order.standing()) {
      case UNPAID, AWAITING_PAYMENT ->
          "Cancel it instead: POST /api/orders/" + order.id() + "/cancel.";
      case IN_REVIEW ->
          "Its money is in review: an operator accepts or refunds it from the review queue.";
      default -> "It holds no money to give back.";
    };
  }

  static String notByApiWhy(String gateway) {
    // 2C2P refunds by API only with its Payment Maintenance URL and both keys configured.
    return "its refunds are not made by API here (not configured for it): refund it in "
        + gateway
        + "'s merchant portal";
  }

  /** The refund to send, or null when it is settled or someone else is sending it. */
  @Transactional(TxType.REQUIRES_NEW)
  public RefundCommand claim(long refundId, boolean creator) {
    GatewayRefund refund = locked(refundId);
    if (!refund.status().inDoubt()) {
      return null;
    }
    boolean resent = !(creator && refund.tries() == 0);
    if (!resent) {
      refund.firstTry(settings.attemptLease()); // its creator holds it from the start
    } else if (!refund.claim(settings.attemptLease())) {
      return null;
    }
    return new RefundCommand(
        refund.gateway(),
        refund.gatewayKey(),
        refund.orderId(),
        refund.chargeId(),
        refund.amount(),
        refund.currency(),
        refund.reason(),
        resent);
  }

  @Transactional(TxType.REQUIRES_NEW)
  public void succeeded(long refundId, String gatewayRefundId, long refundedTotal, String via) {
    GatewayRefund refund = locked(refundId);
    settledByGateway(refund, gatewayRefundId, refundedTotal, via);
  }

  /**
   * Settles a refund the gateway confirmed (its answer, or its refund webhook), in the caller's
   * transaction under the order's lock; a refund settled already changes nothing.
   */
  @Transactional(TxType.MANDATORY)
  public void settledByGateway(
      GatewayRefund refund, String gatewayRefundId, long refundedTotal, String via) {
    if (!refund.status().inDoubt()) {
      return;
    }
    refund.succeeded(gatewayRefundId);
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, refund.attemptId());
    em.refresh(attempt);
    // The charge has given back at least what it had before this refund, and this refund: the
    // decider takes what is new of that (nothing, when the refund's webhook told it first).
    MoneyDecider.Decision decision =
        ledger.observe(
            orders.find(refund.orderId()).orElseThrow(),
            new MoneyObservation.Returned(attempt.id(), refund.returnedBefore() + refund.amount()),
            refund.gatewayRefundId(),
            via,
            refund.requestedBy());
    if (!refund.owed()) {
      given(refund, attempt, decision, via);
      if (refund.review()) {
        reviewReturned(refund);
      }
      return;
    }
    if (attempt.status() == ChargeStatus.SURPLUS
        && decision.money().attempt(attempt.id()).orElseThrow().held() == 0) {
      attempt.surplusRefunded(Math.max(refundedTotal, refund.amount()));
    }
    events.fire(
        new SurplusRefunded(
            refund.orderId(),
            refund.attemptId(),
            refund.gateway(),
            refund.chargeId(),
            refund.id(),
            refund.gatewayRefundId(),
            refund.amount(),
            refund.currency(),
            via));
  }

  /**
   * A refund someone asked for was made. Of the payment, what the money decider counts a refund of
   * it is told (its webhook may have told it first: then nothing is, and the return invoice is the
   * one that webhook caused); of money in review, the refund is named here, once, as it settles.
   */
  private void given(
      GatewayRefund refund, ChargeAttempt attempt, MoneyDecider.Decision decision, String via) {
    if (attempt.heldInReview()) {
      long before = attempt.refundedAmount();
      attempt.refunded(Math.max(before, refund.refundedBefore() + refund.amount()));
      events.fire(
          new PaymentRefunded(
              refund.orderId(),
              refund.gateway(),
              refund.chargeId(),
              refund.amount(),
              attempt.refundedAmount(),
              refund.currency(),
              false,
              refund.id(),
              refund.gatewayRefundId(),
              refund.requestedBy(),
              via));
      return;
    }
    for (MoneyEffect effect : decision.effects()) {
      if (effect instanceof MoneyEffect.PaymentRefunded refunded) {
        attempt.refunded(refunded.refundedTotal());
        events.fire(
            new PaymentRefunded(
                refund.orderId(),
                refund.gateway(),
                refund.chargeId(),
                refunded.amount(),
                refunded.refundedTotal(),
                refund.currency(),
                attempt.status() == ChargeStatus.REFUNDED,
                refund.id(),
                refund.gatewayRefundId(),
                refund.requestedBy(),
                via));
      }
    }
  }

  /**
   * The order in review whose money an operator is giving back ends once the last of its refunds is
   * made: whoever settles that one (the request, or the sweep after a lost answer) tells it.
   */
  private void reviewReturned(GatewayRefund settled) {
    List<GatewayRefund> returning =
        em.createNamedQuery(GatewayRefund.FOR_ORDER, GatewayRefund.class)
            .setParameter("orderId", settled.orderId())
            .getResultStream()
            .filter(r -> r.review() && r.status() != GatewayRefund.Status.FAILED)
            .toList();
    if (returning.stream().anyMatch(r -> r.status().inDoubt())) {
      return;
    }
    events.fire(
        new ReviewRefunded(
            settled.orderId(),
            returning.stream().mapToLong(GatewayRefund::amount).sum(),
            settled.currency(),
            returning.size(),
            settled.requestedBy()));
  }

  /**
   * A refund sent again where its gateway honours no refund key, read against the charge's refunds
   * as the gateway lists them ({@code listed}), under the order's lock. The refunds somebody else
   * made are told to the money decider first, as their webhook tells them (each its own ledger row
   * and, of the payment, its own return invoice), and this one comes after them. Listed itself, it
   * is made. Not listed, it is sent again once {@code lookupAfter} has passed since its request
   * last left (the gateway may still be making it), and only while the charge still holds all that
   * is being given back of it; otherwise it fails, as a refusal would. A gateway that names no
   * refund ours (2C2P) leaves only amounts: ours, if made, is one refund of exactly its amount
   * among those given back since it was asked. Exactly that given back since, it is that one (a
   * refund of the same amount made in the portal meanwhile would be taken for it: never two
   * refunds, at worst one booked as ours); no refund of its amount, not made; more, with one of its
   * amount among them, it stays in doubt, listed for a person.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public AfterListing listed(long refundId, ListedRefunds listed, Duration lookupAfter) {
    GatewayRefund refund = locked(refundId);
    if (!refund.status().inDoubt()) {
      return AfterListing.SETTLED;
    }
    Optional<ListedRefunds.Listed> ours = listed.ours();
    if (!listed.told()) {
      // Ours, if made, is one refund of its amount among those made since it was asked.
      long since = listed.total() - refund.returnedBefore();
      Optional<ListedRefunds.Listed> same = listed.lastUntoldOf(refund.amount());
      if (since == refund.amount() && same.isPresent()) {
        ours = same;
      } else if (since < 0 || (since > refund.amount() && same.isPresent())) {
        refund.unknown(
            "%s lists %d %s given back since this refund was asked (a refund of its amount"
                    .formatted(refund.gateway(), since, refund.currency())
                + " among them, or less than the ledger had) and names none ours",
            settings.reconcileBackoff(refund.tries()));
        return AfterListing.IN_DOUBT;
      }
    }
    long others = listed.total() - ours.map(ListedRefunds.Listed::amount).orElse(0L);
    if (others > 0 && !toldAsReturned(refund, others)) {
      return AfterListing.SETTLED;
    }
    refund.comesAfter(others);
    if (ours.isPresent()) {
      settledByGateway(refund, ours.get().id(), listed.total(), "retrieve");
      return AfterListing.SETTLED;
    }
    Instant believed = refund.sentAt().plus(lookupAfter);
    if (Instant.now().isBefore(believed)) {
      refund.unknown(
          "not listed by %s yet, which is believed from %s on"
              .formatted(refund.gateway(), believed),
          settings.reconcileBackoff(refund.tries()));
      return AfterListing.IN_DOUBT;
    }
    PayableOrder order = orders.find(refund.orderId()).orElseThrow();
    OrderMoney.AttemptMoney money = ledger.of(order).attempt(refund.attemptId()).orElseThrow();
    if (money.held() < money.returning()) {
      fail(refund, EXCEEDS_BALANCE);
      return AfterListing.SETTLED;
    }
    refund.sendsNow();
    return AfterListing.SEND;
  }

  /**
   * Tells the money decider that the charge has given back {@code others} in all by other hands, as
   * the gateway's refund webhook would; whether the refund is still to be decided after it (a
   * surplus the charge has given all back of is settled by it, as by that webhook).
   */
  private boolean toldAsReturned(GatewayRefund refund, long others) {
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, refund.attemptId());
    notices.apply(
        new GatewayNotice(
            refund.gateway(),
            refund.chargeId(),
            attempt.gatewayReference(),
            refund.orderId(),
            GatewayNotice.Outcome.REFUNDED,
            others,
            refund.currency(),
            null));
    em.flush();
    return refund.status().inDoubt();
  }

  @Transactional(TxType.REQUIRES_NEW)
  public void failed(long refundId, String code) {
    failedHere(locked(refundId), code);
  }

  /**
   * Settles a refund the gateway refused (or that an operator read was never made), in the caller's
   * transaction under the order's lock; a refund settled already changes nothing.
   */
  @Transactional(TxType.MANDATORY)
  public void failedHere(GatewayRefund refund, String code) {
    if (refund.status().inDoubt()) {
      fail(refund, code);
    }
  }

  private void fail(GatewayRefund refund, String code) {
    MoneyDecider.Decision decision =
        ledger.observe(
            orders.find(refund.orderId()).orElseThrow(),
            new MoneyObservation.ReturnRefused(refund.attemptId(), refund.amount()),
            null,
            "refund",
            refund.requestedBy());
    refund.failed(code);
    if (!refund.owed()) {
      events.fire(
          new RefundRefused(
              refund.orderId(),
              refund.id(),
              refund.gateway(),
              refund.chargeId(),
              refund.amount(),
              refund.currency(),
              refund.requestedBy(),
              code));
      return;
    }
    if (decision.effects().stream().noneMatch(MoneyEffect.ForOperator.class::isInstance)) {
      // Its money went back meanwhile (its webhook told it): nothing waits for a person.
      return;
    }
    events.fire(
        new SurplusRefundFailed(
            refund.orderId(),
            refund.attemptId(),
            refund.gateway(),
            refund.chargeId(),
            refund.amount(),
            refund.currency(),
            "the refund of a surplus of %d %s (attempt %d) was refused by %s (%s): give it back in"
                    .formatted(
                        refund.amount(),
                        refund.currency(),
                        refund.attemptId(),
                        refund.gateway(),
                        code)
                + " the gateway's merchant portal"));
  }

  @Transactional(TxType.REQUIRES_NEW)
  public void unknown(long refundId, String why) {
    GatewayRefund refund = locked(refundId);
    if (refund.status().inDoubt()) {
      refund.unknown(why, settings.reconcileBackoff(refund.tries()));
    }
  }

  private GatewayRefund locked(long refundId) {
    GatewayRefund refund = Rows.find(em, GatewayRefund.class, refundId);
    orders.lock(refund.orderId());
    em.refresh(refund);
    return refund;
  }
}
