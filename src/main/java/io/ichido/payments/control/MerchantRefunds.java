package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Refunds the merchant asks for ({@code POST /api/orders/{id}/refunds}), each given back once
 * whatever is retried: the intent commits under the order's lock before the gateway hears of it,
 * under a gateway key derived from the client's key as a charge's is; it is sent with no
 * transaction held; an answer that was lost leaves it in doubt, sent again under the same key by
 * the retry with the client's key or by the payment sweep, whichever comes first. The gateway's
 * refund webhook that follows finds the charge's refunded total told already and changes nothing.
 */
@ApplicationScoped
public class MerchantRefunds {

  @Inject RefundPhases phases;
  @Inject Refunds refunds;
  @Inject PaymentSettings settings;

  /**
   * The refund under the client's key, made now if it is not yet.
   *
   * @throws RefundRefusal when it cannot be made (nothing was sent, or, sent before and not made,
   *     refunds made by another hand leave less than it)
   * @throws RefundInDoubt when another refund of the order is not settled yet
   * @throws RefundUnanswered when the gateway has not said yet whether it was made
   * @throws GatewayRejected when the gateway refused it (nothing was given back)
   */
  public MerchantRefund refund(
      String owner,
      String scope,
      String key,
      long orderId,
      long amount,
      String note,
      boolean repeat) {
    RefundStep step = phases.ask(owner, scope, key, orderId, amount, note, repeat);
    MerchantRefund now = phases.read(step.refundId());
    if (now.status().inDoubt()) {
      refunds.sendQuietly(step.refundId(), step.created());
      now = phases.read(step.refundId());
    }
    return switch (now.status()) {
      case SUCCEEDED -> now;
      case FAILED ->
          throw RefundPhases.EXCEEDS_BALANCE.equals(now.failureCode())
              ? RefundRefusal.leftByOthers(now)
              : GatewayRejected.refund(now);
      case STARTED, UNKNOWN ->
          throw new RefundUnanswered(
              orderId,
              now.refundId(),
              now.gateway(),
              Math.max(1, settings.attemptLease().toSeconds() / 3));
    };
  }
}
