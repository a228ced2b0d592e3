package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeStatus;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A gateway's answer, in our terms. {@code instructions} tell the customer how to pay an
 * asynchronous charge; {@code authorizeUri} is where 3-D Secure continues; {@code refunded} is what
 * was given back of it so far, where the gateway says so in the charge itself, and {@code
 * withdrawn} what the customer's bank took back of it by a chargeback (2C2P's 4130), never a
 * refund; {@code clientSecret} is what the gateway's own browser library needs to finish 3-D Secure
 * in the customer's page (Stripe's {@code client_secret}): for the customer's browser only, never
 * kept with the attempt and never logged.
 */
public record GatewayCharge(
    ChargeStatus status,
    String chargeId,
    long amount,
    String currency,
    Map<String, Object> instructions,
    String authorizeUri,
    String failureCode,
    String failureMessage,
    long refunded,
    String clientSecret,
    long withdrawn) {

  public GatewayCharge(
      ChargeStatus status,
      String chargeId,
      long amount,
      String currency,
      Map<String, Object> instructions,
      String authorizeUri,
      String failureCode,
      String failureMessage,
      long refunded) {
    this(
        status,
        chargeId,
        amount,
        currency,
        instructions,
        authorizeUri,
        failureCode,
        failureMessage,
        refunded,
        null,
        0);
  }

  public GatewayCharge(
      ChargeStatus status,
      String chargeId,
      long amount,
      String currency,
      Map<String, Object> instructions,
      String authorizeUri,
      String failureCode,
      String failureMessage) {
    this(
        status,
        chargeId,
        amount,
        currency,
        instructions,
        authorizeUri,
        failureCode,
        failureMessage,
        0);
  }

  public GatewayCharge {
    Objects.requireNonNull(status, "A status is required.");
    // Gateways put nulls in their JSON, which Map.copyOf would refuse.
    instructions =
        instructions == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(instructions));
  }

  /**
   * Money the gateway took and has already given all back by itself: a payment that raced our
   * cancel of it (PayPay reverses it), one refunded in the gateway's dashboard before we learnt of
   * it, or one the customer's bank took back. Nothing is owed either way, so it pays no order.
   */
  public boolean returnedInFull() {
    return status == ChargeStatus.SUCCEEDED && amount > 0 && gone() >= amount;
  }

  /** All that went back of it to the customer: refunded, and taken back by their bank. */
  public long gone() {
    return refunded + withdrawn;
  }

  /** The same answer, with what the customer's browser needs to finish 3-D Secure in place. */
  public GatewayCharge withClientSecret(String secret) {
    return new GatewayCharge(
        status,
        chargeId,
        amount,
        currency,
        instructions,
        authorizeUri,
        failureCode,
        failureMessage,
        refunded,
        secret,
        withdrawn);
  }

  /** Never the client secret: a record's own toString would print it into logs. */
  @Override
  public String toString() {
    return ("GatewayCharge[status=%s, chargeId=%s, amount=%d, currency=%s, failureCode=%s,"
            + " refunded=%d, withdrawn=%d]")
        .formatted(status, chargeId, amount, currency, failureCode, refunded, withdrawn);
  }

  public static GatewayCharge declined(
      String chargeId, long amount, String currency, String code, String message) {
    return new GatewayCharge(
        ChargeStatus.DECLINED, chargeId, amount, currency, null, null, code, message);
  }
}
