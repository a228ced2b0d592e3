package io.ichido.payments.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ichido.orders.control.Orders;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderStatus;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeRequested;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayAnswered;
import io.ichido.payments.entity.PaymentAuthorized;
import io.ichido.payments.entity.PaymentExpired;
import io.ichido.payments.entity.PaymentFailed;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.payments.entity.PaymentNeedsReview;
import io.ichido.payments.entity.PaymentRefunded;
import io.ichido.payments.entity.PaymentSucceeded;
import io.ichido.platform.control.Json;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;

/** Decides and records charges: one order at a time, the client's key forwarded to the gateway. */
@ApplicationScoped
public class Payments {

  @PersistenceContext EntityManager em;

  @Inject Orders orders;
  @Inject Gateways gateways;
  @Inject GatewayCalls calls;
  @Inject Event<Object> events;

  /** What a charge request asks for, already validated for shape. */
  public record Charge(
      long orderId,
      long amount,
      String currency,
      String gateway,
      String method,
      String token,
      ChargeCommand.Customer customer) {}

  /** The attempt as recorded, the order after it, and the gateway's words. */
  public record Outcome(ChargeAttempt attempt, CustomerOrder order, GatewayCharge answer) {}

  /**
   * Runs in the idempotency layer's transaction: the attempt, the order's new status and the stored
   * answer commit together.
   */
  @Transactional
  public Outcome charge(String owner, String key, Charge charge, String returnUrl) {
    PaymentGateway gateway =
        gateways
            .named(charge.gateway())
            .orElseThrow(() -> PaymentRefused.unknownGateway(charge.gateway()));
    PaymentMethod method =
        PaymentMethod.fromWire(charge.method())
            .filter(gateway.methods()::contains)
            .orElseThrow(() -> PaymentRefused.methodUnsupported(gateway.name(), charge.method()));
    requireDetails(method, charge);

    CustomerOrder order = orders.lockOwned(owner, charge.orderId());
    switch (order.status()) {
      case PENDING_PAYMENT -> {}
      case PAID -> throw PaymentRefused.alreadyPaid(order.id());
      case AWAITING_PAYMENT -> throw PaymentRefused.awaitingPayment(order.id());
      default -> throw PaymentRefused.notPayable(order.id(), order.status().name());
    }
    if (order.paymentKey() != null && !order.paymentKey().equals(key)) {
      // A 3-D Secure charge under another key is still open for this order.
      throw PaymentRefused.awaitingPayment(order.id());
    }
    if (order.amount() != charge.amount() || !order.currency().equals(charge.currency())) {
      throw PaymentRefused.amountMismatch(order.id(), order.amount(), order.currency());
    }

    ChargeAttempt attempt =
        em.createNamedQuery(ChargeAttempt.FIND, ChargeAttempt.class)
            .setParameter("orderId", order.id())
            .setParameter("key", key)
            .getResultStream()
            .findFirst()
            .orElseGet(
                () -> {
                  // 2C2P charges an invoice once, declined or not: a later attempt for the same
                  // order (after a decline) needs an invoice number of its own.
                  long earlier =
                      em.createNamedQuery(ChargeAttempt.COUNT_FOR_ORDER, Long.class)
                          .setParameter("orderId", order.id())
                          .getSingleResult();
                  String reference =
                      "ORDER-" + order.id() + (earlier == 0 ? "" : "-" + (earlier + 1));
                  ChargeAttempt created =
                      new ChargeAttempt(
                          order.id(),
                          key,
                          gateway.name(),
                          method,
                          order.amount(),
                          order.currency(),
                          reference,
                          blankToNull(charge.customer().email()));
                  em.persist(created);
                  return created;
                });
    // The attempt (and 2C2P's invoice number) is written before the gateway hears of it.
    em.flush();
    events.fire(
        new ChargeRequested(
            order.id(),
            key,
            gateway.name(),
            method.wireName(),
            order.amount(),
            order.currency(),
            attempt.gatewayReference()));

    GatewayCharge answer =
        calls.charge(
            gateway,
            new ChargeCommand(
                key,
                order.id(),
                attempt.gatewayReference(),
                order.amount(),
                order.currency(),
                method,
                charge.token(),
                charge.customer(),
                returnUrl));
    if (answer.status() != ChargeStatus.DECLINED
        && (answer.amount() != order.amount()
            || !order.currency().equalsIgnoreCase(answer.currency()))) {
      // Never mark an order paid for an amount the gateway did not confirm.
      throw new GatewayRejected(gateway.name(), "answered another amount or currency");
    }
    settle(order, attempt, answer);
    return new Outcome(attempt, order, answer);
  }

