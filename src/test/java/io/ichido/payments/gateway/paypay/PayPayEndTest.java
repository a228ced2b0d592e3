package io.ichido.payments.gateway.paypay;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.gateway.paypay.PayPayGateway.Code;
import io.ichido.platform.control.Json;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A payment read back after its end: PayPay shows an unpaid one as {@code CREATED} whether its code
 * was deleted, expired or is payable still, so only what we know of the code tells them apart.
 */
class PayPayEndTest {

  private static final String CREATED =
      "{\"status\":\"CREATED\",\"amount\":{\"amount\":5672,\"currency\":\"JPY\"}}";
  private static final Instant EXPIRES = Instant.parse("2026-12-01T09:05:00Z");

  private static GatewayCharge read(String data, Code code, Instant expires, Instant now)
      throws Exception {
    return PayPayGateway.afterEnd("ik_1", Json.MAPPER.readTree(data), code, expires, now);
  }

  @Test
  @DisplayName("CREATED once its code is deleted: ended, nothing charged")
  void deletedCode() throws Exception {
    GatewayCharge charge = read(CREATED, Code.DELETED, EXPIRES, EXPIRES.minusSeconds(60));

    assertThat(charge.status()).isEqualTo(ChargeStatus.DECLINED);
    assertThat(charge.failureCode()).isEqualTo("code_deleted");
    assertThat(charge.amount()).isEqualTo(5672);
    assertThat(charge.chargeId()).isEqualTo("ik_1");
  }

  @Test
  @DisplayName("CREATED from the code's expiryDate on: ended; before it, still waiting")
  void expiredCode() throws Exception {
    assertThat(read(CREATED, Code.NOT_KEPT, EXPIRES, EXPIRES).failureCode())
        .isEqualTo("code_expired");
    assertThat(read(CREATED, Code.NOT_KEPT, EXPIRES, EXPIRES.plusSeconds(1)).status())
        .isEqualTo(ChargeStatus.DECLINED);
    assertThat(read(CREATED, Code.NOT_KEPT, EXPIRES, EXPIRES.minusSeconds(1)).status())
        .isEqualTo(ChargeStatus.AWAITING_PAYMENT);
    assertThat(read(CREATED, Code.NOT_KEPT, null, EXPIRES).status())
        .isEqualTo(ChargeStatus.AWAITING_PAYMENT);
  }

  @Test
  @DisplayName("CREATED while PayPay said its code was paid: its details lag, never read as ended")
  void paidCodeLags() throws Exception {
    assertThat(read(CREATED, Code.PAID, EXPIRES, EXPIRES.plusSeconds(60)).status())
        .isEqualTo(ChargeStatus.AWAITING_PAYMENT);
  }

  @Test
  @DisplayName("paid as the code was deleted: paid, or paid and given all back once reversed")
  void moneyThatRacedTheEnd() throws Exception {
    GatewayCharge completed =
        read(
            "{\"status\":\"COMPLETED\",\"paymentId\":\"p1\",\"acceptedAt\":1,"
                + "\"amount\":{\"amount\":5672,\"currency\":\"JPY\"}}",
            Code.DELETED,
            EXPIRES,
            EXPIRES.plusSeconds(60));
    GatewayCharge reversed =
        read(
            "{\"status\":\"FAILED\",\"paymentId\":\"p1\",\"acceptedAt\":1,"
                + "\"amount\":{\"amount\":5672,\"currency\":\"JPY\"}}",
            Code.PAID,
            EXPIRES,
            EXPIRES.plusSeconds(60));

    assertThat(completed.status()).isEqualTo(ChargeStatus.SUCCEEDED);
    assertThat(completed.refunded()).isZero();
    assertThat(reversed.status()).isEqualTo(ChargeStatus.SUCCEEDED);
    assertThat(reversed.returnedInFull()).isTrue();
  }
}
