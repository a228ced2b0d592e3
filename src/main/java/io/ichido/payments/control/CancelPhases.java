package io.ichido.payments.control;

import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.payments.entity.PaymentCancelled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.List;
import java.util.Map;

/**
 * The two short transactions of a cancel: what the order's attempts are before any gateway is
 * asked, and the decision after, under the order's row lock, checked again there (a webhook may
 * have paid the order meanwhile, or a charge begun). No method here talks to a gateway.
 */
@ApplicationScoped
class CancelPhases {

  @PersistenceContext EntityManager em;

  @Inject PayableOrders orders;
  @Inject Gateways gateways;
  @Inject GatewayNotices notices;
  @Inject AttemptEvents events;
  @Inject PaymentSettings settings;
  @Inject Event<PaymentCancelled> cancelled;
  @Inject MoneyLedger ledger;

  /**
   * An attempt of the order that may still take money, as a cancel must ask its gateway, with what
   * it kept of the gateway's answer ({@code kept}), which the gateway may need to end it.
   */
  record Open(
      long id, String gateway, String chargeId, ChargeStatus status, Map<String, Object> kept) {

    boolean waiting() {
      return waitsOnCustomer(status);
    }
  }

  /** The order as a cancel found it, and its attempts that may still take money. */
  record Look(PayableOrder order, List<Open> open) {

    List<Open> inDoubt() {
      return open.stream().filter(a -> a.status().inDoubt()).toList();
    }

    List<Open> waiting() {
      return open.stream().filter(Open::waiting).toList();
    }
  }

  /** What the decision came to. */
  enum Outcome {
    CANCELLED,
    ALREADY_CANCELLED,
    PAID,
    ENDED
  }

  /** The outcome and the order's status after it. */
  record Decision(Outcome outcome, String status) {}

  /** The caller's order and its open attempts, unlocked: the gateways are asked after this. */
  @Transactional(TxType.REQUIRES_NEW)
  public Look look(String owner, long orderId) {
    PayableOrder order =
        orders
            .find(orderId)
            .filter(o -> o.owner().equals(owner))
            .orElseThrow(() -> orders.notFound(orderId));
    List<Open> open =
        attempts(orderId).stream()
            .filter(a -> a.status().inDoubt() || waitsOnCustomer(a.status()))
            .map(
                a ->
                    new Open(
                        a.id(),
                        a.gateway(),
                        a.gatewayChargeId(),
                        a.status(),
                        ChargeOutcome.kept(a)))
            .toList();
    return new Look(order, open);
  }

  /**
   * Marks the order's attempts waiting on the customer as being ended by this cancel before any
   * gateway hears of it, so that the gateway's own word of their end (a cancellation webhook) does
   * not end the order as failed meanwhile.
   *
   * @throws PaymentInDoubt when a sweep is ending one of them right now
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void claim(String owner, long orderId) {
    orders.lockOwned(owner, orderId);
    for (ChargeAttempt attempt : attempts(orderId)) {
      if (waitsOnCustomer(attempt.status()) && !attempt.claimForCancel(settings.attemptLease())) {
        throw PaymentInDoubt.beforeCancel(
            orderId,
            attempt.gateway(),
            2,
            "waits on the customer and is being read back right now");
      }
    }
  }

  /**
   * Decides under the order's lock. {@code readBack} holds what each attempt's gateway said after
   * it was told to end it (or only asked, where it cannot end one): paid is recorded as a webhook's
   * success would be and the order is paid; ended there, the attempt ends here; still open where
   * the gateway cannot end it, it stays open, and money it still takes goes back by itself.
   *
   * @throws PaymentInDoubt when an attempt began meanwhile, or one the gateway can end is open
   *     still
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Decision decide(
      String owner, long orderId, Map<Long, GatewayCharge> readBack, String reason) {
    PayableOrder order = orders.lockOwned(owner, orderId);
    switch (order.standing()) {
      case UNPAID, AWAITING_PAYMENT -> {}
      case CANCELLED -> {
        return new Decision(Outcome.ALREADY_CANCELLED, order.status());
      }
      case PAID -> {
        return new Decision(Outcome.PAID, order.status());
      }
      case IN_REVIEW, ENDED -> {
        return new Decision(Outcome.ENDED, order.status());
      }
    }
    List<ChargeAttempt> attempts = attempts(orderId);
    for (ChargeAttempt attempt : attempts) {
      if (attempt.status().inDoubt()) {
        throw PaymentInDoubt.beforeCancel(
            orderId, attempt.gateway(), 1, "was begun meanwhile and is being sent");
      }
    }
    for (ChargeAttempt attempt : attempts) {
      if (!waitsOnCustomer(attempt.status())) {
        continue;
      }
      GatewayCharge now = readBack.get(attempt.id());
      boolean cancels =
          gateways.named(attempt.gateway()).map(PaymentGateway::cancels).orElse(false);
      if (now == null || waitsOnCustomer(now.status())) {
        if (cancels) {
          throw PaymentInDoubt.beforeCancel(
              orderId,
              attempt.gateway(),
              2,
              now == null
                  ? "began waiting on the customer meanwhile"
                  : "still waits on the customer there, which did not end it");
        }
        // The gateway ends no payment by API: money it still takes is no payment of a cancelled
        // order, and goes back by itself (Surpluses).
        continue;
      }
      if (now.returnedInFull()) {
        // Paid as the cancel reached the gateway, which gave it all back: named, and the cancel
        // goes on, nothing being owed.
        notices.paidAsRead(attempt, now, ChargeStatus.EXPIRED, "cancel");
        continue;
      }
      if (now.status() == ChargeStatus.SUCCEEDED) {
        notices.apply(
            new GatewayNotice(
                attempt.gateway(),
                now.chargeId() != null ? now.chargeId() : attempt.gatewayChargeId(),
                attempt.gatewayReference(),
                orderId,
                GatewayNotice.Outcome.SUCCEEDED,
                now.amount(),
                now.currency(),
                null));
        PayableOrder after = orders.find(orderId).orElse(order);
        return new Decision(
            after.standing() == PayableOrder.Standing.PAID ? Outcome.PAID : Outcome.ENDED,
            after.status());
      }
      if (ledger.ends(order, attempt, now.chargeId(), "cancel")) {
        attempt.cancelledWithOrder();
        events.answered(attempt, attempt.amount(), attempt.currency(), "cancel");
      }
    }
    em.flush();
    MoneyDecider.Decision closed =
        ledger.observe(order, new MoneyObservation.Closed(), null, "cancel", owner);
    if (closed.refusal().isPresent()) {
      // Its money is the order's payment, or a person's to decide: no cancel ends that.
      PayableOrder after = orders.find(orderId).orElse(order);
      return new Decision(
          after.standing() == PayableOrder.Standing.PAID ? Outcome.PAID : Outcome.ENDED,
          after.status());
    }
    cancelled.fire(new PaymentCancelled(orderId, owner, reason));
    return new Decision(
        Outcome.CANCELLED, orders.find(orderId).map(PayableOrder::status).orElse(order.status()));
  }

  private List<ChargeAttempt> attempts(long orderId) {
    return em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
        .setParameter("orderId", orderId)
        .getResultList();
  }

  static boolean waitsOnCustomer(ChargeStatus status) {
    return status == ChargeStatus.AWAITING_PAYMENT || status == ChargeStatus.REQUIRES_ACTION;
  }
}
