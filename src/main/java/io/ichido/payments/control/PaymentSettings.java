package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** How long payments wait, hold and retry, from {@code ichido.payments.*}. */
@ApplicationScoped
public class PaymentSettings {

  /**
   * How long a request may talk to the gateway about one attempt (every in-request retry included);
   * past it, the attempt is taken to be abandoned and anyone may reconcile it.
   */
  @Inject
  @ConfigProperty(name = "ichido.payments.attempt-lease", defaultValue = "PT90S")
  Duration attemptLease;

  /**
   * How long after an attempt was made its request may be sent again under the same gateway key to
   * learn its outcome. Shorter than every gateway's key retention (Stripe keeps keys 24 hours), so
   * a resend can only ever be answered with the first request's result.
   */
  @Inject
  @ConfigProperty(name = "ichido.payments.resend-window", defaultValue = "PT12H")
  Duration resendWindow;

  @Inject
  @ConfigProperty(name = "ichido.payments.reconcile.interval", defaultValue = "PT1M")
  Duration reconcileInterval;

  @Inject
  @ConfigProperty(name = "ichido.payments.reconcile.batch-size", defaultValue = "20")
  int reconcileBatchSize;

  /** The longest wait between two questions to the gateway about one attempt in doubt. */
  @Inject
  @ConfigProperty(name = "ichido.payments.reconcile.max-backoff", defaultValue = "PT30M")
  Duration reconcileMaxBackoff;

  /** How long an order may stay unpaid, with nothing in flight, before it lapses. */
  @Inject
  @ConfigProperty(name = "ichido.payments.payment-window", defaultValue = "PT30M")
  Duration paymentWindow;

  /**
   * How long past its deadline a payment awaiting the customer is left to its gateway's webhook
   * before it is read back (and cancelled where still open): webhooks may come late.
   */
  @Inject
  @ConfigProperty(name = "ichido.payments.deadline-grace", defaultValue = "PT1H")
  Duration deadlineGrace;

  /**
   * How long after a refund a second one of the same amount for the same order under another key is
   * taken for a retry whose key was lost, and refused unless it says {@code "repeat": true}.
   */
  @Inject
  @ConfigProperty(name = "ichido.payments.refund-duplicate-window", defaultValue = "PT10M")
  Duration refundDuplicateWindow;

  /** Keys the HMAC that derives gateway keys; optional (see {@link GatewayKeys}). */
  @Inject
  @ConfigProperty(name = "ichido.payments.gateway-key-secret")
  Optional<String> gatewayKeySecret;

  public Duration refundDuplicateWindow() {
    return refundDuplicateWindow;
  }

  public Duration attemptLease() {
    return attemptLease;
  }

  public Duration resendWindow() {
    return resendWindow;
  }

  public Duration reconcileInterval() {
    return reconcileInterval;
  }

  public int reconcileBatchSize() {
    return reconcileBatchSize;
  }

  /** Doubling from the reconcile interval with every question already asked, up to the maximum. */
  public Duration reconcileBackoff(int questionsAsked) {
    Duration backoff = reconcileInterval.multipliedBy(1L << Math.min(questionsAsked, 16));
    return backoff.compareTo(reconcileMaxBackoff) > 0 ? reconcileMaxBackoff : backoff;
  }

  public Duration paymentWindow() {
    return paymentWindow;
  }

  public Duration deadlineGrace() {
    return deadlineGrace;
  }

  public Optional<String> gatewayKeySecret() {
    return gatewayKeySecret;
  }
}
