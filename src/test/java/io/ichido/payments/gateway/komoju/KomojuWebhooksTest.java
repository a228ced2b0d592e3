package io.ichido.payments.gateway.komoju;

import static io.ichido.webhooks.control.Deliveries.rejected;
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
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class KomojuWebhooksTest {

  private static final String EVENT =
      WebhookEvents.komoju(
          "abcdefghijklmnopqrstuvwxy",
          "payment.captured",
          "pay_1",
          "ORDER-42",
          5672,
          "JPY",
          "captured",
          "konbini");

  private final KomojuWebhooks komoju = komoju(List.of(WebhookSecrets.KOMOJU));

  private static KomojuWebhooks komoju(List<String> secrets) {
    KomojuWebhooks komoju = new KomojuWebhooks();
    komoju.frame = Deliveries.frame(secrets, Map.of());
    return komoju;
  }

  private static ReceivedEvent read(KomojuWebhooks dialect, String signature, String body) {
    return dialect.read(
        Deliveries.headers(Map.of("X-Komoju-Signature", signature)),
        body.getBytes(StandardCharsets.UTF_8));
  }

  private static ReceivedEvent read(KomojuWebhooks dialect, String body) {
    return read(dialect, WebhookSigner.komojuSignature(body, WebhookSecrets.KOMOJU), body);
  }

  private static String createdAgo(Duration age) {
    return Deliveries.edited(EVENT, e -> e.put("created_at", Instant.now().minus(age).toString()));
  }

  @Test
  @DisplayName("a signed event is read: the payment it names and what happened to it")
  void valid() {
    ReceivedEvent event = read(komoju, EVENT);

    assertThat(event.eventId()).isEqualTo("abcdefghijklmnopqrstuvwxy");
    GatewayNotice notice = event.notice().orElseThrow();
    assertThat(notice.chargeId()).isEqualTo("pay_1");
    assertThat(notice.reference()).isEqualTo("ORDER-42");
    assertThat(notice.outcome()).isEqualTo(Outcome.SUCCEEDED);
    assertThat(notice.amount()).isEqualTo(5672);
  }

  @Test
  void tamperedBody() {
    String signature = WebhookSigner.komojuSignature(EVENT, WebhookSecrets.KOMOJU);
    rejected(() -> read(komoju, signature, EVENT.replace("5672", "5673")), "does not verify");
  }

  @Test
  void wrongSecret() {
    String signature = WebhookSigner.komojuSignature(EVENT, Deliveries.OLD_SECRET);
    rejected(() -> read(komoju, signature, EVENT), "does not verify");
  }

  @Test
  @DisplayName("while a token rotates, a delivery signed with either configured one verifies")
  void rotatedSecret() {
    KomojuWebhooks rotating = komoju(List.of(Deliveries.OLD_SECRET, WebhookSecrets.KOMOJU));
    assertThat(read(rotating, EVENT).eventId()).isEqualTo("abcdefghijklmnopqrstuvwxy");
    String oldSignature = WebhookSigner.komojuSignature(EVENT, Deliveries.OLD_SECRET);
    assertThat(read(rotating, oldSignature, EVENT).eventId())
        .isEqualTo("abcdefghijklmnopqrstuvwxy");
  }

  @Test
  @DisplayName("KOMOJU signs no time: an event created before its id could be forgotten is refused")
  void tooOldEvent() {
    rejected(() -> read(komoju, createdAgo(Duration.ofDays(31))), "over 719 h ago");
    assertThat(read(komoju, createdAgo(Duration.ofDays(3))).eventId())
        .isEqualTo("abcdefghijklmnopqrstuvwxy");
  }

  @Test
  @DisplayName("created_at with KOMOJU's +09:00 offset is read as the instant it names")
  void offsetTime() {
    String old = OffsetDateTime.now(ZoneOffset.ofHours(9)).minusDays(31).withNano(0).toString();
    rejected(() -> read(komoju, Deliveries.edited(EVENT, e -> e.put("created_at", old))), "ago");
  }

  @Test
  @DisplayName("an event without created_at has only its id; one whose created_at is no time fails")
  void withoutTime() {
    assertThat(read(komoju, Deliveries.edited(EVENT, e -> e.remove("created_at"))).eventId())
        .isEqualTo("abcdefghijklmnopqrstuvwxy");
    rejected(
        () -> read(komoju, Deliveries.edited(EVENT, e -> e.put("created_at", "yesterday"))),
        "no time");
  }

  @Test
  @DisplayName("a correctly signed body that is not JSON is still refused")
  void malformedJsonAfterValidSignature() {
    rejected(() -> read(komoju, "{\"id\":"), "not JSON");
  }

  @Test
  void missingSignature() {
    rejected(
        () -> komoju.read(Deliveries.headers(Map.of()), EVENT.getBytes(StandardCharsets.UTF_8)),
        "has no X-Komoju-Signature");
    rejected(() -> read(komoju, "not hex", EVENT), "does not verify");
  }

  @Test
  void namesItsGateway() {
    assertThat(komoju.gateway()).isEqualTo("komoju");
  }

  private static String payment(Consumer<ObjectNode> change) {
    return Deliveries.edited(EVENT, e -> change.accept((ObjectNode) e.path("data")));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "payment.authorized, AUTHORIZED,",
    "payment.captured, SUCCEEDED,",
    "payment.expired, EXPIRED, expired",
    "payment.cancelled, FAILED, cancelled",
    "payment.failed, FAILED, failed",
  })
  @DisplayName("each payment event type is its outcome; a failure's reason is what became of it")
  void outcomes(String type, Outcome outcome, String reason) {
    GatewayNotice notice =
        read(komoju, Deliveries.edited(EVENT, e -> e.put("type", type))).notice().orElseThrow();

    assertThat(notice.gateway()).isEqualTo("komoju");
    assertThat(notice.chargeId()).isEqualTo("pay_1");
    assertThat(notice.reference()).isEqualTo("ORDER-42");
    assertThat(notice.outcome()).isEqualTo(outcome);
    assertThat(notice.amount()).isEqualTo(5672);
    assertThat(notice.currency()).isEqualTo("JPY");
    assertThat(notice.reason()).isEqualTo(reason);
  }

  @ParameterizedTest
  @ValueSource(strings = {"payment.refund.created", "payment.refunded"})
  @DisplayName("a refund carries the refunded total, else the payment's amount")
  void refunds(String type) {
    String partly =
        Deliveries.edited(payment(p -> p.put("amount_refunded", 1000)), e -> e.put("type", type));
    String unsaid =
        Deliveries.edited(payment(p -> p.remove("amount_refunded")), e -> e.put("type", type));

    GatewayNotice notice = read(komoju, partly).notice().orElseThrow();
    assertThat(notice.outcome()).isEqualTo(Outcome.REFUNDED);
    assertThat(notice.amount()).isEqualTo(1000);
    assertThat(notice.reason()).isNull();
    assertThat(read(komoju, unsaid).notice().orElseThrow().amount()).isEqualTo(5672);
  }

  @Test
  @DisplayName("an event type Ichido does not act on is read with no notice")
  void unknownType() {
    ReceivedEvent event =
        read(komoju, Deliveries.edited(EVENT, e -> e.put("type", "payment.updated")));

    assertThat(event.gateway()).isEqualTo("komoju");
    assertThat(event.eventId()).isEqualTo("abcdefghijklmnopqrstuvwxy");
    assertThat(event.type()).isEqualTo("payment.updated");
    assertThat(event.notice()).isEmpty();
  }

  @Test
  @DisplayName("the payment is named by its id, our reference, or both; by neither it is refused")
  void paymentNamed() {
    GatewayNotice byReference = read(komoju, payment(p -> p.remove("id"))).notice().orElseThrow();
    assertThat(byReference.chargeId()).isNull();
    assertThat(byReference.reference()).isEqualTo("ORDER-42");

    GatewayNotice byId =
        read(komoju, payment(p -> p.putNull("external_order_num"))).notice().orElseThrow();
    assertThat(byId.chargeId()).isEqualTo("pay_1");
    assertThat(byId.reference()).isNull();

    rejected(
        () -> read(komoju, payment(p -> p.putNull("external_order_num").remove("id"))),
        "names no payment");
  }
}
