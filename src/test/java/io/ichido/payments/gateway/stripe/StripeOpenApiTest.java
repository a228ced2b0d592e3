package io.ichido.payments.gateway.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayRefusedCall;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.GatewaySettings;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.control.RefundCommand;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.sandbox.GatewaySandbox;
import io.ichido.sandbox.SandboxConfig;
import io.opentelemetry.api.OpenTelemetry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;

/**
 * What Ichido's Stripe adapter sends and what the sandbox answers and posts, held against Stripe's
 * OpenAPI document ({@link StripeSpec}): every form and query parameter of every request, every
 * field of every answer, every webhook event and its object. The adapter talks to the sandbox
 * through a {@link WireRecorder}; each test ends by checking all that crossed it.
 */
@TestInstance(Lifecycle.PER_CLASS)
class StripeOpenApiTest {

  private static final Logger LOG = Logger.getLogger(StripeOpenApiTest.class.getName());

  /** Long enough for a webhook on a loaded 2-CPU machine; only a failing wait takes it all. */
  private static final Duration PATIENCE = Duration.ofSeconds(30);

  private static final long AMOUNT = 5672;

  private final StripeSpec spec = StripeSpec.load();
  private final HttpClient http = HttpClient.newHttpClient();
  private final AtomicLong orders = new AtomicLong(7000);
  private final Map<String, Integer> operations = new TreeMap<>();
  private WireCheck.Tally checked = WireCheck.Tally.NONE;
  private WireRecorder wire;
  private GatewaySandbox sandbox;
  private StripeGateway stripe;

  @BeforeAll
  void start() throws Exception {
    wire = new WireRecorder();
    sandbox = GatewaySandbox.start(0, GatewaySandbox.DEFAULT_2C2P_SECRET, wire.webhooksUrl());
    wire.forwardTo(sandbox.baseUrl());
    stripe = adapter(wire.stripeBase());
  }

  @AfterAll
  void stop() {
    LOG.info(
        () ->
            String.format(
                "Against Stripe's OpenAPI %s (%s): %d requests (%d parameters) and %d answers"
                    + " (%d fields) by operation %s; %d webhook events (%d fields)",
                spec.version(),
                StripeSpec.RESOURCE,
                checked.requests(),
                checked.parameters(),
                checked.answers(),
                checked.answerFields(),
                operations,
                checked.events(),
                checked.eventFields()));
    sandbox.close();
    wire.close();
  }

  @BeforeEach
  void forgetTheWire() {
    wire.clear();
  }

  /** The adapter as CDI would make it, its settings pointing at {@code base}. */
  private static StripeGateway adapter(String base) {
    StripeGateway gateway = new StripeGateway();
    gateway.settings =
        new GatewaySettings() {
          @Override
          public String baseUrl(String gateway) {
            return base;
          }

          @Override
          public String secretKey(String gateway) {
            return SandboxConfig.STRIPE_SECRET_KEY;
          }

          @Override
          public Duration connectTimeout() {
            return PATIENCE;
          }

          @Override
          public Duration readTimeout() {
            return PATIENCE;
          }
        };
    gateway.telemetry = OpenTelemetry.noop();
    gateway.connect();
    return gateway;
  }

  @Test
  void cardThatSucceeds() throws Exception {
    assertThat(stripe.charge(card("pm_card_visa")).status()).isEqualTo(ChargeStatus.SUCCEEDED);

    conforms(1, 0);
  }

  @Test
  @DisplayName("a declined card: the 402 error with its PaymentIntent; paid late, its webhook")
  void cardThatIsDeclined() throws Exception {
    GatewayCharge declined = stripe.charge(card("pm_card_chargeDeclined"));
    assertThat(declined.status()).isEqualTo(ChargeStatus.DECLINED);
    control(declined.chargeId(), "succeed-late");

    conforms(1, 1);
  }

  @Test
  @DisplayName("3-D Secure: requires_action and its next_action, then paid and read back")
  void cardThatNeedsThreeDSecure() throws Exception {
    GatewayCharge pending = stripe.charge(card("pm_card_threeDSecure2Required"));
    assertThat(pending.status()).isEqualTo(ChargeStatus.REQUIRES_ACTION);
    control(pending.chargeId(), "complete");
    assertThat(stripe.retrieve(pending.chargeId()).status()).isEqualTo(ChargeStatus.SUCCEEDED);

    conforms(2, 1);
  }

