package io.ichido.payments.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ichido.orders.control.Orders;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.platform.control.Json;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.Map;

/** Decides and records charges: one order at a time, the client's key forwarded to the gateway. */
@ApplicationScoped
public class Payments {

  @PersistenceContext EntityManager em;

  @Inject Orders orders;
  @Inject Gateways gateways;
  @Inject GatewayCalls calls;

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
                          reference);
                  em.persist(created);
                  return created;
                });
    // The attempt (and 2C2P's invoice number) is written before the gateway hears of it.
    em.flush();

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

  private void settle(CustomerOrder order, ChargeAttempt attempt, GatewayCharge answer) {
    attempt.answered(
        answer.status(), answer.chargeId(), answer.failureCode(), json(answer.instructions()));
    String gateway = attempt.gateway();
    switch (answer.status()) {
      case SUCCEEDED -> order.paid(gateway, answer.chargeId(), attempt.idempotencyKey());
      case AWAITING_PAYMENT ->
          order.awaitingPayment(gateway, answer.chargeId(), attempt.idempotencyKey());
      case REQUIRES_ACTION ->
          order.paymentNeedsAction(gateway, answer.chargeId(), attempt.idempotencyKey());
      case DECLINED -> order.paymentFailed();
      case REQUESTED -> throw new IllegalStateException("A gateway answer is never REQUESTED");
    }
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
