package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.PermissionException;
import com.stripe.param.PaymentIntentRetrieveParams;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Faults {@code http401} and {@code http403} and keys the sandbox refuses: each gateway's own
 * authentication and permission errors, before anything is done.
 */
class SandboxAuthErrorsTest extends SandboxTestSupport {

  @ParameterizedTest
  @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
  @DisplayName("http401 and http403 answer in the gateway's format and charge nothing")
  void authFaultsChargeNothing(String gateway) throws Exception {
    fault(gateway, matchFor(gateway, "u-1", "701"), "http401", "");
    HttpResponse<String> unauthorized = send(firstRequest(gateway, "u-1", "701"));
    fault(gateway, matchFor(gateway, "u-2", "702"), "http403", "");
    HttpResponse<String> forbidden = send(firstRequest(gateway, "u-2", "702"));

    JsonNode u = json(unauthorized);
    JsonNode f = json(forbidden);
    switch (gateway) {
      case "stripe" -> {
        assertThat(unauthorized.statusCode()).isEqualTo(401);
        assertThat(u.at("/error/type").asText()).isEqualTo("invalid_request_error");
        assertThat(u.at("/error/message").asText())
            .startsWith("Invalid API Key provided: sk_test_");
        assertThat(forbidden.statusCode()).isEqualTo(403);
        assertThat(f.at("/error/message").asText())
            .contains("does not have the required permissions");
      }
      case "omise" -> {
        assertThat(unauthorized.statusCode()).isEqualTo(401);
        assertThat(u.get("object").asText()).isEqualTo("error");
        assertThat(u.get("code").asText()).isEqualTo("authentication_failure");
        assertThat(forbidden.statusCode()).isEqualTo(403);
        assertThat(f.get("code").asText()).isEqualTo("not_authorized");
        assertThat(f.get("location").asText()).endsWith("#not-authorized");
      }
      case "komoju" -> {
        assertThat(unauthorized.statusCode()).isEqualTo(401);
        assertThat(u.at("/error/code").asText()).isEqualTo("unauthorized");
        assertThat(forbidden.statusCode()).isEqualTo(403);
        assertThat(f.at("/error/code").asText()).isEqualTo("forbidden");
      }
      default -> {
        assertThat(unauthorized.statusCode()).isEqualTo(200);
        assertThat(u.get("respCode").asText()).isEqualTo("9042");
        assertThat(forbidden.statusCode()).isEqualTo(200);
        assertThat(f.get("respCode").asText()).isEqualTo("9059");
      }
    }
    assertThat(ledger(gateway, null)).isEmpty();
  }

  @Test
  @DisplayName(
      "stripe-java reads the 401 as AuthenticationException, the 403 as PermissionException")
  void stripeJavaSeesAuthenticationAndPermission() throws Exception {
    String id = json(send(stripe("u-3", stripeCard("703", "pm_card_visa")))).get("id").asText();
    fault("stripe", "*", "http403", "");

    assertThatThrownBy(() -> stripeJava().v1().paymentIntents().retrieve(id))
        .isExactlyInstanceOf(PermissionException.class)
        .extracting(e -> ((PermissionException) e).getStatusCode())
        .isEqualTo(403);
    assertThatThrownBy(
            () ->
                stripeJava("sk_live_0123456789abcdef")
                    .v1()
                    .paymentIntents()
                    .retrieve(id, PaymentIntentRetrieveParams.builder().build()))
        .isExactlyInstanceOf(AuthenticationException.class)
        .hasMessageContaining("Invalid API Key provided: sk_live_************cdef");
    assertThat(stripeJava().v1().paymentIntents().retrieve(id).getStatus()).isEqualTo("succeeded");
  }

  @Test
  @DisplayName("Live keys are refused with each gateway's 401, before anything is done")
  void liveKeysAreRefused() throws Exception {
    HttpResponse<String> stripe =
        send(
            HttpRequest.newBuilder(stripe("u-4", stripeCard("704", "pm_card_visa")), (n, v) -> true)
                .setHeader("Authorization", "Bearer sk_live_0123456789abcdef")
                .build());
    HttpResponse<String> omise =
        send(
            HttpRequest.newBuilder(omise("u-5", omiseCard("704", "tokn_test_visa")), (n, v) -> true)
                .setHeader("Authorization", basic("skey_live_0123456789"))
                .build());
    HttpResponse<String> komoju =
        send(
            HttpRequest.newBuilder(komoju("u-6", komojuBody("704", "\"tok_visa\"")), (n, v) -> true)
                .setHeader("Authorization", basic("sk_live_0123456789"))
                .build());

    assertThat(stripe.statusCode()).isEqualTo(401);
    assertThat(json(stripe).at("/error/message").asText())
        .isEqualTo("Invalid API Key provided: sk_live_************cdef");
    assertThat(omise.statusCode()).isEqualTo(401);
    assertThat(json(omise).get("code").asText()).isEqualTo("authentication_failure");
    assertThat(komoju.statusCode()).isEqualTo(401);
    assertThat(json(komoju).at("/error/code").asText()).isEqualTo("unauthorized");
    assertThat(ledger(null, "704")).isEmpty();
  }

  /** The first request of a card charge: 2C2P's is the Payment Token request. */
  private HttpRequest firstRequest(String gateway, String key, String order) throws Exception {
    return gateway.equals("2c2p")
        ? twoC2p("/paymentToken", tokenClaims("ORDER-" + order), MERCHANT_SECRET)
        : cardCharge(gateway, key, order);
  }
}
