package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One PayPay Dynamic QR payment, its code and its refunds, guarded by itself. Its details are shown
 * as PayPay's {@code GET /v2/codes/payments/{merchantPaymentId}} would: pessimistically, a payment
 * just completed still reads {@code CREATED} (no {@code paymentId}) and a refund {@code CREATED}
 * until the details lag set when they happened has passed. Statuses: {@code CREATED} (waiting, and
 * also once its code was deleted or expired or its cancel received), {@code COMPLETED}, {@code
 * FAILED} (reversed after payment), {@code REFUNDED} (all of it). PayPay's {@code EXPIRED} is a
 * pre-authorisation's, which the sandbox has none of: an unpaid code past its {@code expiryDate}
 * still reads {@code CREATED} (integration.paypay.ne.jp article 4414093922831).
 */
final class PayPayPayment {

  static final String CREATED = "CREATED";
  static final String COMPLETED = "COMPLETED";
  static final String FAILED = "FAILED";
  static final String REFUNDED = "REFUNDED";

  /** One refund, shown {@code CREATED} until {@code doneAtNanos}, then {@code REFUNDED}. */
  record Refund(
      String merchantRefundId,
      String paymentId,
      long amount,
      long requestedAt,
      String reason,
      long acceptedAt,
      long doneAtNanos) {

    ObjectNode toJson(long nowNanos) {
      ObjectNode refund = Json.object();
      refund.put("status", nowNanos - doneAtNanos >= 0 ? REFUNDED : CREATED);
      refund.put("acceptedAt", acceptedAt).put("merchantRefundId", merchantRefundId);
      refund.put("paymentId", paymentId).set("amount", money(amount));
      return refund.put("requestedAt", requestedAt).put("reason", reason);
    }
  }

  private final ObjectNode created;
  private final String merchantPaymentId;
  private final String codeId;
  private final long amount;
  private final Optional<String> order;
  private final List<Refund> refunds = new ArrayList<>();
  private String status = CREATED;
  private String paymentId;
  private long acceptedAt;
  private long completedAtNanos;
  private boolean codeDeleted;
  private boolean codeExpired;
  private boolean cancelReceived;

  /** {@code created}: the create's answer data, which carries every field of the order. */
  PayPayPayment(ObjectNode created) {
    this.created = created.deepCopy();
    this.merchantPaymentId = created.get("merchantPaymentId").asText();
    this.codeId = created.get("codeId").asText();
    this.amount = created.at("/amount/amount").asLong();
    this.order = OrderIds.ofDescription(Json.text(created, "orderDescription"));
  }

  /**
   * The order the payment is for: its create's {@code orderDescription}, {@code Order <id>}, is the
   * only field of ours that names it ({@code merchantPaymentId} is a key derived from it).
   */
  Optional<String> order() {
    return order;
  }

  String merchantPaymentId() {
    return merchantPaymentId;
  }

  String codeId() {
    return codeId;
  }

  long amount() {
    return amount;
  }

  synchronized String status() {
    return status;
  }

  synchronized String paymentId() {
    return paymentId;
  }

  synchronized String redirectUrl() {
    return Json.text(created, "redirectUrl");
  }

  /** The customer pays: only a {@code CREATED} payment whose code can still be paid. */
  synchronized boolean complete(long lagMillis) {
    if (refusal().isPresent()) {
      return false;
    }
    return markPaid(lagMillis);
  }

  /**
   * Paid after all ({@code succeed-late}): a waiting payment, its code expired or not; never one
   * whose code was deleted.
   */
  synchronized boolean completeLate(long lagMillis) {
    if (!status.equals(CREATED) || codeDeleted) {
      return false;
    }
    return markPaid(lagMillis);
  }

  /** Why the customer cannot pay at the code's page now; empty while they can. */
  synchronized Optional<String> refusal() {
    if (paymentId != null) {
      return Optional.of(status.equals(FAILED) ? "was reversed" : "is already paid");
    }
    if (codeDeleted) {
      return Optional.of("can no longer be paid (code deleted)");
    }
    if (codeExpired) {
      return Optional.of("can no longer be paid (code expired)");
    }
    return status.equals(CREATED)
        ? Optional.empty()
        : Optional.of("can no longer be paid (" + status.toLowerCase() + ")");
  }

  /**
   * Receives a cancel of a payment not paid yet: as at PayPay, nothing changes until the customer
   * pays, and then the payment is reversed ({@link #reversesOnPayment}). False when it is not
   * {@code CREATED}.
   */
  synchronized boolean receiveCancel() {
    if (!status.equals(CREATED)) {
      return false;
    }
    cancelReceived = true;
    return true;
  }

  /** Whether a payment made now is to be reversed at once: its cancel came before it. */
  synchronized boolean reversesOnPayment() {
    return cancelReceived;
  }

  /** The code passes its {@code expiryDate} unpaid: the payment still reads {@code CREATED}. */
  synchronized boolean expireCode() {
    if (refusal().isPresent()) {
      return false;
    }
    codeExpired = true;
    return true;
  }

  private boolean markPaid(long lagMillis) {
    status = COMPLETED;
    paymentId = Ids.digits(20);
    acceptedAt = Instant.now().getEpochSecond();
    completedAtNanos = System.nanoTime() + lagMillis * 1_000_000;
    return true;
  }

  /** Changes {@code from} to {@code to}; false when the payment is not {@code from}. */
  synchronized boolean move(String from, String to) {
    if (!status.equals(from)) {
      return false;
    }
    status = to;
    return true;
  }

  /** Deletes the code of an unpaid payment; false when it was ever paid. */
  synchronized boolean deleteCode() {
    if (paymentId != null) {
      return false;
    }
    codeDeleted = true;
    return true;
  }

  /** Adds a refund; {@code REFUNDED} once nothing is left, unless reversed ({@code FAILED}). */
  synchronized void refunded(Refund refund, long amountRefunded) {
    refunds.add(refund);
    if (amountRefunded >= amount && status.equals(COMPLETED)) {
      status = REFUNDED;
    }
  }

  synchronized Optional<Refund> refund(String merchantRefundId) {
    return refunds.stream().filter(r -> r.merchantRefundId().equals(merchantRefundId)).findFirst();
  }

  /**
   * The details as PayPay's API shows them now ({@code lagged}), or as they truly are, which is
   * what a webhook tells.
   */
  synchronized ObjectNode details(boolean lagged) {
    long now = lagged ? System.nanoTime() : Long.MAX_VALUE / 2;
    boolean shownPaid = paymentId != null && now - completedAtNanos >= 0;
    String shown = status;
    if (!shownPaid && (status.equals(COMPLETED) || status.equals(REFUNDED))) {
      shown = CREATED;
    } else if (status.equals(REFUNDED) && refunds.stream().anyMatch(r -> now - r.doneAtNanos < 0)) {
      shown = COMPLETED;
    }
    ObjectNode details = Json.object();
    boolean showsId = shownPaid || status.equals(FAILED) && paymentId != null;
    details.put("paymentId", showsId ? paymentId : null).put("status", shown);
    if (showsId) {
      details.put("acceptedAt", acceptedAt);
    }
    details.put("merchantPaymentId", merchantPaymentId).set("amount", money(amount));
    details.set("requestedAt", created.get("requestedAt"));
    details.set("orderDescription", created.get("orderDescription"));
    ArrayNode data = details.putObject("refunds").putArray("data");
    if (showsId) {
      refunds.forEach(refund -> data.add(refund.toJson(now)));
    }
    return details;
  }

  static ObjectNode money(long amount) {
    return Json.object().put("amount", amount).put("currency", "JPY");
  }
}
