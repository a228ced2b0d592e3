package io.ichido.payments.control;

import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.boundary.RefundOutcomeView;
import io.ichido.payments.boundary.ReturnOutcome;
import io.ichido.payments.boundary.ReviewOutcome;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.OutcomeRecorded;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.payments.entity.RefundOutcomeRecorded;
import io.ichido.payments.entity.RefundRequested;
import io.ichido.payments.entity.ReturnRecorded;
import io.ichido.payments.entity.ReviewAccepted;
import io.ichido.payments.entity.ReviewRefunded;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An operator's decisions on an order in review, each decided under the order's lock: accepting its
 * money as the payment (one transaction with everything that follows: the order paid, its stock
 * sold, its receipt and e-mail), or the first phase of giving it all back (the refunds' intents,
 * committed before any gateway hears of them). Nothing here talks to a gateway.
 */
@ApplicationScoped
class ReviewPhases {

  @PersistenceContext EntityManager em;

  @Inject PayableOrders orders;
  @Inject PaymentSettings settings;
  @Inject Gateways gateways;
  @Inject GatewayKeys keys;
  @Inject Surpluses surpluses;
  @Inject Event<Object> events;
  @Inject MoneyLedger ledger;
  @Inject ChargePhases charges;
  @Inject GatewayNotices notices;
  @Inject RefundPhases refunds;

  /**
   * Accepts what the order received as its payment, in the caller's transaction: the attempt that
   * received most pays the order with up to what it owes; what it took beyond, and any other
   * attempt's money, go back by themselves as surpluses.
   */
  @Transactional(TxType.REQUIRED)
  public ReviewOutcome accept(String operator, String key, long orderId) {
    PayableOrder order = inReview(orderId);
    List<ChargeAttempt> attempts = attempts(orderId);
    List<GatewayRefund> refunds = refunds(orderId);
    if (refunds.stream().anyMatch(r -> r.review() && r.status() != GatewayRefund.Status.FAILED)) {
      throw ReviewRefusal.refundBegun(orderId);
    }
    MoneyDecider.Decision decision =
        ledger.observe(order, new MoneyObservation.Accepted(operator), null, "review", operator);
    if (decision.refusal().isPresent()) {
      MoneyEffect.Refused refused = decision.refusal().get();
      throw switch (refused.problem()) {
        case "review-refund-begun" -> ReviewRefusal.refundBegun(orderId);
        case "review-nothing-received" ->
            ReviewRefusal.nothingReceived(orderId, nothingHeld(attempts));
        default -> ReviewRefusal.decided(orderId, refused.problem(), refused.detail());
      };
    }
    MoneyEffect.Paid accepted =
        decision.effects().stream()
            .filter(MoneyEffect.Paid.class::isInstance)
            .map(MoneyEffect.Paid.class::cast)
            .findFirst()
            .orElseThrow();
    ChargeAttempt paying = attempt(attempts, accepted.attemptId());
    long received = held(paying);
    long paid = accepted.amount();
    paying.accepted();
    events.fire(
        new ReviewAccepted(
            orderId,
            paying.id(),
            paying.gateway(),
            paying.gatewayChargeId(),
            paying.idempotencyKey(),
            received,
            paid,
            paying.currency(),
            paying.customerEmail(),
            operator,
            key));
    long returning = 0;
    long others = 0;
    for (MoneyEffect effect : decision.effects()) {
      if (!(effect instanceof MoneyEffect.Surplus surplus)) {
        continue;
      }
      returning += surplus.amount();
      ChargeAttempt attempt = attempt(attempts, surplus.attemptId());
      if (attempt != paying) {
        others += surplus.amount();
        surpluses.received(
            attempt,
            decision,
            attempt.gatewayChargeId(),
            surplus.amount(),
            attempt.currency(),
            surplus.why(),
            "review");
      } else {
        surpluses.goesBack(paying, decision);
      }
    }
    PayableOrder now = orders.find(orderId).orElseThrow();
    return new ReviewOutcome(
        orderId,
        "accepted",
        now.status(),
        received + others,
        paid,
        returning,
        paying.currency(),
        operator,
        null,
        null);
  }