  @Test
  void konbiniPaid() throws Exception {
    GatewayCharge voucher = stripe.charge(konbini());
    assertThat(voucher.status()).isEqualTo(ChargeStatus.AWAITING_PAYMENT);
    control(voucher.chargeId(), "complete");
    assertThat(stripe.retrieve(voucher.chargeId()).status()).isEqualTo(ChargeStatus.SUCCEEDED);

    conforms(2, 1);
  }

  @Test
  @DisplayName("a konbini voucher left unpaid: payment_failed, and the intent read back")
  void konbiniLapsed() throws Exception {
    GatewayCharge voucher = stripe.charge(konbini());
    control(voucher.chargeId(), "expire");
    assertThat(stripe.retrieve(voucher.chargeId()).status()).isEqualTo(ChargeStatus.DECLINED);

    conforms(2, 1);
  }

  @Test
  @DisplayName("a search by reference finds the intent")
  void search() throws Exception {
    ChargeCommand command = card("pm_card_visa");
    String id = stripe.charge(command).chargeId();

    assertThat(stripe.lookup(command.reference(), command.orderId()))
        .hasValueSatisfying(found -> assertThat(found.chargeId()).isEqualTo(id));
    conforms(2, 0);
  }

  @Test
  @DisplayName("cancel: a waiting intent is canceled; a succeeded one is refused and read back")
  void cancel() throws Exception {
    GatewayCharge voucher = stripe.charge(konbini());
    assertThat(stripe.cancel(voucher.chargeId()).status()).isEqualTo(ChargeStatus.DECLINED);
    GatewayCharge paid = stripe.charge(card("pm_card_visa"));
    assertThat(stripe.cancel(paid.chargeId()).status()).isEqualTo(ChargeStatus.SUCCEEDED);

    conforms(5, 1);
  }

  @Test
  @DisplayName("refunds in part, then the rest; the read-back expands latest_charge")
  void refunds() throws Exception {
    ChargeCommand command = card("pm_card_visa");
    String id = stripe.charge(command).chargeId();

    assertThat(stripe.refund(refund(command, id, 1000)).refundedTotal()).isEqualTo(1000);
    assertThat(stripe.retrieve(id).refunded()).isEqualTo(1000);
    assertThat(stripe.refund(refund(command, id, AMOUNT - 1000)).refundedTotal())
        .isEqualTo(AMOUNT - 1000);
    assertThat(stripe.retrieve(id).refunded()).isEqualTo(AMOUNT);
    conforms(5, 2);
  }

  @Test
  @DisplayName("refusals: more than is left, nothing left, nothing paid, no such intent")
  void refundsRefused() throws Exception {
    ChargeCommand command = card("pm_card_visa");
    String id = stripe.charge(command).chargeId();
    assertThatThrownBy(() -> stripe.refund(refund(command, id, AMOUNT + 1)))
        .isInstanceOf(GatewayRejected.class);
    stripe.refund(refund(command, id, AMOUNT));
    // Nothing left: another refund's, never this one's success.
    assertThatThrownBy(() -> stripe.refund(refund(command, id, 1)))
        .isInstanceOf(GatewayRejected.class)
        .extracting(refused -> ((GatewayRejected) refused).code())
        .isEqualTo("charge_already_refunded");
    ChargeCommand unpaid = konbini();
    String waiting = stripe.charge(unpaid).chargeId();
    assertThatThrownBy(() -> stripe.refund(refund(unpaid, waiting, 1)))
        .isInstanceOf(GatewayRejected.class);
    assertThatThrownBy(() -> stripe.refund(refund(unpaid, "pi_unknown", 1)))
        .isInstanceOf(GatewayRefusedCall.class);

    conforms(7, 1);
  }

  @Test
  @DisplayName("disputes: opened, won (funds reinstated, closed), and lost")
  void disputes() throws Exception {
    String won = stripe.charge(card("pm_card_visa")).chargeId();
    control(won, "dispute");
    control(won, "dispute-won");
    String lost = stripe.charge(card("pm_card_visa")).chargeId();
    control(lost, "dispute");
    control(lost, "dispute-lost");

    conforms(2, 5);
  }

