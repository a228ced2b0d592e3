package io.ichido.payments.gateway.paypay;

import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.PaymentSettings;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.payments.gateway.sdk.RecordingClient;
import io.ichido.sandbox.SandboxConfig;
import java.time.Duration;

/** {@link PayPayGateway} as {@code connect()} sets it up, against the in-process sandbox. */
final class PayPayAdapters {

  private PayPayAdapters() {}

  /** Its client records what passes through {@code client}; signed with {@code apiSecret}. */
  static PayPayGateway against(RecordingClient client, String apiSecret) {
    PayPayGateway paypay = new PayPayGateway();
    paypay.payments =
        new PaymentSettings() {
          @Override
          public Duration paymentWindow() {
            return Duration.ofMinutes(30);
          }
        };
    paypay.paypay = client.proxy(PayPayApi.class);
    paypay.auth = new PayPayAuth(SandboxConfig.PAYPAY_API_KEY, apiSecret);
    paypay.basePath = "/paypay";
    return paypay;
  }

  /** A code of 5672 yen for {@code order}, its key named by {@code prefix}. */
  static ChargeCommand code(String prefix, long order) {
    return new ChargeCommand(
        prefix + order,
        order,
        "ORDER-" + order,
        5672,
        "JPY",
        PaymentMethod.PAYPAY,
        null,
        new ChargeCommand.Customer(null, null, null, null),
        "https://shop.example/paypay/back/" + order,
        false);
  }
}
