package io.ichido.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The local gateway sandbox's control API: its ledger and its misbehaviour. */
public final class Sandbox {

  public static final String URL =
      System.getProperty("ichido.sandboxUrl", "http://localhost:18081");

  /** Per gateway, a card token the sandbox charges (Stripe's own test value for Stripe). */
  public static final Map<String, String> CARD_THAT_PAYS =
      Map.of(
          "stripe", "pm_card_visa",
          "omise", "tokn_test_visa4242",
          "komoju", "tok_visa",
          "2c2p", "00acVisaSecurePayToken");

  /** Per gateway, a card token the sandbox declines. */
  public static final Map<String, String> CARD_THAT_DECLINES =
      Map.of(
          "stripe", "pm_card_chargeDeclined",
          "omise", "tokn_test_declined",
          "komoju", "tok_declined",
          "2c2p", "decline");

  private static final ObjectMapper JSON = new ObjectMapper();

  private Sandbox() {}

  /**
   * Configuration for a deployment that talks to the sandbox: short timeouts. The test server's
   * gateways already point at the sandbox, with its keys and webhook secrets
   * (io.ichido.dev.DevServer writes them as server variables); the WAR itself configures no
   * gateway.
   */
  public static Map<String, String> gatewayConfig() {
    return Map.of(
        "ichido.gateway.read-timeout",
        "PT2S",
        "ichido.gateway.connect-timeout",
        "PT2S",
        // The sandbox's search shows a charge at once, and its payment tokens never expire: what
        // production waits minutes for, the tests wait seconds.
        "ichido.gateway.omise.lookup-after",
        "PT3S",
        "ichido.gateway.2c2p.resend-window",
        "PT3S",
        "ichido.gateway.2c2p.lookup-after",
        "PT3S");
  }

  /** Every charge the sandbox created for one order. */
  public static List<JsonNode> charges(long orderId) {
    List<JsonNode> charges = new ArrayList<>();
    for (JsonNode entry : get("/_sandbox/ledger")) {
      String reference = entry.path("reference").asText();
      // The sandbox reports the order id; a later 2C2P invoice of the same order adds "-<n>".
      String id = reference.replace("ORDER-", "");
      if (id.equals(Long.toString(orderId)) || id.startsWith(orderId + "-")) {
        charges.add(entry);
      }
    }
    return charges;
  }

  /** The successful charges the sandbox made for each of {@code orders}, in one ledger read. */
  public static Map<Long, List<JsonNode>> successfulChargesByOrder(Set<Long> orders) {
    Map<Long, List<JsonNode>> charges = new HashMap<>();
    for (JsonNode entry : ledger()) {
      // ORDER-<id>, or ORDER-<id>-<n> for a later 2C2P invoice of the same order.
      String id = entry.path("reference").asText().replace("ORDER-", "").split("-")[0];
      if (!id.matches("\\d+") || "failed".equals(entry.path("status").asText())) {
        continue;
      }
      long orderId = Long.parseLong(id);
      if (orders.contains(orderId)) {
        charges.computeIfAbsent(orderId, o -> new ArrayList<>()).add(entry);
      }
    }
    return charges;
  }

