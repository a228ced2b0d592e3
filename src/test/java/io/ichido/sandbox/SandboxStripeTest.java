package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Stripe's PaymentIntents as the sandbox speaks them: card, konbini, bank transfer, keyed as Stripe
 * keys them.
 */
class SandboxStripeTest extends SandboxTestSupport {

  @Test
  void cardChargeSucceedsAndLandsInTheLedger() throws Exception {
    HttpResponse<String> response = send(stripe("s-1", stripeCard("1", "pm_card_visa")));

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode intent = json(response);
    assertThat(intent.get("id").asText()).startsWith("pi_");
    assertThat(intent.get("status").asText()).isEqualTo("succeeded");
    assertThat(intent.get("latest_charge").asText()).startsWith("ch_");
    assertThat(intent.at("/metadata/order_id").asText()).isEqualTo("1");
    JsonNode entry = ledger("stripe", "1").get(0);
    assertThat(entry.get("id").asText()).isEqualTo(intent.get("id").asText());
    assertThat(entry.get("idempotencyKey").asText()).isEqualTo("s-1");
    assertThat(entry.get("amount").asLong()).isEqualTo(5672);
    assertThat(entry.get("currency").asText()).isEqualTo("JPY");
    assertThat(entry.get("method").asText()).isEqualTo("card");
    assertThat(entry.get("status").asText()).isEqualTo("paid");
  }