  /**
   * Refunding the order's money, phase 1, under its lock: this key's refunds are carried on;
   * otherwise every attempt holding money gets a refund of what is left of it, committed with its
   * REFUND_REQUESTED fact before any gateway hears of it, under a gateway key derived from the
   * client's key and the attempt.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public List<RefundStep> ask(String operator, String scope, String key, long orderId) {
    orders.lock(orderId);
    List<GatewayRefund> own =
        em.createNamedQuery(GatewayRefund.BY_CLIENT_KEY, GatewayRefund.class)
            .setParameter("orderId", orderId)
            .setParameter("scope", scope)
            .setParameter("key", key)
            .getResultList();
    if (!own.isEmpty()) {
      return own.stream().map(r -> new RefundStep(r.id(), false)).toList();
    }
    PayableOrder order = inReview(orderId);
    for (GatewayRefund other : refunds(orderId)) {
      if (other.status().inDoubt()) {
        throw new RefundInDoubt(
            orderId, other.id(), Math.max(1, settings.attemptLease().toSeconds() / 3));
      }
    }
    List<ChargeAttempt> attempts = attempts(orderId);
    MoneyDecider.Decision decision =
        ledger.observe(
            order, new MoneyObservation.ReviewRefunded(operator), null, "review", operator);
    if (decision.refusal().isPresent()) {
      MoneyEffect.Refused refused = decision.refusal().get();
      ChargeAttempt first =
          decision.money().attempts().stream()
              .filter(OrderMoney.AttemptMoney::reviewed)
              .filter(a -> !a.refundable())
              .findFirst()
              .map(a -> attempt(attempts, a.id()))
              .orElse(null);
      throw switch (refused.problem()) {
        case "refund-not-by-api" ->
            RefundRefusal.notByApi(
                orderId,
                first == null ? "its gateway" : first.gateway(),
                first == null || first.gatewayChargeId() != null
                    ? RefundPhases.notByApiWhy(first == null ? "" : first.gateway())
                    : "its gateway named no charge");
        case "review-nothing-received" ->
            ReviewRefusal.nothingReceived(orderId, nothingHeld(attempts));
        default -> ReviewRefusal.decided(orderId, refused.problem(), refused.detail());
      };
    }
    List<RefundStep> steps = new ArrayList<>();
    for (MoneyEffect effect : decision.effects()) {
      if (!(effect instanceof MoneyEffect.SendReturn send)) {
        continue;
      }
      ChargeAttempt attempt = attempt(attempts, send.attemptId());
      GatewayRefund refund =
          GatewayRefund.reviewed(
              attempt,
              keys.derive("review-refund:" + scope + ":" + attempt.id(), key, orderId),
              send.amount(),
              settings.attemptLease(),
              ledger.returnedOf(orderId, attempt.id()),
              operator,
              scope,
              key);
      em.persist(refund);
      em.flush();
      events.fire(RefundRequested.of(refund, key));
      steps.add(new RefundStep(refund.id(), true));
    }
    return steps;
  }

  /**
   * Asks again for money the order does not keep, after the gateway refused to give it back: a new
   * return under a gateway key derived from the client's, its intent committed here and sent once
   * this transaction has committed.
   */
  @Transactional(TxType.REQUIRED)
  public ReturnOutcome returnAgain(String operator, String scope, String key, long attemptId) {
    ChargeAttempt attempt = lockedAttempt(attemptId);
    PayableOrder order = orders.find(attempt.orderId()).orElseThrow();
    MoneyDecider.Decision decision =
        ledger.observe(
            order,
            new MoneyObservation.ReturnRetried(attemptId, operator),
            null,
            "review",
            operator);
    refused(order.id(), decision);
    MoneyEffect.SendReturn send =
        decision.effects().stream()
            .filter(MoneyEffect.SendReturn.class::isInstance)
            .map(MoneyEffect.SendReturn.class::cast)
            .findFirst()
            .orElseThrow();
    GatewayRefund refund =
        GatewayRefund.surplusAgain(
            attempt,
            keys.derive("surplus-again:" + scope + ":" + attemptId, key, order.id()),
            send.amount(),
            settings.attemptLease(),
            decision.money().attempt(attemptId).orElseThrow().returned(),
            operator,
            scope,
            key);
    em.persist(refund);
    em.flush();
    events.fire(RefundRequested.of(refund, key));
    events.fire(new RefundQueued(refund.id()));
    return new ReturnOutcome(
        order.id(),
        attemptId,
        "return-asked",
        send.amount(),
        attempt.currency(),
        waiting(decision, attemptId),
        refund.id(),
        null,
        operator);
  }

