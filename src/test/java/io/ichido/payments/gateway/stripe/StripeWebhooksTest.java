package io.ichido.payments.gateway.stripe;

import static io.ichido.webhooks.control.Deliveries.rejected;
import static io.ichido.webhooks.control.Deliveries.unixNow;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.payments.gateway.ReceivedEvent;
import io.ichido.sandbox.WebhookEvents;
import io.ichido.sandbox.WebhookSecrets;
import io.ichido.sandbox.WebhookSigner;
import io.ichido.webhooks.control.Deliveries;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
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
    stripe.frame = Deliveries.frame(secrets, Map.of());
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

  @Test
  void namesItsGateway() {
    assertThat(stripe.gateway()).isEqualTo("stripe");
  }

  /** A payment_failed event for pi_1 (order 42) whose intent has had this change made. */
  private static String failed(Consumer<ObjectNode> change) {
    String event =
        WebhookEvents.stripePaymentIntent(
            "evt_failed",
            "payment_intent.payment_failed",
            "pi_1",
            "42",
            5672,
            0,
            "jpy",
            "requires_payment_method",
            1);
    return Deliveries.edited(event, e -> change.accept((ObjectNode) e.path("data").path("object")));
  }

  private static ObjectNode error(ObjectNode intent, String code) {
    ObjectNode error = intent.putObject("last_payment_error").put("type", "card_error");
    return code == null ? error : error.put("code", code);
  }

  private GatewayNotice notice(String body) {
    return read(stripe, signed(body, WebhookSecrets.STRIPE, unixNow()), body)
        .notice()
        .orElseThrow();
  }

  @Test
  @DisplayName("an event type Ichido does not act on is read with no notice")
  void unknownType() {
    String body = Deliveries.edited(EVENT, e -> e.put("type", "customer.created"));
    ReceivedEvent event = read(stripe, signed(body, WebhookSecrets.STRIPE, unixNow()), body);

    assertThat(event.gateway()).isEqualTo("stripe");
    assertThat(event.eventId()).isEqualTo("evt_test_1");
    assertThat(event.type()).isEqualTo("customer.created");
    assertThat(event.notice()).isEmpty();
  }

  @Test
  @DisplayName("a card payment that failed is a failure, its reason the error's code")
  void cardDeclined() {
    GatewayNotice notice =
        notice(
            failed(
                intent -> {
                  intent.putArray("payment_method_types").add("card");
                  error(intent, "card_declined").putObject("payment_method").put("type", "card");
                }));

    assertThat(notice.gateway()).isEqualTo("stripe");
    assertThat(notice.chargeId()).isEqualTo("pi_1");
    assertThat(notice.orderId()).isEqualTo(42L);
    assertThat(notice.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(notice.amount()).isEqualTo(5672);
    assertThat(notice.currency()).isEqualTo("JPY");
    assertThat(notice.reason()).isEqualTo("card_declined");
  }

  @Test
  @DisplayName("a failure whose code says it expired is an expiry, konbini or not")
  void expiredCode() {
    GatewayNotice notice = notice(failed(intent -> {}));

    assertThat(notice.outcome()).isEqualTo(Outcome.EXPIRED);
    assertThat(notice.reason()).isEqualTo("payment_intent_payment_attempt_expired");
  }

  @Test
  @DisplayName("a konbini intent that failed expired, whatever its code: found among its types")
  void konbiniByMethodTypes() {
    GatewayNotice notice =
        notice(
            failed(
                intent -> {
                  intent.putArray("payment_method_types").add("card").add("konbini");
                  error(intent, "payment_intent_authentication_failure");
                }));

    assertThat(notice.outcome()).isEqualTo(Outcome.EXPIRED);
    assertThat(notice.reason()).isEqualTo("payment_intent_authentication_failure");
  }

  @Test
  @DisplayName("a konbini intent that failed expired: found by the failed payment method")
  void konbiniByFailedMethod() {
    GatewayNotice notice =
        notice(
            failed(
                intent -> {
                  intent.putArray("payment_method_types").add("card");
                  error(intent, null).putObject("payment_method").put("type", "konbini");
                }));

    assertThat(notice.outcome()).isEqualTo(Outcome.EXPIRED);
    assertThat(notice.reason()).isEqualTo("payment_intent.payment_failed");
  }

  @Test
  @DisplayName("a canceled intent is a failure, its reason the cancellation's")
  void canceled() {
    String body =
        Deliveries.edited(
            failed(
                intent ->
                    intent.putNull("last_payment_error").put("cancellation_reason", "abandoned")),
            e -> e.put("type", "payment_intent.canceled"));
    GatewayNotice notice = notice(body);

    assertThat(notice.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(notice.chargeId()).isEqualTo("pi_1");
    assertThat(notice.reason()).isEqualTo("abandoned");
  }

  @Test
  @DisplayName("a refund names the charge's PaymentIntent and the refunded total")
  void refunded() {
    String body =
        WebhookEvents.stripeChargeRefunded(
            "evt_refund", "ch_1", "pi_1", "42", 5672, 1000, "jpy", 1);
    GatewayNotice notice = notice(body);

    assertThat(notice.chargeId()).isEqualTo("pi_1");
    assertThat(notice.orderId()).isEqualTo(42L);
    assertThat(notice.outcome()).isEqualTo(Outcome.REFUNDED);
    assertThat(notice.amount()).isEqualTo(1000);
    assertThat(notice.reason()).isNull();
  }

  @Test
  @DisplayName("a dispute names the PaymentIntent; its reason says which dispute, how it stands")
  void disputed() {
    String body =
        Deliveries.edited(
            EVENT,
            e -> {
              e.put("type", "charge.dispute.created");
              ((ObjectNode) e.path("data"))
                  .putObject("object")
                  .put("id", "dp_1")
                  .put("object", "dispute")
                  .put("amount", 5672)
                  .put("currency", "jpy")
                  .put("payment_intent", "pi_1")
                  .put("status", "needs_response")
                  .put("reason", "fraudulent");
            });
    GatewayNotice notice = notice(body);

    assertThat(notice.chargeId()).isEqualTo("pi_1");
    assertThat(notice.outcome()).isEqualTo(Outcome.DISPUTED);
    assertThat(notice.amount()).isEqualTo(5672);
    assertThat(notice.reason()).isEqualTo("dp_1 needs_response (fraudulent)");
  }

  @Test
  @DisplayName("a refund that names no PaymentIntent is refused")
  void refundWithoutIntent() {
    String body =
        Deliveries.edited(
            WebhookEvents.stripeChargeRefunded(
                "evt_refund", "ch_1", "pi_1", "42", 5672, 1000, "jpy", 1),
            e -> ((ObjectNode) e.path("data").path("object")).putNull("payment_intent"));
    rejected(
        () -> read(stripe, signed(body, WebhookSecrets.STRIPE, unixNow()), body),
        "names no PaymentIntent");
  }
}
