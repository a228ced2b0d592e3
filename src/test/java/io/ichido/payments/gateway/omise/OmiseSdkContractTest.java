package io.ichido.payments.gateway.omise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayHttp;
import io.ichido.payments.control.GatewayRefusedCall;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.ListedRefunds;
import io.ichido.payments.control.RefundCommand;
import io.ichido.payments.gateway.sdk.LocalSandbox;
import io.ichido.payments.gateway.sdk.RecordingClient;
import io.ichido.payments.gateway.sdk.SdkModels;
import io.ichido.payments.gateway.sdk.SdkOperation;
import io.ichido.payments.gateway.sdk.TestCharges;
import io.ichido.payments.gateway.sdk.WireCheck;
import io.ichido.sandbox.SandboxConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Omise's wire format as its official Java SDK has it (omise/omise-java, the files kept under
 * {@code src/test/resources/gateway-specs/omise}, SOURCE.md there): what {@link OmiseGateway} sends
 * and what the sandbox answers it, webhooks included. Omise's SDK sends JSON where Ichido sends a
 * form (Omise takes both); a form field's name is checked as the JSON field it stands for and its
 * text as that field's type.
 */
class OmiseSdkContractTest {

  private static final Logger LOG = Logger.getLogger(OmiseSdkContractTest.class.getName());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SdkModels SDK = SdkModels.read("gateway-specs/omise");
  private static final String SDK_AT = "omise/omise-java@73f9337";
  private static final String FIXTURES = "src/test/resources/testdata/";
  private static final Pattern API_VERSION = Pattern.compile("API_VERSION = \"([^\"]+)\"");

  /** Ichido searches charges only ({@code scope=charge}): the search answers charges. */
  private static final List<SdkOperation> CALLS = SdkOperation.omise(SDK, Map.of("T", "Charge"));

  /** What {@link OmiseGateway} reads of a charge; {@code ?}: it does without. */
  private static final List<String> CHARGE =
      List.of(
          "id",
          "amount",
          "currency",
          "status",
          "authorize_uri?",
          "refunded_amount?",
          "failure_code?",
          "failure_message?");

  private static final Map<String, List<String>> READS =
      Map.of(
          "Charge.CreateRequestBuilder", withObject(CHARGE),
          "Charge.GetRequestBuilder", withObject(CHARGE),
          "SearchResult.SearchRequestBuilder", search(),
          "Refund.CreateRequestBuilder", List.of("object", "id", "amount"),
          "Refund.ListRequestBuilder",
              List.of(
                  "object",
                  "total?",
                  "data[].object",
                  "data[].id",
                  "data[].amount",
                  "data[].metadata.refund_key?"));

  /** What {@link OmiseWebhooks} reads of an event; of a charge's, also {@link #CHARGE_EVENT}. */
  private static final List<String> EVENT = List.of("id", "key", "data.object");

  /** Of a charge's event, also the charge's id, status and metadata. */
  private static final List<String> CHARGE_EVENT =
      List.of(
          "id",
          "key",
          "data.object",
          "data.id",
          "data.status?",
          "data.metadata.reference?",
          "data.metadata.order_id?");

  private LocalSandbox sandbox;
  private RecordingClient client;

  @BeforeEach
  void start() throws Exception {
    sandbox = LocalSandbox.start();
    client = new RecordingClient(sandbox.baseUrl("omise"));
  }

  @AfterEach
  void stop() {
    client.close();
    sandbox.close();
  }

