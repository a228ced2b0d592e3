package io.ichido.webhooks.control;

import static io.ichido.webhooks.control.Deliveries.rejected;
import static io.ichido.webhooks.control.Deliveries.unixNow;
import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.Gateways;
import io.ichido.payments.control.PaymentGateway;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.sandbox.WebhookEvents;
import io.ichido.sandbox.WebhookSecrets;
import io.ichido.sandbox.WebhookSigner;
import io.ichido.webhooks.entity.ReceivedEvent;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
            return new GatewayCharge(
                ChargeStatus.SUCCEEDED, chargeId, 5672, "JPY", null, null, null, null);
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
    omise.settings = Deliveries.settings(secrets, Map.of());
    omise.clock = Deliveries.clock(omise.settings);
    omise.gateways = omiseApi();
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
}
