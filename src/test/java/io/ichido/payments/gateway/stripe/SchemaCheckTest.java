package io.ichido.payments.gateway.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SchemaCheckTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final StripeSpec SPEC = StripeSpec.load();

  /** A PaymentIntent with every field the 2023-08-16 document requires. */
  private static ObjectNode intent() throws Exception {
    return (ObjectNode)
        JSON.readTree(
            """
            {"id":"pi_1","object":"payment_intent","amount":5672,"currency":"jpy",
             "capture_method":"automatic_async","confirmation_method":"automatic","created":1,
             "livemode":false,"payment_method_types":["card"],"status":"succeeded",
             "latest_charge":"ch_1","metadata":{"order_id":"1"},"next_action":null}
            """);
  }

  private static List<String> mismatches(JsonNode value, String schema) {
    SchemaCheck check = new SchemaCheck(SPEC);
    check.value("$", value, SPEC.schema(schema));
    return check.mismatches().stream().map(Mismatch::toString).toList();
  }

  @Test
  void aPaymentIntentAsDocumentedFits() throws Exception {
    assertThat(mismatches(intent(), "payment_intent")).isEmpty();
  }

  @Test
  @DisplayName("a misspelt field, a status out of the enum, a missing and a wrongly null field")
  void mismatchesAreNamed() throws Exception {
    ObjectNode intent = intent();
    intent.set("amount_recieved", intent.remove("currency"));
    intent.put("status", "paid").putNull("amount");

    assertThat(mismatches(intent, "payment_intent"))
        .containsExactlyInAnyOrder(
            "$.amount_recieved: no such field in the schema",
            "$.currency: required, missing",
            "$.status: \"paid\" is not one of [\"canceled\",\"processing\",\"requires_action\","
                + "\"requires_capture\",\"requires_confirmation\",\"requires_payment_method\","
                + "\"succeeded\"]",
            "$.amount: null, but the schema is not nullable");
  }

  @Test
  @DisplayName("an expanded latest_charge must be a whole Charge; an id is enough otherwise")
  void expandedCharge() throws Exception {
    ObjectNode intent = intent();
    intent.putObject("latest_charge").put("id", "ch_1").put("object", "charge");

    assertThat(mismatches(intent, "payment_intent"))
        .contains("$.latest_charge.amount: required, missing")
        .allMatch(mismatch -> mismatch.startsWith("$.latest_charge."));
  }

  @Test
  @DisplayName("a field Ichido never expands must stay an id: the subset keeps no object for it")
  void unexpandedStaysAnId() throws Exception {
    ObjectNode intent = intent();
    intent.putObject("customer").put("id", "cus_1");

    assertThat(mismatches(intent, "payment_intent"))
        .containsExactly("$.customer: type string expected, got {\"id\":\"cus_1\"}");
  }

  @Test
  @DisplayName("3-D Secure: use_stripe_sdk (free-form) and redirect_to_url without return_url fit")
  void bothThreeDSecureShapes() throws Exception {
    ObjectNode sdk = intent().put("status", "requires_action");
    sdk.putObject("next_action")
        .put("type", "use_stripe_sdk")
        .putObject("use_stripe_sdk")
        .put("type", "three_d_secure_redirect")
        .put("stripe_js", "https://hooks.stripe.com/...");
    ObjectNode redirect = intent().put("status", "requires_action");
    redirect
        .putObject("next_action")
        .put("type", "redirect_to_url")
        .putObject("redirect_to_url")
        .put("url", "https://hooks.stripe.com/...")
        .putNull("return_url");

    assertThat(mismatches(sdk, "payment_intent")).isEmpty();
    assertThat(mismatches(redirect, "payment_intent")).isEmpty();
  }
}