  /**
   * Reads an order's pending charge back from its gateway (after 3-D Secure): the return URL itself
   * proves nothing.
   */
  @Transactional
  public Outcome refresh(long orderId, String gatewayName) {
    CustomerOrder order = orders.lock(orderId);
    if (order.paymentKey() == null || !gatewayName.equals(order.paymentGateway())) {
      throw PaymentRefused.notPayable(orderId, "without a " + gatewayName + " charge");
    }
    ChargeAttempt attempt =
        em.createNamedQuery(ChargeAttempt.FIND, ChargeAttempt.class)
            .setParameter("orderId", order.id())
            .setParameter("key", order.paymentKey())
            .getSingleResult();
    PaymentGateway gateway = gateways.named(gatewayName).orElseThrow();
    if (attempt.status() != ChargeStatus.REQUIRES_ACTION) {
      return new Outcome(attempt, order, null);
    }
    GatewayCharge answer = calls.retrieve(gateway, order.paymentChargeId());
    settle(order, attempt, answer);
    return new Outcome(attempt, order, answer);
  }

  /**
   * Applies what a gateway told us later (a webhook), in the caller's transaction. The order is
   * locked first, so that this and any charge or other notice for the same order are decided one at
   * a time; the attempt's status then only moves forward, and an event fires only when it moved, so
   * the same fact told twice (or late, after a later one) changes nothing.
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public NoticeEffect apply(GatewayNotice notice) {
    ChargeAttempt attempt = findAttempt(notice);
    if (attempt == null) {
      return NoticeEffect.UNKNOWN_CHARGE;
    }
    CustomerOrder order = orders.lock(attempt.orderId());
    em.refresh(attempt);
    return switch (notice.outcome()) {
      case SUCCEEDED -> succeeded(order, attempt, notice);
      case AUTHORIZED -> authorized(attempt, notice);
      case FAILED -> ended(order, attempt, notice, ChargeStatus.DECLINED);
      case EXPIRED -> ended(order, attempt, notice, ChargeStatus.EXPIRED);
      case REFUNDED -> refunded(attempt, notice);
    };
  }

  private NoticeEffect succeeded(CustomerOrder order, ChargeAttempt attempt, GatewayNotice notice) {
    if (attempt.status() == ChargeStatus.SUCCEEDED || attempt.status() == ChargeStatus.REFUNDED) {
      return NoticeEffect.NO_CHANGE;
    }
    if (order.status() == OrderStatus.NEEDS_REVIEW) {
      return NoticeEffect.NO_CHANGE;
    }
    String problem = null;
    if (notice.amount() != attempt.amount()
        || !attempt.currency().equalsIgnoreCase(notice.currency())) {
      problem =
          "paid %d %s for an order of %d %s"
              .formatted(notice.amount(), notice.currency(), attempt.amount(), attempt.currency());
    } else if (order.status() != OrderStatus.PENDING_PAYMENT
        && order.status() != OrderStatus.AWAITING_PAYMENT) {
      problem = "paid while the order was " + order.status();
    }
    if (problem != null) {
      events.fire(
          new PaymentNeedsReview(
              order.id(),
              attempt.gateway(),
              notice.chargeId(),
              notice.amount(),
              notice.currency(),
              problem));
      return NoticeEffect.APPLIED;
    }
    attempt.notified(ChargeStatus.SUCCEEDED, notice.chargeId(), null);
    fireSucceeded(attempt);
    return NoticeEffect.APPLIED;
  }

  private NoticeEffect authorized(ChargeAttempt attempt, GatewayNotice notice) {
    if (attempt.status() != ChargeStatus.REQUESTED) {
      return NoticeEffect.NO_CHANGE;
    }
    attempt.notified(ChargeStatus.AWAITING_PAYMENT, notice.chargeId(), null);
    events.fire(
        new PaymentAuthorized(
            attempt.orderId(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            attempt.idempotencyKey()));
    return NoticeEffect.APPLIED;
  }

  /** A failure or lapse ends an awaited payment (and the order); a card just becomes payable. */
  private NoticeEffect ended(
      CustomerOrder order, ChargeAttempt attempt, GatewayNotice notice, ChargeStatus ended) {
    ChargeStatus before = attempt.status();
    switch (before) {
      case AWAITING_PAYMENT -> {
        attempt.notified(ended, notice.chargeId(), notice.reason());
        events.fire(
            ended == ChargeStatus.EXPIRED
                ? new PaymentExpired(
                    attempt.orderId(),
                    attempt.gateway(),
                    attempt.gatewayChargeId(),
                    attempt.customerEmail())
                : new PaymentFailed(
                    attempt.orderId(),
                    attempt.gateway(),
                    attempt.gatewayChargeId(),
                    notice.reason()));
        return NoticeEffect.APPLIED;
      }
      case REQUESTED, REQUIRES_ACTION -> {
        attempt.notified(ended, notice.chargeId(), notice.reason());
        order.paymentFailed();
        return NoticeEffect.APPLIED;
      }
      default -> {
        // Already settled: a failure told after the success (or twice) changes nothing.
        return NoticeEffect.NO_CHANGE;
      }
    }
  }

