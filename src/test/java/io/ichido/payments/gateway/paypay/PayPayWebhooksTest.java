package io.ichido.payments.gateway.paypay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.payments.gateway.WebhookRejected;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** PayPay signs nothing: a delivery is only read for the payment it names. */
class PayPayWebhooksTest {

  private final PayPayWebhooks paypay = new PayPayWebhooks();

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  @DisplayName("a transaction event names our merchantPaymentId, and nothing else of it is read")
  void namesThePayment() {
    String event =
        "{\"notification_type\":\"Transaction\",\"merchant_id\":\"1\",\"order_id\":\"p-1\","
            + "\"merchant_order_id\":\"ik_AbC-12_x\",\"order_amount\":\"999999\","
            + "\"state\":\"COMPLETED\",\"paid_at\":\"2026-12-03T00:00:00Z\"}";

    assertThat(paypay.signed()).isFalse();
    assertThat(paypay.hinted(utf8(event))).contains("ik_AbC-12_x");
  }

  @Test
  @DisplayName("another kind of notice (a reconciliation file) names no payment")
  void otherNotices() {
    String file =
        "{\"notification_type\":\"file.created\",\"notification_id\":\"x\","
            + "\"fileType\":\"transaction_recon\"}";

    assertThat(paypay.hinted(utf8(file))).isEmpty();
  }

  @Test
  @DisplayName("refused: no JSON, no type, no id, an id PayPay could not have, a long body")
  void refusals() {
    assertThatThrownBy(() -> paypay.hinted(utf8("not json"))).isInstanceOf(WebhookRejected.class);
    assertThatThrownBy(() -> paypay.hinted(utf8("{\"merchant_order_id\":\"a\"}")))
        .isInstanceOf(WebhookRejected.class);
    assertThatThrownBy(
            () -> paypay.hinted(utf8("{\"notification_type\":\"Transaction\",\"state\":\"x\"}")))
        .isInstanceOf(WebhookRejected.class);
    assertThatThrownBy(
            () ->
                paypay.hinted(
                    utf8(
                        "{\"notification_type\":\"Transaction\","
                            + "\"merchant_order_id\":\"../../admin\"}")))
        .isInstanceOf(WebhookRejected.class);
    byte[] padded =
        utf8("{\"notification_type\":\"Transaction\",\"x\":\"" + "a".repeat(5000) + "\"}");
    assertThatThrownBy(() -> paypay.hinted(padded)).isInstanceOf(WebhookRejected.class);
    assertThatThrownBy(() -> paypay.read(null, utf8("{}"))).isInstanceOf(WebhookRejected.class);
  }
}
