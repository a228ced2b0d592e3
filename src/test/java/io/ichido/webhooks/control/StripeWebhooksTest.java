package io.ichido.webhooks.control;

import static io.ichido.webhooks.control.Deliveries.rejected;
import static io.ichido.webhooks.control.Deliveries.unixNow;
import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.sandbox.WebhookEvents;
import io.ichido.sandbox.WebhookSecrets;
import io.ichido.sandbox.WebhookSigner;
import io.ichido.webhooks.entity.ReceivedEvent;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StripeWebhooksTest {

  private static final String EVENT =
      WebhookEvents.stripePaymentIntent(
          "evt_test_1",
          "payment_intent.succeeded",
          "pi_1",
          "42",
          5672,
          5672,
          "jpy",
          "succeeded",
          1);

  private final StripeWebhooks stripe = stripe(List.of(WebhookSecrets.STRIPE));

  private static StripeWebhooks stripe(List<String> secrets) {
    StripeWebhooks stripe = new StripeWebhooks();
    stripe.settings = Deliveries.settings(secrets, Map.of());
    return stripe;
  }

  private static ReceivedEvent read(StripeWebhooks dialect, String header, String body) {
    return dialect.read(
        Deliveries.headers(header == null ? Map.of() : Map.of("Stripe-Signature", header)),
        body.getBytes(StandardCharsets.UTF_8));
  }

  private static String signed(String body, String secret, long at) {
    return WebhookSigner.stripeSignatureHeader(body, secret, at);
  }

  @Test
  @DisplayName("a signed event is read: its id, type and what it means for the PaymentIntent")
  void valid() {
    ReceivedEvent event = read(stripe, signed(EVENT, WebhookSecrets.STRIPE, unixNow()), EVENT);

    assertThat(event.eventId()).isEqualTo("evt_test_1");
    assertThat(event.type()).isEqualTo("payment_intent.succeeded");
    GatewayNotice notice = event.notice().orElseThrow();
    assertThat(notice.chargeId()).isEqualTo("pi_1");
    assertThat(notice.outcome()).isEqualTo(Outcome.SUCCEEDED);
    assertThat(notice.amount()).isEqualTo(5672);
    assertThat(notice.currency()).isEqualTo("JPY");
  }

  @Test
  void tamperedBody() {
    String header = signed(EVENT, WebhookSecrets.STRIPE, unixNow());
    rejected(() -> read(stripe, header, EVENT.replace("5672", "5673")), "does not verify");
  }

  @Test
  void wrongSecret() {
    String header = signed(EVENT, "whsec_not_the_secret", unixNow());
    rejected(() -> read(stripe, header, EVENT), "does not verify");
  }

  @Test
  @DisplayName("while a secret rotates, a delivery signed with either configured secret verifies")
  void rotatedSecret() {
    StripeWebhooks rotating = stripe(List.of(Deliveries.OLD_SECRET, WebhookSecrets.STRIPE));

    assertThat(read(rotating, signed(EVENT, WebhookSecrets.STRIPE, unixNow()), EVENT).eventId())
        .isEqualTo("evt_test_1");
    assertThat(read(rotating, signed(EVENT, Deliveries.OLD_SECRET, unixNow()), EVENT).eventId())
        .isEqualTo("evt_test_1");
  }

  @Test
  @DisplayName("a timestamp older than the tolerance is refused, and said to be stale, not forged")
  void staleTimestamp() {
    String header = signed(EVENT, WebhookSecrets.STRIPE, unixNow() - 310);
    rejected(() -> read(stripe, header, EVENT), "older than the tolerance");
  }

  @Test
  @DisplayName("a timestamp ahead of our clock is accepted, as stripe-java does it")
  void futureTimestamp() {
    String header = signed(EVENT, WebhookSecrets.STRIPE, unixNow() + 310);
    assertThat(read(stripe, header, EVENT).eventId()).isEqualTo("evt_test_1");
  }

  @Test
  @DisplayName("a correctly signed body that is not JSON is still refused")
  void malformedJsonAfterValidSignature() {
    String body = "{\"id\":\"evt_1\",";
    rejected(() -> read(stripe, signed(body, WebhookSecrets.STRIPE, unixNow()), body), "not JSON");
  }

  @Test
  @DisplayName("no header, or one stripe-java cannot parse: 400, never a server error")
  void malformedHeaders() {
    rejected(() -> read(stripe, null, EVENT), "has no Stripe-Signature");
    rejected(() -> read(stripe, "t", EVENT), "malformed");
    rejected(() -> read(stripe, "t=yesterday,v1=00", EVENT), "malformed");
    rejected(() -> read(stripe, "v1=00", EVENT), "does not verify");
  }

  @Test
  @DisplayName("a body that is not UTF-8 is refused before the signature is computed over it")
  void notUtf8() {
    byte[] body = {'{', (byte) 0xC3, '}'};
    String header = signed("{\uFFFD}", WebhookSecrets.STRIPE, unixNow());
    rejected(
        () -> stripe.read(Deliveries.headers(Map.of("Stripe-Signature", header)), body),
        "not UTF-8");
  }

  @Test
  @DisplayName("with no secret configured nothing verifies")
  void noSecret() {
    String header = signed(EVENT, WebhookSecrets.STRIPE, unixNow());
    rejected(() -> read(stripe(List.of()), header, EVENT), "does not verify");
  }
}