  /**
   * Records money of the attempt an operator gave back in the gateway's merchant portal: a row on
   * the order's ledger and a chained fact naming the operator and the reference.
   */
  @Transactional(TxType.REQUIRED)
  public ReturnOutcome returnedOutside(
      String operator, String key, long attemptId, long amount, String reference) {
    ChargeAttempt attempt = lockedAttempt(attemptId);
    PayableOrder order = orders.find(attempt.orderId()).orElseThrow();
    MoneyDecider.Decision decision =
        ledger.observe(
            order,
            new MoneyObservation.ReturnedOutside(attemptId, amount, reference, operator),
            reference,
            "operator",
            operator);
    refused(order.id(), decision);
    OrderMoney.AttemptMoney now = decision.money().attempt(attemptId).orElseThrow();
    if (attempt.status() == ChargeStatus.SURPLUS && now.held() == 0) {
      attempt.surplusRefunded(now.returned());
    } else if (attempt.heldInReview()) {
      attempt.refunded(now.returned());
    }
    // A disputed payment the customer's bank took back, or a refund of it made in the portal.
    notices.paymentRefunds(attempt, decision, "operator");
    events.fire(
        new ReturnRecorded(
            order.id(),
            attemptId,
            attempt.gateway(),
            attempt.gatewayChargeId(),
            amount,
            attempt.currency(),
            reference,
            operator,
            key));
    if (decision.effects().stream().anyMatch(MoneyEffect.ReviewClosed.class::isInstance)) {
      events.fire(new ReviewRefunded(order.id(), now.returned(), attempt.currency(), 0, operator));
    }
    return new ReturnOutcome(
        order.id(),
        attemptId,
        "return-recorded",
        amount,
        attempt.currency(),
        waiting(decision, attemptId),
        null,
        reference,
        operator);
  }

  /**
   * What the gateway's merchant portal shows for an attempt whose outcome could not be learnt (an
   * approval no code of ours explains, a gateway that cannot be asked), as an operator read it:
   * applied as the gateway's own answer would be, with a chained fact naming the operator.
   */
  @Transactional(TxType.REQUIRED)
  public ChargeOutcome recordOutcome(
      String operator,
      String key,
      long attemptId,
      long taken,
      String currency,
      String reference,
      String namedCharge) {
    ChargeAttempt attempt = lockedAttempt(attemptId);
    if (!attempt.status().open()) {
      throw ReviewRefusal.decided(
          attempt.orderId(),
          "attempt-not-in-doubt",
          "attempt " + attemptId + " is " + attempt.status() + ": its gateway's word is known");
    }
    if (attempt.leaseUntil() != null && attempt.leaseUntil().isAfter(java.time.Instant.now())) {
      throw ReviewRefusal.decided(
          attempt.orderId(),
          "attempt-being-sent",
          "attempt " + attemptId + " is being asked about right now: try again in a moment");
    }
    String known = attempt.gatewayChargeId();
    if (known == null
        && gateways
            .named(attempt.gateway())
            .map(PaymentGateway::namesChargesByOurReference)
            .orElse(false)) {
      known = attempt.gatewayReference();
    }
    String chargeId = known != null ? known : namedCharge;
    if (namedCharge != null && !namedCharge.equals(chargeId)) {
      throw ReviewRefusal.decided(
          attempt.orderId(),
          "charge-id-differs",
          "the gateway named charge %s for attempt %d, not %s"
              .formatted(chargeId, attemptId, namedCharge));
    }
    if (taken > 0 && chargeId == null) {
      // Our own reference is no charge of the gateway's: a refund sent to it would find nothing.
      throw ReviewRefusal.decided(
          attempt.orderId(),
          "charge-id-required",
          "money was taken and the gateway's id of the charge is not known: send the charge_id"
              + " its portal shows");
    }
    events.fire(
        new OutcomeRecorded(
            attempt.orderId(),
            attemptId,
            attempt.gateway(),
            taken,
            currency,
            reference,
            operator,
            key));
    GatewayCharge portal =
        taken == 0
            ? GatewayCharge.declined(
                chargeId, attempt.amount(), attempt.currency(), "recorded_not_charged", reference)
            : new GatewayCharge(
                ChargeStatus.SUCCEEDED, chargeId, taken, currency, null, null, null, null);
    return charges.answeredHere(attemptId, portal, "operator");
  }

