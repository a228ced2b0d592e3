package io.ichido.payments.gateway.sdk;

import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.entity.PaymentMethod;

/** The charge commands the adapter tests send: order {@code n} is {@code ORDER-n}, ¥5,672. */
public final class TestCharges {

  private TestCharges() {}

  /** A card charge with {@code token}, returning to {@code returnUrl} (null: none). */
  public static ChargeCommand card(long order, String token, String returnUrl) {
    return new ChargeCommand(
        "ik_sdk_contract_" + order,
        order,
        "ORDER-" + order,
        5672,
        "JPY",
        PaymentMethod.CARD,
        token,
        new ChargeCommand.Customer(null, null, null, null),
        returnUrl,
        false);
  }
}
