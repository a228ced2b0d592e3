package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;

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

  /** The newest entry's seq, as a search's {@code asOf} names it. */
  public static long head() {
    return search("size=1").path("asOf").asLong();
  }

  /** The newest checkpoint once it names entry {@code seq} or a later one; 20 s at most. */
  public static JsonNode checkpointAtOrAfter(long seq) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      HttpResponse<String> answer = AUDITOR.get("/api/audit/checkpoints?size=1");
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      JsonNode items = Shopper.json(answer.body()).path("items");
      if (!items.isEmpty() && items.get(0).path("seq").asLong() >= seq) {
        return items.get(0);
      }
      assertThat(System.nanoTime())
          .as("a checkpoint at or after entry " + seq + " within 20 s")
          .isLessThan(deadline);
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