  @Test
  @DisplayName("OmiseGateway's requests and the sandbox's answers and webhooks are omise-java's")
  void speaksOmiseJava() throws Exception {
    OmiseGateway omise = gateway(SandboxConfig.OMISE_SECRET_KEY);
    GatewayCharge paid = omise.charge(TestCharges.card(1, "tokn_test_visa", null));
    omise.charge(TestCharges.card(2, "tokn_test_declined", null));
    GatewayCharge waiting =
        omise.charge(TestCharges.card(3, "tokn_test_3ds", "https://shop.example/back/3"));
    omise.retrieve(paid.chargeId());
    omise.lookup("ORDER-1", 1);
    omise.refund(refund(paid, 1000));
    sandbox.settle("omise", paid.chargeId(), "refund?amount=500");
    ListedRefunds listed = omise.refundsOf(refund(paid, 1000));
    omise.retrieve(paid.chargeId());
    assertThatThrownBy(() -> omise.refund(refund(paid, 100_000)))
        .isInstanceOf(GatewayRejected.class);
    assertThatThrownBy(() -> omise.retrieve("chrg_test_nosuchcharge00000"))
        .isInstanceOf(GatewayRefusedCall.class);
    assertThatThrownBy(() -> gateway("skey_live_notours").retrieve(paid.chargeId()))
        .isInstanceOf(GatewayRefusedCall.class);
    sandbox.settle("omise", waiting.chargeId(), "complete");

    WireCheck check = check();
    check.exchanges(
        client.exchanges(), CALLS, SDK.model("OmiseException"), READS, List.of("code?"));
    for (JsonNode event : sandbox.webhooks("omise")) {
      boolean charge = event.at("/data/object").asText().equals("charge");
      check.document(
          "webhook " + event.path("key").asText(),
          event,
          SDK.model("Event", charge ? "Charge" : "Refund"),
          charge ? CHARGE_EVENT : EVENT);
    }
    LOG.info(check::summary);

    assertThat(check.findings()).as(check.summary()).isEmpty();
    assertThat(check.requests()).isEqualTo(11);
    assertThat(listed.refunds())
        .extracting(ListedRefunds.Listed::amount, ListedRefunds.Listed::whose)
        .containsExactly(
            tuple(1000L, ListedRefunds.Whose.OURS), tuple(500L, ListedRefunds.Whose.ANOTHER));
    assertThat(check.documents()).as("webhooks").isEqualTo(5);
    assertThat(check.fields()).isGreaterThan(300);
    assertThat(client.exchanges())
        .extracting(exchange -> exchange.header("Omise-Version"))
        .as("the API version omise-java's models are of")
        .containsOnly(sdkApiVersion());
  }

  @Test
  @DisplayName("omise-java's own fixtures fit its models as this test reads them")
  void readsTheModelsAsTheSdksFixturesHaveThem() throws Exception {
    WireCheck check = check();
    fixture(check, "objects/charge_object.json", "Charge");
    fixture(check, "fixtures/api.omise.co/charges-post.json", "Charge");
    fixture(check, "objects/refund_object.json", "Refund");
    fixture(
        check,
        "fixtures/api.omise.co/charges/chrg_test_4yq7duw15p9hdrjp8oq/refunds-post.json",
        "Refund");
    fixture(check, "fixtures/api.omise.co/search-get.json", "SearchResult", "Charge");
    fixture(check, "fixtures/api.omise.co/charges/404-get.json", "OmiseException");
    LOG.info(check::summary);

    assertThat(check.findings()).as(check.summary()).isEmpty();
  }

  /** omise-java's {@code Endpoint.API_VERSION}. */
  private static String sdkApiVersion() {
    Matcher version = API_VERSION.matcher(SDK.text("src/main/java/co/omise/Endpoint.java"));
    assertThat(version.find()).isTrue();
    return version.group(1);
  }

  private static WireCheck check() {
    String why = "docs.omise.co/search-api lists it in the Search object; omise-java lacks it";
    return new WireCheck(SDK_AT)
        .tolerate("SearchResult", "per_page", why)
        .tolerate("SearchResult", "export", why);
  }

  private static void fixture(WireCheck check, String file, String model, String... arguments)
      throws Exception {
    JsonNode json = JSON.readTree(SDK.text(FIXTURES + file));
    check.document(file, json, SDK.model(model, arguments), List.of());
  }

  /** The adapter as {@code connect()} sets it up, its client recording what passes. */
  private OmiseGateway gateway(String secretKey) {
    OmiseGateway omise = new OmiseGateway();
    omise.omise = client.proxy(OmiseApi.class);
    omise.authorization = GatewayHttp.basic(secretKey);
    return omise;
  }

  private static RefundCommand refund(GatewayCharge charge, long amount) {
    return new RefundCommand(
        "omise", "ik_sdk_refund_" + amount, 1, charge.chargeId(), amount, "JPY", "surplus", false);
  }

  private static List<String> withObject(List<String> reads) {
    return Stream.concat(Stream.of("object"), reads.stream()).toList();
  }

  private static List<String> search() {
    List<String> reads =
        new ArrayList<>(List.of("object", "total_pages?", "data[].metadata.reference?"));
    CHARGE.forEach(read -> reads.add("data[]." + read));
    return reads;
  }
}
