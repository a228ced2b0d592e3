package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayNotice;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Ends an attempt whose customer never finished 3-D Secure or a redirect, once the payment window
 * has passed: it is read back from the gateway (the customer may have finished after all), ended
 * there where the gateway allows it (Stripe cancels the PaymentIntent, KOMOJU the payment), read
 * once more, and only then ended here, so that its order lapses and its stock goes back on sale. A
 * success the gateway reports after that is money for an attempt that is not the order's payment:
 * it goes back by itself ({@link Surpluses}). Never inside a transaction: it talks to gateways.
 */
@ApplicationScoped
public class Abandonment {

  private static final Logger LOG = Logger.getLogger(Abandonment.class.getName());

  @Inject ChargePhases phases;
  @Inject Gateways gateways;
  @Inject GatewayCalls calls;
  @Inject UnpaidOrders unpaid;
  @Inject GatewayNotices notices;

  /** Whether the attempt is ended (or settled) now. */
  public boolean end(long attemptId) {
    ChargeAttempt attempt = phases.claimAbandoned(attemptId);
    if (attempt == null) {
      return false;
    }
    PaymentGateway gateway = gateways.named(attempt.gateway()).orElseThrow();
    String charge = attempt.gatewayChargeId();
    try {
      // Read as the customer's return would read it: a gateway that pays only once the card is
      // authenticated (KOMOJU's secure token) makes the payment now, since the customer did
      // authenticate, rather than leave a card authenticated and its order lapsing.
      GatewayCharge now =
          cancellingIfOpen(
              gateway,
              attempt,
              charge,
              calls.afterAuthentication(
                  gateway, ChargeCommand.of(attempt), charge, new GatewayCalls.Tries()),
              ChargeStatus.REQUIRES_ACTION);
      if (now.status() == ChargeStatus.REQUIRES_ACTION) {
        phases.abandoned(attemptId, "abandoned_unfinished");
      } else {
        phases.answered(attemptId, now, "abandonment");
      }
    } catch (RuntimeException noAnswer) {
      // Its lease runs out; the next sweep asks again. Nothing is ended on silence.
      LOG.log(
          Level.WARNING,
          "Attempt {0} of order {1} waits on its customer past the payment window, and {2} could"
              + " not be asked about it: {3}",
          new Object[] {
            attemptId, attempt.orderId(), gateway.name(), Reconciliation.describe(noAnswer)
          });
      return false;
    }
    unpaid.lapse(attempt.orderId());
    return true;
  }

  /**
   * Reads back a payment still waiting for the customer past its deadline, whose gateway never told
   * us of its end (a lost webhook): paid is applied as a webhook's success would be; still open, it
   * is cancelled where the gateway allows and read once more; otherwise it has expired, and so has
   * the order, whose stock goes back on sale. Whether the gateway can still take the money after
   * that is the gateway's: any it reports later goes back by itself.
   */
  public boolean endOverdue(long attemptId) {
    ChargeAttempt attempt = phases.claimOverdue(attemptId);
    if (attempt == null) {
      return false;
    }
    PaymentGateway gateway = gateways.named(attempt.gateway()).orElseThrow();
    String charge = attempt.gatewayChargeId();
    try {
      GatewayCharge now =
          readBackCancelling(gateway, attempt, charge, ChargeStatus.AWAITING_PAYMENT);
      if (now.status() == ChargeStatus.AWAITING_PAYMENT) {
        // Open still and not cancellable here: the gateway's own expiry or payment will tell.
        return false;
      }
      if (now.status() == ChargeStatus.SUCCEEDED) {
        // Paid in time, or paid as we cancelled and given back by the gateway: either is named.
        notices.paidAsReadAlone(attempt, now, ChargeStatus.EXPIRED, "deadline");
        return true;
      }
      notices.applyAlone(
          new GatewayNotice(
              attempt.gateway(),
              charge,
              attempt.gatewayReference(),
              attempt.orderId(),
              GatewayNotice.Outcome.EXPIRED,
              attempt.amount(),
              attempt.currency(),
              "unpaid past its deadline, read back from " + gateway.name()));
      return true;
    } catch (RuntimeException noAnswer) {
      LOG.log(
          Level.WARNING,
          "Attempt {0} of order {1} is past its deadline, and {2} could not be asked about it: {3}",
          new Object[] {
            attemptId, attempt.orderId(), gateway.name(), Reconciliation.describe(noAnswer)
          });
      return false;
    }
  }

  /**
   * The charge as the gateway has it now, read back, and ended where it is still {@code open}
   * ({@link #cancellingIfOpen}).
   */
  private GatewayCharge readBackCancelling(
      PaymentGateway gateway, ChargeAttempt attempt, String charge, ChargeStatus open) {
    return cancellingIfOpen(
        gateway, attempt, charge, calls.retrieve(gateway, charge, new GatewayCalls.Tries()), open);
  }

  /**
   * {@code now}, the charge as just read; still {@code open}, it is cancelled where the gateway
   * allows and asked once more, so that a success that raced the cancel shows.
   */
  private GatewayCharge cancellingIfOpen(
      PaymentGateway gateway,
      ChargeAttempt attempt,
      String charge,
      GatewayCharge now,
      ChargeStatus open) {
    if (now.status() == open && gateway.cancels()) {
      GatewayCharge ended = calls.cancel(gateway, charge, ChargeOutcome.kept(attempt));
      if (ended.status() != ChargeStatus.SUCCEEDED) {
        return GatewayCalls.afterEnd(
            ended, calls.retrieve(gateway, charge, new GatewayCalls.Tries()));
      }
      return ended;
    }
    return now;
  }
}
