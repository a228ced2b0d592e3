package io.ichido.payments.gateway.omise;

import static io.ichido.webhooks.control.Deliveries.rejected;
import static io.ichido.webhooks.control.Deliveries.unixNow;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.Gateways;
import io.ichido.payments.control.PaymentGateway;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.payments.gateway.ReceivedEvent;
import io.ichido.sandbox.WebhookEvents;
import io.ichido.sandbox.WebhookSecrets;
import io.ichido.sandbox.WebhookSigner;
import io.ichido.webhooks.control.Deliveries;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OmiseWebhooksTest {

  private static final String EVENT =
      WebhookEvents.omise("evnt_test_1", "charge.complete", "chrg_1", "42", 5672, "JPY", "pending");
  private static final String OLD_SECRET =
      Base64.getEncoder().encodeToString(Deliveries.OLD_SECRET.getBytes(StandardCharsets.UTF_8));

  private final OmiseWebhooks omise = omise(List.of(WebhookSecrets.OMISE));

  /** Omise's API as the webhook reads it back: the charge succeeded. */
  private static Gateways omiseApi() {
    return omiseApi(
        chargeId ->
            new GatewayCharge(
                ChargeStatus.SUCCEEDED, chargeId, 5672, "JPY", null, null, null, null));
  }

  /** Omise's API as the webhook reads it back: the charge as {@code answer} has it. */
  private static Gateways omiseApi(Function<String, GatewayCharge> answer) {
    PaymentGateway api =
        new PaymentGateway() {
          @Override
          public String name() {
            return "omise";
          }

          @Override
          public Set<PaymentMethod> methods() {
            return Set.of();
          }

          @Override
          public GatewayCharge charge(ChargeCommand command) {
            throw new UnsupportedOperationException();
          }

          @Override
          public GatewayCharge retrieve(String chargeId) {
            return answer.apply(chargeId);
          }
        };
    return new Gateways() {
      @Override
      public Optional<PaymentGateway> named(String name) {
        return Optional.of(api).filter(g -> g.name().equals(name));
      }
    };
  }

  private static OmiseWebhooks omise(List<String> secrets) {
    OmiseWebhooks omise = new OmiseWebhooks();
    omise.frame = Deliveries.frame(secrets, Map.of());
    omise.gateways = omiseApi();
    return omise;
  }

  /** The dialect with Omise's API answering this charge for chrg_1. */
  private static OmiseWebhooks omise(GatewayCharge charge) {
    OmiseWebhooks omise = omise(List.of(WebhookSecrets.OMISE));
    omise.gateways =
        omiseApi(
            chargeId -> {
              assertThat(chargeId).isEqualTo("chrg_1");
              return charge;
            });
    return omise;
  }

  private static ReceivedEvent read(OmiseWebhooks dialect, String body, String secret, long at) {
    return read(dialect, WebhookSigner.omiseSignature(body, secret, at), at, body);
  }

  private static ReceivedEvent read(OmiseWebhooks dialect, String signature, long at, String body) {
    return dialect.read(
        Deliveries.headers(
            Map.of("Omise-Signature", signature, "Omise-Signature-Timestamp", Long.toString(at))),
        body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  @DisplayName("a signed event is read, and the charge's state is the API's, not the event's")
  void valid() {
    ReceivedEvent event = read(omise, EVENT, WebhookSecrets.OMISE, unixNow());

    assertThat(event.eventId()).isEqualTo("evnt_test_1");
    GatewayNotice notice = event.notice().orElseThrow();
    assertThat(notice.chargeId()).isEqualTo("chrg_1");
    assertThat(notice.outcome()).isEqualTo(Outcome.SUCCEEDED);
    assertThat(notice.orderId()).isEqualTo(42L);
  }

  @Test
  void tamperedBody() {
    long now = unixNow();
    String signature = WebhookSigner.omiseSignature(EVENT, WebhookSecrets.OMISE, now);
    rejected(
        () -> read(omise, signature, now, EVENT.replace("chrg_1", "chrg_2")), "does not verify");
  }

  @Test
  void wrongSecret() {
    rejected(() -> read(omise, EVENT, OLD_SECRET, unixNow()), "does not verify");
  }

  @Test
  @DisplayName("while a secret rotates, a delivery signed with either configured one verifies")
  void rotatedSecret() {
    OmiseWebhooks rotating = omise(List.of(OLD_SECRET, WebhookSecrets.OMISE));
    assertThat(read(rotating, EVENT, WebhookSecrets.OMISE, unixNow()).eventId())
        .isEqualTo("evnt_test_1");
    assertThat(read(rotating, EVENT, OLD_SECRET, unixNow()).eventId()).isEqualTo("evnt_test_1");
  }

  @Test
  @DisplayName("Omise sends both signatures in one header while it rolls its secret")
  void twoSignaturesInOneHeader() {
    long now = unixNow();
    String both =
        WebhookSigner.omiseSignature(EVENT, OLD_SECRET, now)
            + ","
            + WebhookSigner.omiseSignature(EVENT, WebhookSecrets.OMISE, now);
    assertThat(read(omise, both, now, EVENT).eventId()).isEqualTo("evnt_test_1");
  }

  @Test
  @DisplayName("a timestamp more than the tolerance away, either way, is refused")
  void staleTimestamp() {
    rejected(() -> read(omise, EVENT, WebhookSecrets.OMISE, unixNow() - 310), "tolerance");
    rejected(() -> read(omise, EVENT, WebhookSecrets.OMISE, unixNow() + 310), "tolerance");
  }

  @Test
  @DisplayName("a correctly signed body that is not JSON is still refused")
  void malformedJsonAfterValidSignature() {
    rejected(() -> read(omise, "[1,", WebhookSecrets.OMISE, unixNow()), "not JSON");
  }

  @Test
  void missingHeaders() {
    rejected(
        () ->
            omise.read(
                Deliveries.headers(Map.of("Omise-Signature", "00")),
                EVENT.getBytes(StandardCharsets.UTF_8)),
        "lacks");
    rejected(() -> read(omise, "00", -1, EVENT), "tolerance");
  }

  @Test
  void namesItsGateway() {
    assertThat(omise.gateway()).isEqualTo("omise");
  }

  private static GatewayCharge charge(
      ChargeStatus status, String failureCode, long amount, long refunded) {
    return new GatewayCharge(
        status, "chrg_1", amount, "JPY", null, null, failureCode, null, refunded);
  }

  private static ReceivedEvent read(OmiseWebhooks dialect, String body) {
    return read(dialect, body, WebhookSecrets.OMISE, unixNow());
  }

  private static String event(String status) {
    return WebhookEvents.omise(
        "evnt_test_2", "charge.complete", "chrg_1", "42", 5672, "JPY", status);
  }

  @Test
  @DisplayName("a charge the API says succeeded, nothing refunded: paid, the whole amount")
  void succeeded() {
    GatewayNotice notice =
        read(omise(charge(ChargeStatus.SUCCEEDED, null, 5672, 0)), EVENT).notice().orElseThrow();

    assertThat(notice.gateway()).isEqualTo("omise");
    assertThat(notice.outcome()).isEqualTo(Outcome.SUCCEEDED);
    assertThat(notice.amount()).isEqualTo(5672);
    assertThat(notice.currency()).isEqualTo("JPY");
    assertThat(notice.reason()).isNull();
  }

  @Test
  @DisplayName("a succeeded charge with something refunded is a refund of that total")
  void refunded() {
    GatewayNotice notice =
        read(omise(charge(ChargeStatus.SUCCEEDED, null, 5672, 1000)), event("successful"))
            .notice()
            .orElseThrow();

    assertThat(notice.chargeId()).isEqualTo("chrg_1");
    assertThat(notice.orderId()).isEqualTo(42L);
    assertThat(notice.outcome()).isEqualTo(Outcome.REFUNDED);
    assertThat(notice.amount()).isEqualTo(1000);
  }

  @Test
  @DisplayName("a declined charge is a failure, its reason the API's failure code")
  void declined() {
    GatewayNotice notice =
        read(omise(charge(ChargeStatus.DECLINED, "insufficient_fund", 5672, 0)), event("failed"))
            .notice()
            .orElseThrow();

    assertThat(notice.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(notice.amount()).isEqualTo(5672);
    assertThat(notice.reason()).isEqualTo("insufficient_fund");
  }

  @Test
  @DisplayName("a declined charge whose failure code says it expired is an expiry")
  void expiredByFailureCode() {
    GatewayNotice notice =
        read(omise(charge(ChargeStatus.DECLINED, "payment_expired", 5672, 0)), event("failed"))
            .notice()
            .orElseThrow();

    assertThat(notice.outcome()).isEqualTo(Outcome.EXPIRED);
    assertThat(notice.reason()).isEqualTo("payment_expired");
  }

  @Test
  @DisplayName("a declined charge the event calls expired is an expiry, with or without a code")
  void expiredByEventStatus() {
    String expired =
        WebhookEvents.omise("evnt_test_3", "charge.expire", "chrg_1", "42", 5672, "JPY", "expired");

    assertThat(
            read(omise(charge(ChargeStatus.DECLINED, null, 5672, 0)), expired)
                .notice()
                .orElseThrow()
                .outcome())
        .isEqualTo(Outcome.EXPIRED);
    assertThat(
            read(omise(charge(ChargeStatus.DECLINED, "failed_processing", 5672, 0)), expired)
                .notice()
                .orElseThrow()
                .outcome())
        .isEqualTo(Outcome.EXPIRED);
  }

  @Test
  @DisplayName("a charge the API still has pending tells nothing yet")
  void stillPending() {
    ReceivedEvent event = read(omise(charge(ChargeStatus.AWAITING_PAYMENT, null, 5672, 0)), EVENT);

    assertThat(event.eventId()).isEqualTo("evnt_test_1");
    assertThat(event.type()).isEqualTo("charge.complete");
    assertThat(event.notice()).isEmpty();
  }

  @Test
  @DisplayName("an event that is not about a charge is read with no notice, the API not asked")
  void notAboutACharge() {
    OmiseWebhooks noApi = omise(List.of(WebhookSecrets.OMISE));
    noApi.gateways =
        omiseApi(
            chargeId -> {
              throw new AssertionError("asked the API about " + chargeId);
            });
    String customer =
        Deliveries.edited(
            EVENT,
            e -> {
              e.put("key", "customer.create");
              ((ObjectNode) e.path("data")).put("object", "customer").put("id", "cust_1");
            });
    String refundOfCharge =
        Deliveries.edited(
            EVENT, e -> ((ObjectNode) e.path("data")).put("object", "refund").put("id", "rfnd_1"));
    String chargeUnderOtherKey = Deliveries.edited(EVENT, e -> e.put("key", "refund.create"));

    ReceivedEvent event = read(noApi, customer);
    assertThat(event.eventId()).isEqualTo("evnt_test_1");
    assertThat(event.type()).isEqualTo("customer.create");
    assertThat(event.notice()).isEmpty();
    assertThat(read(noApi, refundOfCharge).notice()).isEmpty();
    assertThat(read(noApi, chargeUnderOtherKey).notice()).isEmpty();
  }
}
