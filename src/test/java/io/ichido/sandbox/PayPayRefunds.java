package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * PayPay's refunds: {@code POST /v2/refunds} and {@code GET /v2/refunds/{merchantRefundId}}. A
 * {@code merchantRefundId} refunds once: the same id again answers the refund it made, with its
 * status now, as PayPay's OpenAPI document says ("the previous result is returned"). Refunds of one
 * payment may be several and partial, up to what was paid (a per-merchant feature at PayPay; older
 * SDKs say one per order). Every refund is answered {@code CREATED} and reads {@code REFUNDED} only
 * after the details lag (its payment's order's, else PayPay's), as PayPay refunds asynchronously.
 * Unconfirmed: the {@code codeId}s of {@code INVALID_PARAMS}, {@code UNACCEPTABLE_OP}, {@code
 * REFUND_LIMIT_EXCEEDED} and {@code RESOURCE_NOT_FOUND}, and whether PayPay enforces the {@code
 * paymentId} query of the lookup (the sandbox checks it when given).
 */
final class PayPayRefunds {

  private static final String ID = "[A-Za-z0-9_-]{1,64}";

  private final Ledger ledger;
  private final Function<String, Optional<PayPayPayment>> byPaymentId;
  private final ToLongFunction<PayPayPayment> lagMillis;
  private final Map<String, PayPayPayment> byRefundId = new ConcurrentHashMap<>();

  PayPayRefunds(
      Ledger ledger,
      Function<String, Optional<PayPayPayment>> byPaymentId,
      ToLongFunction<PayPayPayment> lagMillis) {
    this.ledger = ledger;
    this.byPaymentId = byPaymentId;
    this.lagMillis = lagMillis;
  }

  /** One at a time, so that one {@code merchantRefundId} never refunds twice. */
  synchronized SandboxResponse create(JsonNode body) {
    if (!valid(body)) {
      return PayPayResult.INVALID_PARAMS.answer(null);
    }
    String refundId = body.get("merchantRefundId").asText();
    Optional<SandboxResponse> earlier = answer(refundId, null);
    if (earlier.isPresent()) {
      return earlier.get();
    }
    Optional<PayPayPayment> payment = byPaymentId.apply(body.get("paymentId").asText());
    if (payment.isEmpty()) {
      return PayPayResult.RESOURCE_NOT_FOUND.answer(null);
    }
    PayPayPayment paid = payment.get();
    String status = paid.status();
    if (!status.equals(PayPayPayment.COMPLETED)) {
      return status.equals(PayPayPayment.REFUNDED)
          ? PayPayResult.REFUND_LIMIT_EXCEEDED.answer(null)
          : PayPayResult.UNACCEPTABLE_OP.answer(null);
    }
    long amount = body.at("/amount/amount").asLong();
    long requestedAt = body.path("requestedAt").asLong(Instant.now().getEpochSecond());
    String reason = Json.text(body, "reason");
    Ledger.RefundOutcome outcome;
    try {
      outcome =
          ledger.refund(
              PayPayApi.NAME,
              paid.merchantPaymentId(),
              amount,
              (entry, refund) -> show(paid, refundId, refund, reason, requestedAt, entry));
    } catch (IllegalArgumentException moreThanIsLeft) {
      return PayPayResult.REFUND_LIMIT_EXCEEDED.answer(null);
    }
    if (outcome != Ledger.RefundOutcome.REFUNDED) {
      return PayPayResult.UNACCEPTABLE_OP.answer(null);
    }
    // Accepted, not yet done: even without a lag the first answer says CREATED.
    ObjectNode made = data(paid.refund(refundId).orElseThrow());
    return PayPayResult.SUCCESS.answer(made.put("status", PayPayPayment.CREATED));
  }

  /** A refund the ledger counted, made through the API or the control API. */
  void show(PayPayPayment payment, String refundId, long refund, String reason, LedgerEntry entry) {
    show(payment, refundId, refund, reason, Instant.now().getEpochSecond(), entry);
  }

  private void show(
      PayPayPayment payment,
      String refundId,
      long refund,
      String reason,
      long requestedAt,
      LedgerEntry entry) {
    long doneAt = System.nanoTime() + lagMillis.applyAsLong(payment) * 1_000_000;
    payment.refunded(
        new PayPayPayment.Refund(
            refundId,
            payment.paymentId(),
            refund,
            requestedAt,
            reason,
            Instant.now().getEpochSecond(),
            doneAt),
        entry.amountRefunded());
    byRefundId.put(refundId, payment);
  }

  /** The payment a refund made under {@code merchantRefundId} gave back money of. */
  Optional<PayPayPayment> payment(String merchantRefundId) {
    return Optional.ofNullable(byRefundId.get(merchantRefundId));
  }

  /** {@code GET /v2/refunds/{merchantRefundId}[?paymentId=...]}. */
  SandboxResponse find(String refundId, String paymentId) {
    return answer(refundId, paymentId)
        .orElseGet(() -> PayPayResult.NO_SUCH_REFUND_ORDER.answer(null));
  }

  private Optional<SandboxResponse> answer(String refundId, String paymentId) {
    PayPayPayment payment = byRefundId.get(refundId);
    Optional<PayPayPayment.Refund> refund =
        payment == null ? Optional.empty() : payment.refund(refundId);
    return refund
        .filter(found -> paymentId == null || paymentId.equals(found.paymentId()))
        .map(found -> PayPayResult.SUCCESS.answer(data(found)));
  }

  private static ObjectNode data(PayPayPayment.Refund refund) {
    return refund.toJson(System.nanoTime());
  }

  private static boolean valid(JsonNode body) {
    if (body == null || !body.isObject()) {
      return false;
    }
    JsonNode amount = body.path("amount");
    String reason = Json.text(body, "reason");
    return body.path("merchantRefundId").asText("").matches(ID)
        && body.path("paymentId").asText("").matches(ID)
        && amount.path("amount").isIntegralNumber()
        && amount.path("amount").asLong() > 0
        && "JPY".equals(Json.text(amount, "currency"))
        && (reason == null || reason.length() <= 255);
  }

  void clear() {
    byRefundId.clear();
  }
}
