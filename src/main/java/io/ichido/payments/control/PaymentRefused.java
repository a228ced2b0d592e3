package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;
import java.util.Optional;

/** Why a charge request was refused before any gateway was called. */
public class PaymentRefused extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  private PaymentRefused(int status, String type, String title, String detail) {
    super(status, type, title, detail);
  }

  public static PaymentRefused amountMismatch(long orderId, long amount, String currency) {
    return new PaymentRefused(
        400,
        "amount-mismatch",
        "Amount mismatch",
        "Order "
            + orderId
            + " is due "
            + amount
            + " "
            + currency
            + "; the charge must be for exactly that.");
  }

  /** With the charge that paid it, when there is one, so the client can show it. */
  public static PaymentRefused alreadyPaid(long orderId, Optional<ChargeAttempt> paidBy) {
    PaymentRefused refused =
        new PaymentRefused(
            409, "order-already-paid", "Order already paid", "Order " + orderId + " is paid.");
    refused.extension("order_id", orderId);
    paidBy.ifPresent(
        attempt -> {
          refused.extension("gateway", attempt.gateway());
          refused.extension("charge_id", attempt.gatewayChargeId());
          refused.extension("amount", attempt.amount());
          refused.extension("currency", attempt.currency());
        });
    return refused;
  }

  public static PaymentRefused awaitingPayment(long orderId) {
    return new PaymentRefused(
        409,
        "order-awaiting-payment",
        "Order awaiting payment",
        "Order " + orderId + " already has a payment waiting for the customer.");
  }

  public static PaymentRefused notPayable(long orderId, String status) {
    return new PaymentRefused(
        409, "order-not-payable", "Order not payable", "Order " + orderId + " is " + status + ".");
  }

  public static PaymentRefused methodUnsupported(String gateway, String method) {
    return new PaymentRefused(
        400,
        "payment-method-unsupported",
        "Payment method unsupported",
        "The " + gateway + " gateway does not take " + method + " payments here.");
  }

  public static PaymentRefused unknownGateway(String gateway) {
    return new PaymentRefused(
        400, "unknown-gateway", "Unknown gateway", "There is no gateway called " + gateway + ".");
  }

  /** The gateway exists, but this server has no base URL for it: the operator left it off. */
  public static PaymentRefused gatewayDisabled(String gateway) {
    return new PaymentRefused(
        400,
        "gateway-disabled",
        "Gateway disabled",
        "This server takes no payments through " + gateway + ".");
  }

  /**
   * Enabled, but configured unsafely (a secret missing, or a public sandbox value): the server's
   * fault, not the request's, and readiness is DOWN meanwhile; nothing was sent to the gateway.
   */
  public static PaymentRefused gatewayMisconfigured(String gateway) {
    return new PaymentRefused(
        503,
        "gateway-misconfigured",
        "Gateway not configured safely",
        "The "
            + gateway
            + " gateway is not configured safely on this server; nothing was charged. The"
            + " operator has been told.");
  }

  public static PaymentRefused missingField(String field, String method) {
    return new PaymentRefused(
        400,
        "validation-failed",
        "Request invalid",
        "Field '" + field + "' is required for " + method + " payments.");
  }
}
