package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /_sandbox/payments/{gateway}/{id}/succeed-late}: an attempt that took no money is
 * reported paid after all, with the gateway's success webhook, so the app must refund it.
 */
class SandboxLateSuccessTest extends SandboxTestSupport {

  @Test
  @DisplayName("Stripe: a declined intent succeeds late; payment_intent.succeeded is sent")
  void stripeDeclinedIntentSucceedsLate() throws Exception {
    String id =
        json(send(stripe("l-1", stripeCard("501", "pm_card_chargeDeclined"))))
            .at("/error/payment_intent/id")
            .asText();

    JsonNode entry = succeedLate("stripe", id, "");

    assertThat(entry.get("status").asText()).isEqualTo("paid");
    assertThat(entry.get("reference").asText()).isEqualTo("501");
    JsonNode event = JSON.readTree(receiver.only().body());
    assertThat(event.get("type").asText()).isEqualTo("payment_intent.succeeded");
    assertThat(event.at("/data/object/id").asText()).isEqualTo(id);
    assertThat(event.at("/data/object/amount_received").asLong()).isEqualTo(5672);
    assertThat(event.at("/data/object/metadata/order_id").asText()).isEqualTo("501");
    assertThat(json(send(stripeGet(id))).get("status").asText()).isEqualTo("succeeded");
    assertThat(lateStatus("stripe", id)).as("paid already").isEqualTo(409);
  }

  @Test
  @DisplayName("Omise: a failed charge and a 3-D Secure charge left pending complete late")
  void omiseFailedAndPendingChargesCompleteLate() throws Exception {
    String failed =
        json(send(omise("l-2", omiseCard("502", "tokn_test_declined")))).get("id").asText();
    String pending =
        json(send(
                omise(
                    "l-3",
                    omiseCard("503", "tokn_test_3ds")
                        + "&return_uri=https%3A%2F%2Fshop.example%2Fback")))
            .get("id")
            .asText();

    succeedLate("omise", failed, "");
    succeedLate("omise", pending, "?amount=5000");

    JsonNode charge = json(send(omiseGet(failed)));
    assertThat(charge.get("status").asText()).isEqualTo("successful");
    assertThat(charge.get("paid").asBoolean()).isTrue();
    assertThat(charge.get("failure_code").isNull()).isTrue();
    JsonNode first = JSON.readTree(receiver.await(2).get(0).body());
    JsonNode second = JSON.readTree(receiver.await(2).get(1).body());
    assertThat(first.get("key").asText()).isEqualTo("charge.complete");
    assertThat(first.at("/data/status").asText()).isEqualTo("successful");
    assertThat(second.at("/data/amount").asLong()).isEqualTo(5000);
    assertThat(ledger("omise", "503").get(0).get("status").asText()).isEqualTo("paid");
  }

  @Test
  @DisplayName(
      "KOMOJU: a declined card leaves a failed payment with our reference, which can capture late")
  void komojuDeclineLeavesAFailedPayment() throws Exception {
    HttpResponse<String> declined = send(komoju("l-4", komojuBody("504", "\"tok_declined\"")));
    String id = ledger("komoju", "504").get(0).get("id").asText();

    JsonNode payment = json(send(komojuGet(id)));
    succeedLate("komoju", id, "");

    assertThat(declined.statusCode()).isEqualTo(402);
    assertThat(payment.get("status").asText()).isEqualTo("failed");
    assertThat(payment.get("external_order_num").asText()).isEqualTo("ORDER-504");
    JsonNode event = JSON.readTree(receiver.only().body());
    assertThat(event.get("type").asText()).isEqualTo("payment.captured");
    assertThat(event.at("/data/external_order_num").asText()).isEqualTo("ORDER-504");
    assertThat(json(send(komojuGet(id))).get("status").asText()).isEqualTo("captured");
  }

  @Test
  @DisplayName("2C2P: a declined invoice is approved late: notification and inquiry say 0000")
  void twoC2pDeclinedInvoiceIsApprovedLate() throws Exception {
    send(doPayment(paymentToken("ORDER-505", MERCHANT_SECRET), "decline"));
    String tranRef = ledger("2c2p", "505").get(0).get("id").asText();
    assertThat(inquiry("ORDER-505").getClaim("respCode").asString()).isEqualTo("4005");

    succeedLate("2c2p", tranRef, "");

    assertThat(inquiry("ORDER-505").getClaim("respCode").asString()).isEqualTo("0000");
    JsonNode hook = webhooks().get(0);
    assertThat(hook.get("type").asText()).isEqualTo("0000");
    assertThat(hook.get("chargeId").asText()).isEqualTo(tranRef);
  }

  @Test
  void unknownPaymentsAre404AndPaidOnes409() throws Exception {
    String paid = json(send(komoju("l-6", komojuBody("506", "\"tok_visa\"")))).get("id").asText();

    assertThat(lateStatus("stripe", "pi_nope")).isEqualTo(404);
    assertThat(lateStatus("paypal", "x")).isEqualTo(404);
    assertThat(lateStatus("komoju", paid)).isEqualTo(409);
    assertThat(webhooks()).isEmpty();
  }

  private JsonNode succeedLate(String gateway, String id, String query) throws Exception {
    HttpResponse<String> answer =
        send(post("/_sandbox/payments/" + gateway + "/" + id + "/succeed-late" + query, ""));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return json(answer);
  }

  private int lateStatus(String gateway, String id) throws Exception {
    return send(post("/_sandbox/payments/" + gateway + "/" + id + "/succeed-late", ""))
        .statusCode();
  }
}
