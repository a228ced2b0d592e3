package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What holds on the sandbox whichever gateway it speaks: concurrent twins, the ledger, reset. */
class GatewaySandboxTest extends SandboxTestSupport {

  @ParameterizedTest
  @ValueSource(strings = {"stripe", "komoju", "2c2p"}) // Omise keeps no key: see its own tests
  @DisplayName(
      "20 concurrent requests with one key make one charge; Stripe and KOMOJU answer the twins"
          + " that came while it was made 409")
  void concurrentDuplicatesChargeOnce(String gateway) throws Exception {
    HttpRequest charge = cardCharge(gateway, "c-" + gateway, "51");

    List<HttpResponse<String>> answers = sendAtOnce(20, () -> send(charge));

    Set<String> bodies = new HashSet<>();
    boolean conflictsAllowed = gateway.equals("stripe") || gateway.equals("komoju");
    for (HttpResponse<String> response : answers) {
      if (conflictsAllowed && response.statusCode() == 409) {
        continue;
      }
      assertThat(response.statusCode()).isEqualTo(200);
      bodies.add(response.body());
    }
    assertThat(bodies).hasSize(1);
    assertThat(ledger(gateway, "51")).hasSize(1);
  }

  @Test
  void ledgerFiltersAndResetEmptiesIt() throws Exception {
    send(stripe("l-1", stripeCard("61", "pm_card_visa")));
    send(stripe("l-2", stripeCard("62", "pm_card_visa")));
    send(omise("l-3", omiseCard("61", "tokn_test_visa")));

    assertThat(ledger(null, null)).hasSize(3);
    assertThat(ledger("stripe", null)).hasSize(2);
    assertThat(ledger(null, "61")).hasSize(2);
    send(post("/_sandbox/reset", ""));
    assertThat(ledger(null, null)).isEmpty();
    assertThat(json(send(stripe("l-1", stripeCard("61", "pm_card_visa")))).get("status").asText())
        .isEqualTo("succeeded");
    assertThat(ledger(null, null)).hasSize(1);
  }
}
