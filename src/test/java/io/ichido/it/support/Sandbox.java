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
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The local gateway sandbox's control API: its ledger and its misbehaviour. Every misbehaviour a
 * test asks for is scoped to its own orders (faults, chaos, webhook delivery, details lag), so that
 * tests sharing the server, one after the other or at the same time, never fail each other's
 * requests; the sandbox's own tests use its unscoped forms.
 */
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
      if (references(entry, orderId)) {
        charges.add(entry);
      }
    }
    return charges;
  }

  /** Whether the ledger entry's reference names the order (PayPay's never does: its own id). */
  public static boolean references(JsonNode entry, long orderId) {
    // The sandbox reports the order id; a later 2C2P invoice of the same order adds "-<n>".
    String id = entry.path("reference").asText().replace("ORDER-", "");
    return id.equals(Long.toString(orderId)) || id.startsWith(orderId + "-");
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

  /**
   * The customer at a sandbox issuer's 3-D Secure challenge page (Stripe's, KOMOJU's) passes it or
   * fails it: the page's answer, a 303 to where the gateway sends the browser back.
   */
  public static HttpResponse<String> challenge(String page, boolean pass) {
    return Api.send(
        HttpRequest.newBuilder(URI.create(page))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString("outcome=" + (pass ? "pass" : "fail")))
            .build());
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

  /**
   * Queues a fault for the next {@code times} requests to {@code gateway} ({@code *}: any) about
   * order {@code orderId} only: its charge, and the reads, searches, refunds and cancels of its
   * payments (see {@code io.ichido.sandbox.Gateway#orderOf}). Another test's orders, and requests
   * whose order the sandbox cannot tell, never take it.
   */
  public static void fault(String gateway, long orderId, String mode, int times, long delayMillis) {
    post(
        "/_sandbox/faults",
        Map.of(
            "gateway",
            gateway,
            "match",
            "*",
            "mode",
            mode,
            "times",
            times,
            "delayMillis",
            delayMillis,
            "order",
            orderId));
  }

  /**
   * Chaos for the requests about {@code orders} only, with its own generator seeded {@code seed}:
   * each such request misbehaves with {@code probability} in one of {@code modes} (empty: the
   * transport modes). It decides those orders' requests alone, instead of any chaos for every
   * order; an order already under another test's scoped chaos moves to this one. Ended by {@link
   * #calm(Collection)}.
   */
  public static void chaos(
      double probability,
      long seed,
      List<String> modes,
      long delayMillis,
      Collection<Long> orders) {
    if (orders.isEmpty()) {
      // The sandbox refuses an empty list too: chaos for no order must never become chaos for all.
      throw new IllegalArgumentException("Name at least one order.");
    }
    post(
        "/_sandbox/chaos",
        Map.of(
            "probability",
            probability,
            "seed",
            seed,
            "modes",
            modes,
            "delayMillis",
            delayMillis,
            "orders",
            List.copyOf(orders)));
  }

  /**
   * Ends chaos for {@code orders}: they leave every scoped chaos naming them (one left naming no
   * order ends). Chaos for other orders, and chaos for every order, goes on.
   */
  public static void calm(Collection<Long> orders) {
    if (orders.isEmpty()) {
      return;
    }
    String ids = orders.stream().map(String::valueOf).collect(Collectors.joining(","));
    send(
        HttpRequest.newBuilder(URI.create(URL + "/_sandbox/chaos?orders=" + ids)).DELETE().build());
  }

  /**
   * Forgets the queued faults scoped to order {@code orderId}; other orders' faults, unscoped
   * faults and chaos stay (end chaos with {@link #calm(Collection)}).
   */
  /**
   * How many more requests the faults queued for the order will take: what a fault queued {@code
   * times} times has left says how many of the order's requests reached the gateway since.
   */
  public static long faultsLeft(long orderId) {
    long left = 0;
    for (JsonNode fault : get("/_sandbox/faults")) {
      if (fault.path("order").asText().equals(Long.toString(orderId))) {
        left += fault.path("times").asLong();
      }
    }
    return left;
  }

  public static void clearFaults(long orderId) {
    send(
        HttpRequest.newBuilder(URI.create(URL + "/_sandbox/faults?order=" + orderId))
            .DELETE()
            .build());
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

  /**
   * Stripe closes the open dispute about a charge, {@code won} by the merchant (its funds
   * reinstated) or lost; the sandbox sends the signed webhooks.
   */
  public static JsonNode disputeClosed(String gateway, String chargeId, boolean won) {
    return post(
        "/_sandbox/payments/" + gateway + "/" + chargeId + (won ? "/dispute-won" : "/dispute-lost"),
        Map.of());
  }

  /**
   * The payments of order {@code orderId} paid (and refunds made) from now on keep saying they wait
   * in {@code gateway}'s details this long, whatever the lag for other orders; 0 forgets the
   * order's own lag (the gateway's applies again). PayPay only.
   */
  public static void detailsLag(String gateway, long orderId, long millis) {
    post(
        "/_sandbox/details-lag",
        Map.of("gateway", gateway, "delayMillis", millis, "order", orderId));
  }

  /**
   * How {@code gateway}'s webhooks about the payments of order {@code orderId} go from now on,
   * whatever its mode for other orders: normal, twice, late (by millis) or never. {@code normal}
   * forgets the order's own mode (the gateway's applies again).
   */
  public static void webhookDelivery(String gateway, long orderId, String mode, long millis) {
    post(
        "/_sandbox/webhook-delivery",
        Map.of("gateway", gateway, "mode", mode, "delayMillis", millis, "order", orderId));
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
