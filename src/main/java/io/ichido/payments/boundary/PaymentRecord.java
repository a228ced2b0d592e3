package io.ichido.payments.boundary;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.OrderMoney;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

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

  /**
   * What went back of the order's payment (what it took beyond the price went back first, and is no
   * refund of it), or of money in review or a surplus, as the ledger has it.
   */
  private static long refunded(OrderMoney.AttemptMoney money) {
    return switch (money.role()) {
      case PAYMENT -> money.refundedOfPayment();
      case REVIEW, SURPLUS -> money.returned();
      case WAITING, ENDED -> 0;
    };
  }

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

  /**
   * {@code ledger}: as {@code MoneyLedger.sums} gives it for the attempt; {@code money}: what the
   * attempt is to its order's money, from the same ledger.
   */
  static PaymentRecord of(
      ChargeAttempt attempt,
      List<GatewayRefund> refunds,
      long[] ledger,
      Optional<OrderMoney.AttemptMoney> money) {
    return new PaymentRecord(
        attempt.id(),
        attempt.gateway(),
        attempt.method(),
        attempt.gatewayReference(),
        attempt.status().name(),
        attempt.gatewayChargeId(),
        attempt.amount(),
        attempt.receivedAmount(),
        money.map(PaymentRecord::refunded).orElse(0L),
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
