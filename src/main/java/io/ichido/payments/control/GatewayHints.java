package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.NoticeEffect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where a gateway's word is fetched rather than received: an unsigned webhook (PayPay's) names one
 * of our payments and is believed in nothing else, and a payment such a gateway keeps waiting is
 * polled, in case no webhook ever comes. Either way the payment is read back from the gateway with
 * nothing held, and only what the gateway then answers is applied, as a notice in a transaction of
 * its own. A hint that names no payment of ours, or one that has nothing left to learn, is answered
 * with no write and no call; one payment is read back at most once per {@code MIN_GAP_MILLIS},
 * however many hints arrive. The customer's own return from the gateway's page, on a link we
 * signed, is read back whatever a hint or a poll read a moment before: the payer has just acted
 * there.
 */
@ApplicationScoped
public class GatewayHints {

  private static final Logger LOG = Logger.getLogger(GatewayHints.class.getName());
  private static final long MIN_GAP_MILLIS = 1000;
  private static final int REMEMBERED = 10_000;

  @Inject ChargePhases phases;
  @Inject Gateways gateways;
  @Inject GatewaySettings settings;
  @Inject GatewayCalls calls;
  @Inject GatewayNotices notices;

  private final Map<Long, Long> lastRead = new ConcurrentHashMap<>();

  /**
   * Reads back the payment a delivery names by our charge id or gateway key; what the gateway says
   * of it is applied. Never inside a transaction: it talks to the gateway.
   */
  public NoticeEffect hinted(String gateway, String chargeId) {
    Optional<ChargeAttempt> attempt = phases.named(gateway, chargeId);
    if (attempt.isEmpty()) {
      return NoticeEffect.UNKNOWN_CHARGE;
    }
    return readBack(attempt.get(), true);
  }

  /**
   * The customer is back from the gateway's page on a link we signed for the order: the payment is
   * read back now, even if a poll or a hint read it within {@code MIN_GAP_MILLIS} (before the
   * customer paid). Never inside a transaction: it talks to the gateway.
   */
  public NoticeEffect returned(ChargeAttempt attempt) {
    return readBack(attempt, false);
  }

  /** Every attempt still waiting on its customer at a gateway whose webhooks are only hints. */
  public void pollWaiting(int batch) {
    List<String> polled =
        settings.gateways().stream()
            .filter(described -> described.unsignedWebhooks())
            .map(described -> described.value())
            .filter(settings::enabled)
            .toList();
    if (polled.isEmpty()) {
      return;
    }
    for (ChargeAttempt attempt : phases.awaitingAt(polled, batch)) {
      try {
        readBack(attempt, true);
      } catch (RuntimeException noAnswer) {
        LOG.log(
            Level.FINE,
            "Attempt {0} waits on {1}, which could not be asked now: {2}",
            new Object[] {attempt.id(), attempt.gateway(), Reconciliation.describe(noAnswer)});
      }
    }
  }

  /**
   * Money already known, or the gateway's final word already applied, leaves nothing to learn. An
   * attempt we gave up on is still read: money reported for it goes back by itself.
   */
  private NoticeEffect readBack(ChargeAttempt attempt, boolean throttled) {
    ChargeStatus status = attempt.status();
    if (status.paid() || status.surplus() || attempt.heldInReview()) {
      return NoticeEffect.NO_CHANGE;
    }
    long now = System.currentTimeMillis();
    Long last = lastRead.get(attempt.id());
    if (throttled && last != null && now - last < MIN_GAP_MILLIS) {
      return NoticeEffect.NO_CHANGE;
    }
    if (lastRead.size() >= REMEMBERED) {
      lastRead.clear();
    }
    lastRead.put(attempt.id(), now);
    PaymentGateway gateway = gateways.named(attempt.gateway()).orElse(null);
    if (gateway == null) {
      return NoticeEffect.NO_CHANGE;
    }
    String charge =
        attempt.gatewayChargeId() != null ? attempt.gatewayChargeId() : attempt.gatewayKey();
    GatewayCharge read = calls.retrieve(gateway, charge, new GatewayCalls.Tries());
    if (read.status() == ChargeStatus.SUCCEEDED) {
      return notices.paidAsReadAlone(attempt, read, ChargeStatus.DECLINED, "read back");
    }
    GatewayNotice.Outcome outcome =
        switch (read.status()) {
          case DECLINED, REJECTED -> GatewayNotice.Outcome.FAILED;
          case EXPIRED -> GatewayNotice.Outcome.EXPIRED;
          default -> null;
        };
    if (outcome == null) {
      return NoticeEffect.NO_CHANGE;
    }
    return notices.applyAlone(
        new GatewayNotice(
            attempt.gateway(),
            read.chargeId() != null ? read.chargeId() : charge,
            attempt.gatewayReference(),
            attempt.orderId(),
            outcome,
            read.amount(),
            read.currency(),
            read.failureCode() + ", read back from " + gateway.name()));
  }
}
