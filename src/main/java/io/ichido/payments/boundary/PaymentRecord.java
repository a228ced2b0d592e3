package io.ichido.payments.boundary;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import java.time.Instant;
import java.util.List;

/**
 * One charge attempt of an order as its owner sees it: every attempt, the paying one and any other
 * a gateway reported money for ({@code SURPLUS}, going back by itself), with what was received and
 * what went back.
 *
 * @param received what the gateway reported taken where it differs from the charge (another amount,
 *     a surplus); null otherwise
 * @param refunded what went back of the order's payment (refunds), or of money in review
 * @param taken what the order's ledger of money shows the gateway took for it, in all
 * @param returned what the ledger shows given back of it, in all, by anyone's hand: refunds,
 *     surplus returns, returns recorded by an operator, and what a dispute holds now
 */
public record PaymentRecord(
    long attempt,
    String gateway,
    String method,
    String reference,
    String status,
    String chargeId,
    long amount,
    Long received,
    long refunded,
    long taken,
    long returned,
    String currency,
    Instant requestedAt,
    List<Refund> refunds) {

  /** A refund Ichido sent for the attempt. */
  public record Refund(long id, String reason, long amount, String status, String gatewayRefundId) {

    static Refund of(GatewayRefund refund) {
      return new Refund(
          refund.id(),
          refund.reason(),
          refund.amount(),
          refund.status().name(),
          refund.gatewayRefundId());
    }
  }

  /** {@code ledger}: as {@code MoneyLedger.sums} gives it for the attempt. */
  static PaymentRecord of(ChargeAttempt attempt, List<GatewayRefund> refunds, long[] ledger) {
    return new PaymentRecord(
        attempt.id(),
        attempt.gateway(),
        attempt.method(),
        attempt.gatewayReference(),
        attempt.status().name(),
        attempt.gatewayChargeId(),
        attempt.amount(),
        attempt.receivedAmount(),
        attempt.refundedAmount(),
        ledger[0],
        // Given back by anyone's hand, and what a dispute holds now.
        ledger[1] + ledger[2],
        attempt.currency(),
        attempt.requestedAt(),
        refunds.stream()
            .filter(refund -> refund.attemptId() == attempt.id())
            .map(Refund::of)
            .toList());
  }
}