  /**
   * What the gateway's merchant portal shows for a refund whose outcome could not be learnt (every
   * answer lost, or a gateway that cannot be asked), as an operator read it: settled as the
   * gateway's own answer would settle it, through the money decider, with a chained fact naming the
   * operator. Made, it needs the gateway's own id of the refund.
   */
  @Transactional(TxType.REQUIRED)
  public RefundOutcomeView recordRefundOutcome(
      String operator,
      String key,
      long refundId,
      boolean made,
      String gatewayRefundId,
      String reference) {
    GatewayRefund refund = Rows.find(em, GatewayRefund.class, refundId);
    if (refund == null) {
      throw new RefundNotFound(refundId);
    }
    PayableOrder order = orders.lock(refund.orderId());
    em.refresh(refund);
    if (!refund.status().inDoubt()) {
      throw ReviewRefusal.decided(
          order.id(),
          "refund-not-in-doubt",
          "refund " + refundId + " is " + refund.status() + ": its gateway's word is known");
    }
    if (refund.sending()) {
      throw ReviewRefusal.decided(
          order.id(),
          "refund-being-sent",
          "refund " + refundId + " is being sent right now: try again in a moment");
    }
    if (made && gatewayRefundId == null) {
      throw ReviewRefusal.decided(
          order.id(),
          "refund-id-required",
          "a refund made needs the gateway's id of it: send the gateway_refund_id its portal shows");
    }
    events.fire(
        new RefundOutcomeRecorded(
            order.id(),
            refundId,
            refund.attemptId(),
            refund.gateway(),
            refund.amount(),
            refund.currency(),
            made,
            gatewayRefundId,
            reference,
            operator,
            key));
    if (made) {
      refunds.settledByGateway(refund, gatewayRefundId, 0, "operator");
    } else {
      refunds.failedHere(refund, "recorded_not_made");
    }
    return new RefundOutcomeView(
        refund.id(),
        order.id(),
        refund.status().name(),
        orders.find(order.id()).map(PayableOrder::status).orElseThrow(),
        refund.amount(),
        refund.currency(),
        refund.gatewayRefundId(),
        reference,
        operator);
  }

  private ChargeAttempt lockedAttempt(long attemptId) {
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, attemptId);
    if (attempt == null) {
      throw new AttemptNotFound(attemptId);
    }
    orders.lock(attempt.orderId());
    em.refresh(attempt);
    return attempt;
  }

  private static void refused(long orderId, MoneyDecider.Decision decision) {
    decision
        .refusal()
        .ifPresent(
            refusal -> {
              throw ReviewRefusal.decided(orderId, refusal.problem(), refusal.detail());
            });
  }

  private static long waiting(MoneyDecider.Decision decision, long attemptId) {
    OrderMoney.AttemptMoney now = decision.money().attempt(attemptId).orElseThrow();
    return now.role() == OrderMoney.Role.REVIEW ? now.held() - now.returning() : now.loose();
  }

  /** The refunds of one decision as they stand now, and the order's status. */
  @Transactional(TxType.REQUIRES_NEW)
  public ReviewOutcome refunded(String operator, long orderId, List<Long> refundIds) {
    List<ReviewOutcome.Refund> refunds = new ArrayList<>();
    long received = 0;
    String currency = null;
    for (long id : refundIds) {
      GatewayRefund refund = Rows.find(em, GatewayRefund.class, id);
      received += refund.amount();
      currency = refund.currency();
      refunds.add(
          new ReviewOutcome.Refund(
              refund.id(),
              refund.attemptId(),
              refund.gateway(),
              refund.status().name().toLowerCase(Locale.ROOT),
              refund.amount(),
              refund.gatewayRefundId()));
    }
    String status = orders.find(orderId).map(PayableOrder::status).orElseThrow();
    return new ReviewOutcome(
        orderId, "refunded", status, received, null, null, currency, operator, refunds, null);
  }

  /** The refund as it stands now. */
  @Transactional(TxType.REQUIRES_NEW)
  public GatewayRefund refund(long refundId) {
    return Rows.find(em, GatewayRefund.class, refundId);
  }

  private PayableOrder inReview(long orderId) {
    PayableOrder order = orders.lock(orderId);
    if (order.standing() != PayableOrder.Standing.IN_REVIEW) {
      throw ReviewRefusal.notInReview(orderId, order.status());
    }
    return order;
  }

  private static ChargeAttempt attempt(List<ChargeAttempt> attempts, long id) {
    return attempts.stream().filter(a -> a.id() == id).findFirst().orElseThrow();
  }

  private List<ChargeAttempt> attempts(long orderId) {
    return em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
        .setParameter("orderId", orderId)
        .getResultList();
  }

  private List<GatewayRefund> refunds(long orderId) {
    return em.createNamedQuery(GatewayRefund.FOR_ORDER, GatewayRefund.class)
        .setParameter("orderId", orderId)
        .getResultList();
  }

  /** What an attempt in review holds: what it received, less what went back of it. */
  private static long held(ChargeAttempt attempt) {
    return attempt.receivedAmount() == null
        ? 0
        : attempt.receivedAmount() - attempt.refundedAmount();
  }

  private static String nothingHeld(List<ChargeAttempt> attempts) {
    if (attempts.stream().anyMatch(a -> a.status().surplus())) {
      return "its money is a surplus that did not go back by itself: give it back in the"
          + " gateway's merchant portal";
    }
    if (attempts.stream().anyMatch(a -> a.status().paid())) {
      return "its payment is disputed, not held: answer the dispute at the gateway, or refund it";
    }
    return "no attempt of it holds money received";
  }
}
