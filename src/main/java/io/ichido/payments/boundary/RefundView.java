package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.ichido.payments.control.MerchantRefund;
import java.time.Instant;
import java.util.Locale;

/**
 * A refund as the merchant sees it: {@code status} {@code succeeded} (the gateway gave the money
 * back); what the charge has given back in all and what is left; the return invoice (適格返還請求書) it
 * caused, printed with the order's receipt ({@code GET /api/orders/{id}/receipt}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RefundView(
    @JsonProperty("refund_id") long refundId,
    @JsonProperty("order_id") long orderId,
    String status,
    long amount,
    String currency,
    String gateway,
    @JsonProperty("gateway_refund_id") String gatewayRefundId,
    String reason,
    @JsonProperty("requested_at") Instant requestedAt,
    @JsonProperty("refunded_total") long refundedTotal,
    long refundable,
    @JsonProperty("return_invoice") ReturnInvoice returnInvoice) {

  /** The return invoice: its number, what it returned and the tax in it, and where to print it. */
  public record ReturnInvoice(
      String number,
      long amount,
      long tax,
      @JsonProperty("issued_at") Instant issuedAt,
      String href) {}

  static RefundView of(MerchantRefund refund, ReturnInvoice invoice) {
    return new RefundView(
        refund.refundId(),
        refund.orderId(),
        refund.status().name().toLowerCase(Locale.ROOT),
        refund.amount(),
        refund.currency(),
        refund.gateway(),
        refund.gatewayRefundId(),
        refund.note(),
        refund.requestedAt(),
        refund.refundedTotal(),
        refund.refundable(),
        invoice);
  }
}
