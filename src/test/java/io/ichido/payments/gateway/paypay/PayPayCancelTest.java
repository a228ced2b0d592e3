package io.ichido.payments.gateway.paypay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.gateway.sdk.LocalSandbox;
import io.ichido.payments.gateway.sdk.RecordingClient;
import io.ichido.payments.gateway.sdk.RecordingClient.Exchange;
import io.ichido.sandbox.SandboxConfig;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Ending a PayPay payment that waits on the customer, against the sandbox, which, as PayPay, only
 * receives a cancel of an unpaid payment and shows it {@code CREATED} after its code is deleted.
 */
class PayPayCancelTest {

  private LocalSandbox sandbox;
  private RecordingClient client;
  private PayPayGateway paypay;

  @BeforeEach
  void start() throws Exception {
    sandbox = LocalSandbox.start();
    client = new RecordingClient(sandbox.baseUrl("paypay"));
    paypay = PayPayAdapters.against(client, SandboxConfig.PAYPAY_API_SECRET);
  }

  @AfterEach
  void stop() {
    client.close();
    sandbox.close();
  }

  @Test
  @DisplayName("the kept code is deleted, then the payment cancelled and read: ended, unpayable")
  void deletesTheCodeFirst() throws Exception {
    GatewayCharge code = paypay.charge(PayPayAdapters.code("ik_cancel_", 1));
    assertThat(code.instructions()).containsKeys("code_id", "code_expires_at");

    GatewayCharge ended = paypay.cancel(code.chargeId(), code.instructions());

    assertThat(ended.status()).isEqualTo(ChargeStatus.DECLINED);
    assertThat(ended.failureCode()).isEqualTo("code_deleted");
    assertThat(client.exchanges().stream().map(PayPayCancelTest::call))
        .containsExactly(
            "POST /v2/codes",
            "GET /v2/codes/payments/" + code.chargeId(),
            "DELETE /v2/codes/" + code.instructions().get("code_id"),
            "DELETE /v2/payments/" + code.chargeId(),
            "GET /v2/codes/payments/" + code.chargeId());
    assertThatThrownBy(() -> sandbox.settle("paypay", code.chargeId(), "complete"))
        .as("the customer can no longer pay")
        .hasMessageContaining("409");
    assertThat(paypay.retrieve(code.chargeId()).status())
        .as("PayPay's details still say CREATED")
        .isEqualTo(ChargeStatus.AWAITING_PAYMENT);
  }

  @Test
  @DisplayName("paid as it ends, the details lagging: the code is not deleted, the money goes back")
  void paymentThatRacedTheEnd() throws Exception {
    GatewayCharge code = paypay.charge(PayPayAdapters.code("ik_cancel_", 2));
    sandbox.detailsLag("paypay", 60_000);
    sandbox.settle("paypay", code.chargeId(), "complete");

    GatewayCharge ended = paypay.cancel(code.chargeId(), code.instructions());

    assertThat(ended.status()).isEqualTo(ChargeStatus.SUCCEEDED);
    assertThat(ended.returnedInFull()).isTrue();
  }

  @Test
  @DisplayName("without a kept code, only received: still waiting, never guessed ended")
  void withoutTheCode() throws Exception {
    GatewayCharge code = paypay.charge(PayPayAdapters.code("ik_cancel_", 3));

    GatewayCharge read = paypay.cancel(code.chargeId(), Map.of());

    assertThat(read.status()).isEqualTo(ChargeStatus.AWAITING_PAYMENT);
    sandbox.settle("paypay", code.chargeId(), "complete");
    GatewayCharge reversed = paypay.retrieve(code.chargeId());
    assertThat(reversed.status()).isEqualTo(ChargeStatus.SUCCEEDED);
    assertThat(reversed.returnedInFull()).isTrue();
  }

  private static String call(Exchange exchange) {
    return exchange.method() + " " + exchange.path();
  }
}
