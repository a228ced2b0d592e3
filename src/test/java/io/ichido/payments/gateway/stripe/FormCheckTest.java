package io.ichido.payments.gateway.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FormCheckTest {

  private static final StripeSpec SPEC = StripeSpec.load();
  private static final FormCheck FORMS = new FormCheck(SPEC);

  private static JsonNode form(String method, String path) {
    return SPEC.operation(method, path).orElseThrow().form();
  }

  private static List<String> createIntent(String name, String value) {
    return FORMS.problems(name, value, form("POST", "/v1/payment_intents"));
  }

  @Test
  void segments() {
    assertThat(FormCheck.segments("payment_method_data[billing_details][name]"))
        .containsExactly("payment_method_data", "billing_details", "name");
    assertThat(FormCheck.segments("a]b")).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "amount, 5672",
    "confirm, true",
    "metadata[order_id], 42",
    "payment_method_types[0], konbini",
    "payment_method_data[type], konbini",
    "payment_method_data[billing_details][name], Yamada",
  })
  void whatStripeTakes(String name, String value) {
    assertThat(createIntent(name, value)).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "payment_method_type[0], card, no parameter payment_method_type here",
    "confirm, yes, 'yes' is not of type boolean",
    "amount, 56.72, '56.72' is not of type integer",
    "payment_method_types[first], card, [first] is no index of the array payment_method_types",
    "payment_method_data[type], paypay, 'paypay' is not one of",
  })
  void whatStripeRefuses(String name, String value, String problem) {
    assertThat(createIntent(name, value)).singleElement().asString().startsWith(problem);
  }

  @Test
  @DisplayName("query parameters: expand[0] and search's query, limit; search requires query")
  void query() {
    JsonNode retrieve = SPEC.operation("GET", "/v1/payment_intents/pi_1").orElseThrow().query();
    JsonNode search = SPEC.operation("GET", "/v1/payment_intents/search").orElseThrow().query();

    assertThat(FORMS.problems("expand[0]", "latest_charge", retrieve)).isEmpty();
    assertThat(FORMS.problems("limit", "10", search)).isEmpty();
    assertThat(FORMS.problems("page_size", "10", search))
        .containsExactly("no parameter page_size here");
    assertThat(search.path("required").toString()).isEqualTo("[\"query\"]");
  }
}
