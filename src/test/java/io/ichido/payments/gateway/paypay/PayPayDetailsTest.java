package io.ichido.payments.gateway.paypay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.platform.control.Json;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Get Payment Details in our terms: money is read from PayPay's words, never from silence. */
class PayPayDetailsTest {

  private static GatewayCharge read(String data) throws Exception {
    JsonNode node = Json.MAPPER.readTree(data);
    return PayPayGateway.details("ik_1", node);
  }

  @Test
  @DisplayName("COMPLETED is paid, with the refunds PayPay took (CREATED or REFUNDED) counted")
  void completed() throws Exception {
    GatewayCharge charge =
        read(
            "{\"status\":\"COMPLETED\",\"paymentId\":\"p1\",\"acceptedAt\":1,"
                + "\"amount\":{\"amount\":1000,\"currency\":\"JPY\"},\"refunds\":{\"data\":["
                + "{\"status\":\"CREATED\",\"amount\":{\"amount\":100}},"
                + "{\"status\":\"REFUNDED\",\"amount\":{\"amount\":200}},"
                + "{\"status\":\"REFUND_FAILED\",\"amount\":{\"amount\":400}}]}}");

    assertThat(charge.status()).isEqualTo(ChargeStatus.SUCCEEDED);
    assertThat(charge.amount()).isEqualTo(1000);
    assertThat(charge.currency()).isEqualTo("JPY");
    assertThat(charge.refunded()).isEqualTo(300);
    assertThat(charge.chargeId()).isEqualTo("ik_1");
  }

  @Test
  @DisplayName("CREATED waits for the customer: not paid, not ended")
  void created() throws Exception {
    assertThat(
            read("{\"status\":\"CREATED\",\"amount\":{\"amount\":5,\"currency\":\"JPY\"}}")
                .status())
        .isEqualTo(ChargeStatus.AWAITING_PAYMENT);
  }

  @Test
  @DisplayName("FAILED or EXPIRED without acceptedAt took nothing")
  void endedUnpaid() throws Exception {
    GatewayCharge failed =
        read("{\"status\":\"FAILED\",\"amount\":{\"amount\":5,\"currency\":\"JPY\"}}");
    assertThat(failed.status()).isEqualTo(ChargeStatus.DECLINED);
    assertThat(failed.failureCode()).isEqualTo("failed");
    assertThat(read("{\"status\":\"EXPIRED\",\"amount\":{\"amount\":5}}").status())
        .isEqualTo(ChargeStatus.DECLINED);
  }

  @Test
  @DisplayName("paid (acceptedAt) and then cancelled: the money came and all of it went back")
  void reversed() throws Exception {
    GatewayCharge charge =
        read(
            "{\"status\":\"FAILED\",\"paymentId\":\"p1\",\"acceptedAt\":1700000000,"
                + "\"amount\":{\"amount\":700,\"currency\":\"JPY\"}}");

    assertThat(charge.status()).isEqualTo(ChargeStatus.SUCCEEDED);
    assertThat(charge.refunded()).isEqualTo(700);
  }

  @Test
  @DisplayName("a status we do not know, or none, is no answer: never read as not paid")
  void unknownStatus() {
    assertThatThrownBy(() -> read("{\"status\":\"SOMETHING_NEW\",\"amount\":{\"amount\":5}}"))
        .isInstanceOf(GatewayUnavailable.class);
    assertThatThrownBy(() -> read("{\"amount\":{\"amount\":5}}"))
        .isInstanceOf(GatewayUnavailable.class);
  }
}