  private NoticeEffect refunded(ChargeAttempt attempt, GatewayNotice notice) {
    if (attempt.status() != ChargeStatus.SUCCEEDED) {
      return NoticeEffect.NO_CHANGE;
    }
    attempt.notified(ChargeStatus.REFUNDED, notice.chargeId(), null);
    events.fire(
        new PaymentRefunded(
            attempt.orderId(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            notice.amount(),
            notice.currency()));
    return NoticeEffect.APPLIED;
  }

  private ChargeAttempt findAttempt(GatewayNotice notice) {
    if (notice.chargeId() != null) {
      List<ChargeAttempt> byCharge =
          em.createNamedQuery(ChargeAttempt.FIND_BY_CHARGE, ChargeAttempt.class)
              .setParameter("gateway", notice.gateway())
              .setParameter("chargeId", notice.chargeId())
              .setMaxResults(1)
              .getResultList();
      if (!byCharge.isEmpty()) {
        return byCharge.get(0);
      }
    }
    if (notice.reference() != null) {
      List<ChargeAttempt> byReference =
          em.createNamedQuery(ChargeAttempt.FIND_BY_REFERENCE, ChargeAttempt.class)
              .setParameter("gateway", notice.gateway())
              .setParameter("reference", notice.reference())
              .setMaxResults(1)
              .getResultList();
      if (!byReference.isEmpty()) {
        return byReference.get(0);
      }
    }
    return null;
  }

  /**
   * A synchronous answer: the order's new status comes from the same events a webhook fires, so
   * that both roads lead to one set of effects.
   */
  private void settle(CustomerOrder order, ChargeAttempt attempt, GatewayCharge answer) {
    attempt.answered(
        answer.status(), answer.chargeId(), answer.failureCode(), json(answer.instructions()));
    String gateway = attempt.gateway();
    events.fire(
        new GatewayAnswered(
            order.id(),
            attempt.idempotencyKey(),
            gateway,
            answer.chargeId(),
            answer.status(),
            answer.amount(),
            answer.currency(),
            answer.failureCode()));
    switch (answer.status()) {
      case SUCCEEDED -> fireSucceeded(attempt);
      case AWAITING_PAYMENT ->
          events.fire(
              new PaymentAuthorized(
                  order.id(), gateway, answer.chargeId(), attempt.idempotencyKey()));
      case REQUIRES_ACTION ->
          order.paymentNeedsAction(gateway, answer.chargeId(), attempt.idempotencyKey());
      case DECLINED -> order.paymentFailed();
      default -> throw new IllegalStateException("A gateway never answers " + answer.status());
    }
  }

  private void fireSucceeded(ChargeAttempt attempt) {
    events.fire(
        new PaymentSucceeded(
            attempt.orderId(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            attempt.idempotencyKey(),
            attempt.amount(),
            attempt.currency(),
            attempt.customerEmail()));
  }

  private static void requireDetails(PaymentMethod method, Charge charge) {
    if (method == PaymentMethod.CARD && isBlank(charge.token())) {
      throw PaymentRefused.missingField("token", method.wireName());
    }
    if ((method == PaymentMethod.KONBINI || method == PaymentMethod.BANK_TRANSFER)
        && isBlank(charge.customer().email())) {
      throw PaymentRefused.missingField("email", method.wireName());
    }
  }

  private static String blankToNull(String value) {
    return isBlank(value) ? null : value;
  }

  private static boolean isBlank(String value) {
    return value == null || value.isBlank();
  }

  private static String json(Map<String, Object> instructions) {
    if (instructions.isEmpty()) {
      return null;
    }
    try {
      return Json.MAPPER.writeValueAsString(instructions);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Gateway instructions came from JSON", e);
    }
  }
}