  /** Where Omise sends the customer's browser after 3-D Secure: the URL Ichido gave it. */
  public static String omiseReturnUri(String chargeId) {
    HttpResponse<String> charge =
        Api.send(
            HttpRequest.newBuilder(URI.create(URL + "/omise/charges/" + chargeId))
                .header(
                    "Authorization",
                    "Basic "
                        + java.util.Base64.getEncoder()
                            .encodeToString("skey_test_it:".getBytes(StandardCharsets.UTF_8)))
                .GET()
                .build());
    try {
      return JSON.readTree(charge.body()).path("return_uri").asText();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static JsonNode ledger() {
    return get("/_sandbox/ledger");
  }

  public static void fault(String gateway, String match, String mode, int times, long delayMillis) {
    post(
        "/_sandbox/faults",
        Map.of(
            "gateway",
            gateway,
            "match",
            match,
            "mode",
            mode,
            "times",
            times,
            "delayMillis",
            delayMillis));
  }

  public static void chaos(double probability, long seed, List<String> modes, long delayMillis) {
    post(
        "/_sandbox/chaos",
        Map.of(
            "probability", probability, "seed", seed, "modes", modes, "delayMillis", delayMillis));
  }

  public static void calm() {
    send(HttpRequest.newBuilder(URI.create(URL + "/_sandbox/chaos")).DELETE().build());
  }

  /** Forgets every queued fault: the gateway is back. */
  public static void clearFaults() {
    send(HttpRequest.newBuilder(URI.create(URL + "/_sandbox/faults")).DELETE().build());
  }

  /** The customer pays an asynchronous payment; the sandbox sends the gateway's signed webhook. */
  public static JsonNode complete(String gateway, String chargeId) {
    return post("/_sandbox/payments/" + gateway + "/" + chargeId + "/complete", Map.of());
  }

  /** A bank transfer of {@code amount}, whatever the charge asked for. */
  public static JsonNode complete(String gateway, String chargeId, long amount) {
    return post(
        "/_sandbox/payments/" + gateway + "/" + chargeId + "/complete?amount=" + amount, Map.of());
  }

  /** The payment lapses unpaid; the sandbox sends the gateway's signed webhook. */
  /**
   * A payment that took no money (declined, expired, left waiting) is reported paid after all, with
   * the gateway's success webhook.
   */
  public static JsonNode succeedLate(String gateway, String chargeId) {
    return post("/_sandbox/payments/" + gateway + "/" + chargeId + "/succeed-late", "");
  }

  /** The HTTP status succeed-late answers, for a payment the gateway can no longer capture. */
  public static int lateStatus(String gateway, String chargeId) {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(
                    URL + "/_sandbox/payments/" + gateway + "/" + chargeId + "/succeed-late"))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    try {
      return java.net.http.HttpClient.newHttpClient()
          .send(request, HttpResponse.BodyHandlers.discarding())
          .statusCode();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public static JsonNode expire(String gateway, String chargeId) {
    return post("/_sandbox/payments/" + gateway + "/" + chargeId + "/expire", Map.of());
  }

  /** The merchant refunds {@code amount} of a paid charge; the sandbox sends the signed webhook. */
  public static JsonNode refund(String gateway, String chargeId, long amount) {
    return post(
        "/_sandbox/payments/" + gateway + "/" + chargeId + "/refund?amount=" + amount, Map.of());
  }

  /** The merchant refunds all that is left of a paid charge (2C2P: the only refund imitated). */
  public static JsonNode refundAll(String gateway, String chargeId) {
    return post("/_sandbox/payments/" + gateway + "/" + chargeId + "/refund", Map.of());
  }

  /** The customer's bank disputes a paid charge; the sandbox sends the signed dispute webhook. */
  public static JsonNode dispute(String gateway, String chargeId) {
    return post("/_sandbox/payments/" + gateway + "/" + chargeId + "/dispute", Map.of());
  }

  /** Payments made from now on keep saying they wait in {@code gateway}'s details this long. */
  public static void detailsLag(String gateway, long millis) {
    post("/_sandbox/details-lag", Map.of("gateway", gateway, "delayMillis", millis));
  }

  /** How {@code gateway}'s webhooks go from now on: normal, twice, late (by millis) or never. */
  public static void webhookDelivery(String gateway, String mode, long millis) {
    post(
        "/_sandbox/webhook-delivery",
        Map.of("gateway", gateway, "mode", mode, "delayMillis", millis));
  }

  /** The gateway delivers the same event again, freshly signed. */
  public static JsonNode redeliver(String eventId) {
    return post("/_sandbox/webhooks/" + eventId + "/redeliver", Map.of());
  }

  public static JsonNode stats() {
    return get("/_sandbox/stats");
  }

  public static JsonNode get(String path) {
    return send(HttpRequest.newBuilder(URI.create(URL + path)).GET().build());
  }

  private static JsonNode post(String path, Object body) {
    try {
      return send(
          HttpRequest.newBuilder(URI.create(URL + path))
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
              .build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode send(HttpRequest request) {
    HttpResponse<String> answer = Api.send(request);
    if (answer.statusCode() >= 300) {
      throw new IllegalStateException(
          "Sandbox answered "
              + answer.statusCode()
              + " to "
              + request.uri()
              + ": "
              + answer.body());
    }
    try {
      return answer.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(answer.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
