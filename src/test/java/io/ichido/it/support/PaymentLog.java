package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;

/** The payment log as an auditor reads it over the API, for the tests of every capability. */
public final class PaymentLog {

  private static final String LOG = "/api/audit/payment-log";
  private static final Api AUDITOR = Api.as("auditor");

  private PaymentLog() {}

  /** The entries the query selects (a query string without its '?'); the search must succeed. */
  public static JsonNode search(String query) {
    HttpResponse<String> answer = AUDITOR.get(LOG + "?" + query);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return Shopper.json(answer.body());
  }

  /** The server's walk of the whole chain; the walk itself must succeed. */
  public static JsonNode verify() {
    HttpResponse<String> answer = AUDITOR.get(LOG + "/verify");
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return Shopper.json(answer.body());
  }
}