  @Test
  void sameKeyReplaysTheFirstAnswer() throws Exception {
    HttpResponse<String> first = send(stripe("s-2", stripeCard("2", "pm_card_visa")));
    HttpResponse<String> again = send(stripe("s-2", stripeCard("2", "pm_card_visa")));

    assertThat(again.body()).isEqualTo(first.body());
    assertThat(first.headers().firstValue("Idempotent-Replayed")).isEmpty();
    assertThat(again.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    assertThat(ledger("stripe", "2")).hasSize(1);
  }

  @Test
  void sameKeyWithOtherParametersIsRefused() throws Exception {
    send(stripe("s-3", stripeCard("3", "pm_card_visa")));
    HttpResponse<String> other =
        send(stripe("s-3", stripeCard("3", "pm_card_visa").replace("5672", "9999")));

    assertThat(other.statusCode()).isEqualTo(400);
    assertThat(json(other).at("/error/type").asText()).isEqualTo("idempotency_error");
    assertThat(ledger("stripe", "3")).hasSize(1);
  }

  @Test
  @DisplayName("another key for the same order is another charge: the ledger must show both")
  void differentKeyCreatesAnotherCharge() throws Exception {
    send(stripe("s-4a", stripeCard("4", "pm_card_visa")));
    send(stripe("s-4b", stripeCard("4", "pm_card_visa")));

    assertThat(ledger("stripe", "4")).hasSize(2);
  }

  @Test
  void declinedCardAnswers402AndLeavesAFailedAttempt() throws Exception {
    HttpResponse<String> response = send(stripe("s-5", stripeCard("5", "pm_card_chargeDeclined")));

    assertThat(response.statusCode()).isEqualTo(402);
    JsonNode error = json(response).get("error");
    assertThat(error.get("type").asText()).isEqualTo("card_error");
    assertThat(error.get("code").asText()).isEqualTo("card_declined");
    assertThat(error.get("decline_code").asText()).isEqualTo("generic_decline");
    assertThat(error.at("/payment_intent/status").asText()).isEqualTo("requires_payment_method");
    assertThat(ledger("stripe", "5").get(0).get("status").asText()).isEqualTo("failed");
    assertThat(send(stripe("s-5", stripeCard("5", "pm_card_chargeDeclined"))).statusCode())
        .isEqualTo(402);
    assertThat(ledger("stripe", "5")).hasSize(1);
  }

  @Test
  void konbiniWaitsForTheCustomerUntilCompleted() throws Exception {
    String form =
        "amount=5672&currency=jpy&confirm=true&metadata%5Border_id%5D=6"
            + "&payment_method_types%5B0%5D=konbini&payment_method_data%5Btype%5D=konbini"
            + "&payment_method_data%5Bbilling_details%5D%5Bname%5D=Yamada"
            + "&payment_method_data%5Bbilling_details%5D%5Bemail%5D=y%40example.com";
    JsonNode intent = json(send(stripe("s-6", form)));

    assertThat(intent.get("status").asText()).isEqualTo("requires_action");
    assertThat(intent.at("/next_action/type").asText()).isEqualTo("konbini_display_details");
    assertThat(
            intent
                .at("/next_action/konbini_display_details/stores/lawson/confirmation_number")
                .asText())
        .isNotBlank();
    assertThat(ledger("stripe", "6").get(0).get("status").asText()).isEqualTo("pending");

    String id = intent.get("id").asText();
    assertThat(send(post("/_sandbox/payments/stripe/" + id + "/complete", "")).statusCode())
        .isEqualTo(200);
    assertThat(json(send(stripeGet(id))).get("status").asText()).isEqualTo("succeeded");
    assertThat(ledger("stripe", "6").get(0).get("status").asText()).isEqualTo("paid");
    assertThat(send(post("/_sandbox/payments/stripe/" + id + "/expire", "")).statusCode())
        .isEqualTo(409);
  }

  @Test
  void bankTransferCanExpire() throws Exception {
    String form =
        "amount=5672&currency=jpy&confirm=true&metadata%5Border_id%5D=7&customer=cus_1"
            + "&payment_method_types%5B0%5D=customer_balance"
            + "&payment_method_data%5Btype%5D=customer_balance"
            + "&payment_method_options%5Bcustomer_balance%5D%5Bfunding_type%5D=bank_transfer"
            + "&payment_method_options%5Bcustomer_balance%5D%5Bbank_transfer%5D%5Btype%5D=jp_bank_transfer";
    JsonNode intent = json(send(stripe("s-7", form)));

    assertThat(intent.at("/next_action/type").asText())
        .isEqualTo("display_bank_transfer_instructions");
    assertThat(
            intent
                .at(
                    "/next_action/display_bank_transfer_instructions/financial_addresses/0/zengin/account_type")
                .asText())
        .isEqualTo("futsu");
    assertThat(ledger("stripe", "7").get(0).get("method").asText()).isEqualTo("bank_transfer");
    send(post("/_sandbox/payments/stripe/" + intent.get("id").asText() + "/expire", ""));
    assertThat(ledger("stripe", "7").get(0).get("status").asText()).isEqualTo("expired");
  }

  @Test
  void refusesMissingOrForeignKeysAndMissingAmount() throws Exception {
    HttpResponse<String> noKey =
        send(request("/stripe/v1/payment_intents").POST(form(stripeCard("8", "pm_card_visa"))));
    HttpResponse<String> liveKey =
        send(
            request("/stripe/v1/payment_intents")
                .header("Authorization", "Bearer sk_live_1")
                .POST(form(stripeCard("8", "pm_card_visa"))));
    HttpResponse<String> noAmount =
        send(stripe("s-8", "currency=jpy&confirm=true&payment_method=pm_card_visa"));

    assertThat(noKey.statusCode()).isEqualTo(401);
    assertThat(json(noKey).at("/error/type").asText()).isEqualTo("invalid_request_error");
    assertThat(liveKey.statusCode()).isEqualTo(401);
    assertThat(noAmount.statusCode()).isEqualTo(400);
    assertThat(json(noAmount).at("/error/param").asText()).isEqualTo("amount");
    assertThat(ledger("stripe", null)).isEmpty();
  }

  @Test
  @DisplayName(
      "a dispute withdraws the disputed amount from the balance when it opens, and a won one"
          + " reinstates it; a lost one keeps it withdrawn")
  void disputeFundsLeaveAndComeBack() throws Exception {
    send(stripe("s-d1", stripeCard("31", "pm_card_visa")));
    send(stripe("s-d2", stripeCard("32", "pm_card_visa")));
    String won = ledger("stripe", "31").get(0).get("id").asText();
    String lost = ledger("stripe", "32").get(0).get("id").asText();

    JsonNode opened = json(send(post("/_sandbox/payments/stripe/" + won + "/dispute", "")));
    send(post("/_sandbox/payments/stripe/" + lost + "/dispute", ""));

    assertThat(opened.get("amountChargedBack").asLong()).isEqualTo(5672);
    assertThat(ledger("stripe", "31").get(0).get("amountChargedBack").asLong()).isEqualTo(5672);
    assertThat(ledger("stripe", "31").get(0).get("status").asText()).isEqualTo("paid");
    send(post("/_sandbox/payments/stripe/" + won + "/dispute-won", ""));
    send(post("/_sandbox/payments/stripe/" + lost + "/dispute-lost", ""));
    assertThat(ledger("stripe", "31").get(0).get("amountChargedBack").asLong())
        .as("reinstated")
        .isZero();
    assertThat(ledger("stripe", "32").get(0).get("amountChargedBack").asLong())
        .as("kept by the bank")
        .isEqualTo(5672);
    assertThat(send(post("/_sandbox/payments/stripe/" + won + "/dispute-won", "")).statusCode())
        .as("no dispute open any more")
        .isEqualTo(409);
  }
}
