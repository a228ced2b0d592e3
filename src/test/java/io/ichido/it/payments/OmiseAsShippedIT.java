package io.ichido.it.payments;

import static io.ichido.it.payments.EveryYenIT.attemptStatuses;
import static io.ichido.it.payments.EveryYenIT.orderStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.Deployments;
import io.ichido.it.support.OwnDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Omise's search as shipped: a search that finds nothing is believed only an hour after the request
 * ({@code ichido.gateway.omise.lookup-after}, PT1H), so a charge Omise is still making is never
 * read as "never made". A deployment of its own: the shared one believes the sandbox's search after
 * 3 s, which every other test of a lost Omise answer relies on.
 */
@ArquillianTest
@OwnDeployment
class OmiseAsShippedIT {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP = Api.as("shop-a");

  @Deployment(testable = false)
  static WebArchive deployment() {
    Map<String, String> config = Deployments.sharedConfiguration();
    config.remove("ichido.gateway.omise.lookup-after");
    return Deployments.appWith("ichido-omise-as-shipped", config);
  }

  @Test
  @DisplayName(
      "Omise works on a charge past our timeout and the search shows nothing yet: still in doubt,"
          + " never 'never made'; the retry with the same key finds the charge, one charge")
  void slowOmiseChargeIsNotReadAsNeverMade() throws Exception {
    String sku = Db.newProduct(10, 2400, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    String key = "pay-" + UUID.randomUUID();
    String body = Shopper.chargeBody(order, "omise", "card", Sandbox.CARD_THAT_PAYS.get("omise"));
    // Omise holds the charge 8 s, then makes it; our read timeout is 2 s.
    Sandbox.fault("omise", orderId, "slow", 1, 8_000);

    HttpResponse<String> first = SHOP.postJson(CHARGE, key, body);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    // As if the customer came back minutes later: older than the 2 minutes Omise's lookup used to
    // be believed after, far younger than the hour it is believed after now.
    Db.update(
        "UPDATE charge_attempt SET requested_at = requested_at - interval '3 minutes',"
            + " sent_at = sent_at - interval '3 minutes' WHERE order_id = ?",
        orderId);

    HttpResponse<String> early = SHOP.postJson(CHARGE, key, body);
    assertThat(early.statusCode()).as(early.body()).isEqualTo(409);
    assertThat(early.body()).contains("payment-in-doubt");
    assertThat(attemptStatuses(orderId)).containsExactly("UNKNOWN");

    HttpResponse<String> last = new Shopper(SHOP).untilFinal(CHARGE, key, body);
    assertThat(last.statusCode()).as(last.body()).isEqualTo(201);
    assertThat(Shopper.json(last.body()).path("status").asText()).isEqualTo("succeeded");
    assertThat(MoneyTrail.paidCharges(orderId)).as("the gateway's ledger").hasSize(1);
    assertThat(orderStatus(orderId)).isEqualTo("PAID");
    assertThat(attemptStatuses(orderId)).containsExactly("SUCCEEDED");
    MoneyTrail.assertNetIs(orderId, order.get("amount").asLong());
  }
}