  @Test
  @DisplayName("the charges of a window for reconciliation: created[gte], created[lt], limit")
  void movements() throws Exception {
    java.time.Instant from = java.time.Instant.now().minusSeconds(1);
    ChargeCommand command = card("pm_card_visa");
    String refunded = stripe.charge(command).chargeId();
    String kept = stripe.charge(card("pm_card_visa")).chargeId();
    stripe.refund(refund(command, refunded, 1000));

    List<io.ichido.payments.control.GatewayMovement> read =
        stripe.movements(from, java.time.Instant.now().plusSeconds(2));
    assertThat(read)
        .filteredOn(m -> m.chargeId().equals(refunded))
        .singleElement()
        .satisfies(m -> assertThat(m.returned()).isEqualTo(1000))
        .satisfies(m -> assertThat(m.taken()).isEqualTo(AMOUNT));
    assertThat(read).filteredOn(m -> m.chargeId().equals(kept)).hasSize(1);
    conforms(4, 1);
  }

  @Test
  @DisplayName("the sandbox's failures: 401, 403, 429, 500 in Stripe's error shape")
  void failures() throws Exception {
    for (String mode : List.of("http401", "http403", "http429", "http500")) {
      ChargeCommand command = card("pm_card_visa");
      fault(command.gatewayKey(), mode);
      assertThatThrownBy(() -> stripe.charge(command)).isInstanceOf(GatewayUnavailable.class);
    }

    conforms(4, 0);
  }

  /**
   * Checks all that crossed the wire in this test, once {@code webhooks} events came: {@code
   * requests} requests and their answers, every event; none may differ from the document.
   */
  private void conforms(int requests, int webhooks) throws Exception {
    List<WireRecorder.Exchange> exchanges = wire.exchanges();
    List<String> events = wire.webhooks(webhooks, PATIENCE);
    WireCheck check = new WireCheck(spec);
    exchanges.forEach(check::exchange);
    events.forEach(check::webhook);
    checked = checked.plus(check.tally());
    check.operations().forEach((id, count) -> operations.merge(id, count, Integer::sum));

    assertThat(exchanges).as("requests the adapter sent").hasSize(requests);
    assertThat(events).as("webhooks the sandbox sent").hasSize(webhooks);
    assertThat(check.mismatches())
        .as("what Stripe's OpenAPI %s does not allow, of %s", spec.version(), exchanges)
        .isEmpty();
  }

  private ChargeCommand card(String paymentMethod) {
    return command(PaymentMethod.CARD, paymentMethod);
  }

  private ChargeCommand konbini() {
    return command(PaymentMethod.KONBINI, null);
  }

  private ChargeCommand command(PaymentMethod method, String token) {
    long order = orders.incrementAndGet();
    return new ChargeCommand(
        "ik_spec_" + order,
        order,
        "ORDER-" + order,
        AMOUNT,
        "JPY",
        method,
        token,
        new ChargeCommand.Customer("Yamada Taro", "taro@example.com", null, "lawson"),
        "https://shop.example/back",
        false);
  }

  private static RefundCommand refund(ChargeCommand charge, String intent, long amount) {
    return new RefundCommand(
        StripeGateway.NAME,
        "ik_refund_" + intent + "_" + amount,
        charge.orderId(),
        intent,
        amount,
        "JPY",
        "requested_by_customer",
        false);
  }

  /** Moves a payment on as its customer, its bank or the shop would, through the control API. */
  private void control(String intent, String action) throws Exception {
    HttpResponse<String> answer = sandbox("/_sandbox/payments/stripe/" + intent + "/" + action, "");
    assertThat(answer.statusCode()).as("%s %s: %s", action, intent, answer.body()).isEqualTo(200);
  }

  private void fault(String key, String mode) throws Exception {
    String body = "{\"gateway\":\"stripe\",\"match\":\"" + key + "\",\"mode\":\"" + mode + "\"}";
    assertThat(sandbox("/_sandbox/faults", body).statusCode()).isEqualTo(201);
  }

  private HttpResponse<String> sandbox(String path, String json) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
