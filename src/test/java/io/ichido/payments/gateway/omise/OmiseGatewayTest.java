package io.ichido.payments.gateway.omise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.ReturnRereads;
import io.ichido.payments.control.UnheardWord;
import io.ichido.payments.entity.ChargeStatus;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What {@link OmiseGateway} makes of Omise's charges. */
class OmiseGatewayTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  @DisplayName("pending with an authorize_uri: 3-D Secure waits on the customer at that page")
  void pendingWithAPageRequiresAction() throws Exception {
    GatewayCharge answer =
        OmiseGateway.interpret(
            charge("\"authorize_uri\":\"https://pay.omise.co/payments/x/authorize\""), false);

    assertThat(answer.status()).isEqualTo(ChargeStatus.REQUIRES_ACTION);
    assertThat(answer.authorizeUri()).isEqualTo("https://pay.omise.co/payments/x/authorize");
  }

  @Test
  @DisplayName(
      "pending without an authorize_uri in a create's answer or a search: nothing for the customer"
          + " to open and no word on the money, so in doubt, never resent")
  void pendingWithoutAPageIsInDoubt() throws Exception {
    assertThatThrownBy(() -> OmiseGateway.interpret(charge("\"authorize_uri\":null"), false))
        .isInstanceOf(UnheardWord.class);
    assertThatThrownBy(() -> OmiseGateway.interpret(charge("\"capture\":true"), false))
        .isInstanceOf(UnheardWord.class);
  }

  @Test
  @DisplayName(
      "pending without an authorize_uri read back: the attempt was sent to its page already, and"
          + " still waits on the customer there")
  void pendingWithoutAPageReadBackStillWaits() throws Exception {
    GatewayCharge answer = OmiseGateway.interpret(charge("\"authorize_uri\":null"), true);

    assertThat(answer.status()).isEqualTo(ChargeStatus.REQUIRES_ACTION);
    assertThat(answer.authorizeUri()).isNull();
    assertThat(answer.instructions()).isEmpty();
  }

  @Test
  @DisplayName(
      "back from 3-D Secure and still pending: read again as Opn's own plugin does, 5 times in all,"
          + " 0.5 s apart, then processing")
  void readsAgainAfterTheReturn() {
    assertThat(new OmiseGateway().returnRereads())
        .isEqualTo(new ReturnRereads(4, Duration.ofMillis(500)));
  }

  private static JsonNode charge(String more) throws Exception {
    return JSON.readTree(
        "{\"object\":\"charge\",\"id\":\"chrg_test_1\",\"amount\":5672,\"currency\":\"jpy\","
            + "\"status\":\"pending\","
            + more
            + "}");
  }
}
