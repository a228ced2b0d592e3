package io.ichido.payments.gateway.twoc2p;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.gateway.sdk.LocalSandbox;
import io.ichido.payments.gateway.sdk.RecordingClient;
import io.ichido.payments.gateway.sdk.TestCharges;
import io.ichido.sandbox.GatewaySandbox;
import io.ichido.sandbox.SandboxConfig;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What {@link TwoC2pGateway} sends 2C2P, against the sandbox in this JVM. */
class TwoC2pGatewayTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private LocalSandbox sandbox;
  private RecordingClient client;

  @BeforeEach
  void start() throws Exception {
    sandbox = LocalSandbox.start();
    client = new RecordingClient(sandbox.baseUrl("2c2p"));
  }

  @AfterEach
  void stop() {
    client.close();
    sandbox.close();
  }

  @Test
  @DisplayName(
      "Payment Token asks for 3-D Secure (request3DS Y), so that the merchant's 2C2P"
          + " configuration never decides it silently; a 3-D Secure card then requires action")
  void asksForThreeDSecure() throws Exception {
    GatewayCharge answer =
        gateway().charge(TestCharges.card(41, "3ds", "https://shop.example/back"));

    assertThat(answer.status()).isEqualTo(ChargeStatus.REQUIRES_ACTION);
    assertThat(answer.authorizeUri()).contains("/2c2p-3ds/");
    RecordingClient.Exchange token = client.exchanges().get(0);
    assertThat(token.path()).endsWith("paymentToken");
    JsonNode claims = claims(token);
    assertThat(claims.path("request3DS").asText()).isEqualTo("Y");
    assertThat(claims.path("frontendReturnUrl").asText()).isEqualTo("https://shop.example/back");
  }

  @Test
  @DisplayName(
      "an inquiry answering 4130 (chargeback) reads the payment as taken and taken back by the"
          + " customer's bank, all of it: never a refund, never a payment that stands")
  void chargebackReadBack() throws Exception {
    TwoC2pGateway twoC2p = gateway();
    GatewayCharge paid = twoC2p.charge(TestCharges.card(43, "4111-card-token", null));
    assertThat(paid.status()).isEqualTo(ChargeStatus.SUCCEEDED);

    sandbox.settle("2c2p", String.valueOf(paid.instructions().get("tranRef")), "dispute");
    GatewayCharge read = twoC2p.retrieve("ORDER-43");

    assertThat(read.status()).isEqualTo(ChargeStatus.SUCCEEDED);
    assertThat(read.amount()).isEqualTo(5672);
    assertThat(read.withdrawn()).isEqualTo(5672);
    assertThat(read.refunded()).as("not a refund").isZero();
    assertThat(read.returnedInFull()).isTrue();
  }

  @Test
  @DisplayName(
      "an inquiry answered, signed, about another invoice than the one asked is no answer: in"
          + " doubt, never that invoice's payment nor its absence")
  void inquiryAboutAnotherInvoice() throws Exception {
    TwoC2pGateway twoC2p = gateway();
    twoC2p.charge(TestCharges.card(44, "4111-card-token", null));
    TwoC2pApi real = twoC2p.pgw;
    twoC2p.pgw =
        new TwoC2pApi() {
          @Override
          public Response paymentToken(String signedRequest) {
            return real.paymentToken(signedRequest);
          }

          @Override
          public Response payment(String request) {
            return real.payment(request);
          }

          @Override
          public Response paymentInquiry(String signedRequest) {
            Map<String, Object> other = new LinkedHashMap<>();
            other.put("merchantID", SandboxConfig.MERCHANT_2C2P);
            other.put("invoiceNo", "ORDER-44");
            other.put("locale", "en");
            String token =
                JWT.create()
                    .withPayload(other)
                    .sign(Algorithm.HMAC256(GatewaySandbox.DEFAULT_2C2P_SECRET));
            return real.paymentInquiry("{\"payload\":\"" + token + "\"}");
          }
        };

    assertThatThrownBy(() -> twoC2p.retrieve("ORDER-45"))
        .isInstanceOf(GatewayUnavailable.class)
        .hasMessageContaining("another invoice");
    assertThatThrownBy(() -> twoC2p.lookup("ORDER-45", 45)).isInstanceOf(GatewayUnavailable.class);
  }

  /** The adapter as {@code connect()} sets it up, its client recording what passes. */
  private TwoC2pGateway gateway() {
    TwoC2pGateway twoC2p = new TwoC2pGateway();
    twoC2p.pgw = client.proxy(TwoC2pApi.class);
    twoC2p.hs256 = Algorithm.HMAC256(GatewaySandbox.DEFAULT_2C2P_SECRET);
    twoC2p.merchantId = SandboxConfig.MERCHANT_2C2P;
    return twoC2p;
  }

  /** The Payment Token request's JWT claims. */
  private static JsonNode claims(RecordingClient.Exchange exchange) throws Exception {
    String payload = JSON.readTree((String) exchange.body()).path("payload").asText();
    return JSON.readTree(
        new String(
            java.util.Base64.getUrlDecoder().decode(JWT.decode(payload).getPayload()),
            java.nio.charset.StandardCharsets.UTF_8));
  }
}
