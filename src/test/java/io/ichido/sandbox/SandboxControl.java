package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * The sandbox's own API under {@code /_sandbox/}, never part of a real gateway: the ledger, faults,
 * chaos, statistics, reset, moving asynchronous payments on as their customer would, refunding paid
 * ones as the shop would, and the webhooks those moves sent.
 *
 * <p>Faults, chaos, webhook delivery and PayPay's details lag may be scoped to an order, so that
 * tests sharing one sandbox, even at the same time, never meet each other's misbehaviour. An order
 * is named by its id, a string or an integer ({@code 42}; {@code ORDER-42} means the same); a
 * request is about the order {@link Gateway#orderOf} tells, and Ichido's later references {@code
 * ORDER-<id>-<n>} are about order {@code <id>} too. A request about no order the sandbox can tell
 * never meets a scoped fault or chaos.
 *
 * <ul>
 *   <li>{@code GET ledger[?gateway=&reference=]}: every charge.
 *   <li>{@code POST faults} {@code {"gateway","match","mode","times","delayMillis","order"}}:
 *       queues a fault ({@link Fault}); with {@code order}, only requests about that order take it.
 *   <li>{@code GET faults}: the queued faults, each with its {@code order} (null: any).
 *   <li>{@code DELETE faults}: forgets every queued fault and ends every chaos; {@code DELETE
 *       faults?order=<id>} forgets only the queued faults scoped to that order.
 *   <li>{@code POST chaos} {@code {"probability","seed","modes","delayMillis","orders"}}: chaos
 *       ({@link Chaos}); without {@code orders} for every request (replacing the earlier such
 *       chaos), with them only for those orders' requests, which it then decides alone (an order
 *       named again moves to the newer chaos). Several scoped chaos run at once, each with its own
 *       generator.
 *   <li>{@code DELETE chaos}: ends every chaos; {@code DELETE chaos?orders=<id>,<id>}: ends chaos
 *       for those orders only (a scoped chaos left naming no order ends).
 *   <li>{@code GET stats}: requests, faults per mode, {@code slowHeld} (requests a {@code slow}
 *       fault began to hold, each with its key in flight from then on), {@code chaos} (for every
 *       request) and {@code scopedChaos}.
 *   <li>{@code POST slow/release}: every request a {@code slow} fault holds now goes on at once
 *       ({@code {"released":n}}), whoever armed its fault: a test holding a request until it has
 *       sent its retry, however long that took, on a sandbox of its own.
 *   <li>{@code POST search-delay} {@code {"gateway","delayMillis"}}: a search lag for every payment
 *       of the gateway; it takes no order (400): one order's search lags through an {@code
 *       index_delay} fault scoped to it.
 *   <li>{@code POST details-lag} {@code {"gateway":"paypay","delayMillis","order"}}: PayPay's
 *       details lag, with {@code order} for that order's payments only (0 forgets the order's).
 *   <li>{@code POST webhook-delivery} {@code {"gateway","mode","delayMillis","order"}}: how the
 *       gateway's webhooks go, with {@code order} for that order's payments only ({@code normal}
 *       forgets the order's).
 *   <li>{@code POST reset}: forgets everything, every order's settings included.
 *   <li>{@code POST
 *       payments/{gateway}/{id}/complete|expire|refund|dispute|dispute-won|dispute-lost|succeed-late}:
 *       the customer or the shop moves a payment on.
 *   <li>{@code POST payments/{gateway}/{id}/refund?webhook=withheld}: a refund made in the
 *       gateway's dashboard whose webhook never comes; {@code POST
 *       payments/{gateway}/{id}/alter?amount=N}: the amount the payment took, changed at the
 *       gateway with no webhook; {@code POST dashboard/{gateway}/charges} {@code
 *       {"order","amount","currency"}}: a payment made only in the gateway's dashboard.
 *   <li>{@code GET webhooks}, {@code POST webhooks/{eventId}/redeliver}, {@code GET
 *       pages/{gateway}/{id}}.
 * </ul>
 */
final class SandboxControl implements HttpHandler {

  static final String PATH = "/_sandbox/";
  private static final Logger LOG = Logger.getLogger(SandboxControl.class.getName());

  private final Map<String, Gateway> gateways;
  private final Ledger ledger;
  private final Faults faults;
  private final Stats stats;
  private final SlowHolds slowHolds;
  private final WebhookSender webhooks;

  SandboxControl(
      Iterable<Gateway> gateways,
      Ledger ledger,
      Faults faults,
      Stats stats,
      SlowHolds slowHolds,
      WebhookSender webhooks) {
    this.gateways =
        StreamSupport.stream(gateways.spliterator(), false)
            .collect(Collectors.toMap(Gateway::name, Function.identity()));
    this.ledger = ledger;
    this.faults = faults;
    this.stats = stats;
    this.slowHolds = slowHolds;
    this.webhooks = webhooks;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    SandboxRequest request = SandboxRequest.read(exchange, PATH.substring(0, PATH.length() - 1));
    SandboxResponse response;
    try {
      response = route(request);
    } catch (IllegalArgumentException e) {
      response = problem(400, e.getMessage());
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "The sandbox control API failed", e);
      response = problem(500, "sandbox failure: " + e);
    }
    response.writeTo(exchange);
  }

  private SandboxResponse route(SandboxRequest request) {
    String[] parts = request.path().substring(1).split("/");
    String method = request.method();
    return switch (parts[0]) {
      case "ledger" -> method.equals("GET") ? ledger(request) : notAllowed();
      case "faults" -> faults(request);
      case "chaos" -> chaos(request);
      case "stats" -> method.equals("GET") ? stats() : notAllowed();
      case "slow" ->
          parts.length == 2 && parts[1].equals("release") && method.equals("POST")
              ? SandboxResponse.json(200, Json.object().put("released", slowHolds.release()))
              : problem(404, "Use POST /_sandbox/slow/release.");
      case "search-delay" ->
          method.equals("POST") ? delay(request, Gateway::searchDelay, null) : notAllowed();
      case "details-lag" ->
          method.equals("POST")
              ? delay(request, Gateway::detailsLag, Gateway::detailsLag)
              : notAllowed();
      case "webhook-delivery" -> method.equals("POST") ? webhookDelivery(request) : notAllowed();
      case "reset" -> method.equals("POST") ? reset() : notAllowed();
      case "dashboard" ->
          parts.length == 3 && parts[2].equals("charges") && method.equals("POST")
              ? dashboardCharge(parts[1], request)
              : problem(404, "Use POST /_sandbox/dashboard/{gateway}/charges.");
      case "payments" ->
          parts.length == 4 && method.equals("POST")
              ? payment(parts[1], parts[2], parts[3], request.queryParameters())
              : problem(
                  404, "Use POST /_sandbox/payments/{gateway}/{id}/complete, /expire or /refund.");
      case "webhooks" -> webhooks(parts, method);
      case "pages" ->
          parts.length == 3 && method.equals("GET")
              ? customerPage(parts[1], parts[2])
              : problem(404, "No such page.");
      default -> problem(404, "No such control resource: " + request.path());
    };
  }

  private SandboxResponse ledger(SandboxRequest request) {
    Map<String, String> query = request.queryParameters();
    return SandboxResponse.json(200, ledger.list(query.get("gateway"), query.get("reference")));
  }

  private SandboxResponse faults(SandboxRequest request) {
    switch (request.method()) {
      case "POST" -> {
        Fault fault = Fault.fromJson(Json.parse(request.body()));
        if (!Fault.ANY.equals(fault.gateway()) && !gateways.containsKey(fault.gateway())) {
          throw new IllegalArgumentException("Unknown gateway " + fault.gateway() + ".");
        }
        faults.queue(fault);
        LOG.log(Level.INFO, "Queued fault {0}", fault);
        return SandboxResponse.json(201, fault);
      }
      case "GET" -> {
        return SandboxResponse.json(200, faults.queued());
      }
      case "DELETE" -> {
        String order = request.queryParameters().get("order");
        if (order == null) {
          faults.clear();
        } else {
          faults.clear(orderParameter(order, "order"));
        }
        return SandboxResponse.noContent();
      }
      default -> {
        return notAllowed();
      }
    }
  }

  /** Sets a lag for one order's payments. */
  @FunctionalInterface
  private interface OrderLag {
    void set(Gateway gateway, String order, long millis);
  }

  /**
   * {@code {"gateway":"omise","delayMillis":N}}: every payment made (search-delay) or paid
   * (details-lag) from now on lags by N ms in search or in its details; with {@code "order"} (where
   * {@code perOrder} is given) only that order's payments. Refused with an order where none can be
   * named, rather than lagging every order's payments.
   */
  private SandboxResponse delay(
      SandboxRequest request, ObjLongConsumer<Gateway> set, OrderLag perOrder) {
    JsonNode body = Json.parse(request.body());
    String name = Json.text(body, "gateway");
    Gateway gateway = name == null ? null : gateways.get(name);
    if (gateway == null || !body.path("delayMillis").canConvertToLong()) {
      throw new IllegalArgumentException(
          "A JSON object with a known gateway and a numeric delayMillis is required.");
    }
    String order = OrderIds.fromJson(body.get("order"), "order");
    if (order != null && perOrder == null) {
      throw new IllegalArgumentException("This lag applies to every payment: it takes no order.");
    }
    long millis = body.get("delayMillis").asLong();
    if (order == null) {
      set.accept(gateway, millis);
    } else {
      perOrder.set(gateway, order, millis);
    }
    ObjectNode answer = Json.object().put("gateway", name).put("delayMillis", millis);
    return SandboxResponse.json(200, order == null ? answer : answer.put("order", order));
  }

  /**
   * {@code {"gateway":"paypay","mode":"normal|twice|late|never","delayMillis":N}}: how the
   * gateway's webhooks are delivered from now on (N: the delay of {@code late}); with {@code
   * "order"}, the webhooks about that order's payments, whatever the gateway's mode.
   */
  private SandboxResponse webhookDelivery(SandboxRequest request) {
    JsonNode body = Json.parse(request.body());
    String name = Json.text(body, "gateway");
    String mode = Json.text(body, "mode");
    if (name == null || !gateways.containsKey(name) || mode == null) {
      throw new IllegalArgumentException(
          "A JSON object with a known gateway and a mode is required.");
    }
    WebhookDeliveryMode delivery = WebhookDeliveryMode.fromWire(mode);
    if (delivery == WebhookDeliveryMode.LATE && !body.path("delayMillis").canConvertToLong()) {
      throw new IllegalArgumentException("Mode late needs a numeric delayMillis.");
    }
    long delayMillis = body.path("delayMillis").asLong(0);
    String order = OrderIds.fromJson(body.get("order"), "order");
    if (order == null) {
      webhooks.deliveryMode(name, delivery, delayMillis);
    } else {
      webhooks.deliveryMode(name, order, delivery, delayMillis);
    }
    ObjectNode answer = Json.object().put("gateway", name).put("mode", delivery.wireName());
    answer.put("delayMillis", delayMillis);
    return SandboxResponse.json(200, order == null ? answer : answer.put("order", order));
  }

  private SandboxResponse chaos(SandboxRequest request) {
    switch (request.method()) {
      case "POST" -> {
        Chaos chaos = Chaos.fromJson(Json.parse(request.body()));
        faults.chaos(chaos);
        LOG.log(Level.INFO, "Chaos on: {0}", chaos);
        return SandboxResponse.json(200, chaos);
      }
      case "DELETE" -> {
        String orders = request.queryParameters().get("orders");
        if (orders == null) {
          faults.calm();
          LOG.info("Chaos off");
        } else {
          List<String> calmed = new ArrayList<>();
          for (String order : orders.split(",", -1)) {
            calmed.add(orderParameter(order, "orders"));
          }
          faults.calm(calmed);
          LOG.log(Level.INFO, "Chaos off for orders {0}", calmed);
        }
        return SandboxResponse.noContent();
      }
      default -> {
        return notAllowed();
      }
    }
  }

  private SandboxResponse stats() {
    ObjectNode body = Json.object();
    Map<String, Long> requests = stats.requests();
    body.put("requests", requests.values().stream().mapToLong(Long::longValue).sum());
    body.set("requestsByGateway", Json.MAPPER.valueToTree(requests));
    body.set("faults", Json.MAPPER.valueToTree(stats.faults()));
    body.put("slowHeld", slowHolds.begun());
    body.set("chaos", Json.MAPPER.valueToTree(faults.chaos()));
    body.set("scopedChaos", Json.MAPPER.valueToTree(faults.scopedChaos()));
    body.set("traced", Json.MAPPER.valueToTree(stats.traced()));
    return SandboxResponse.json(200, body);
  }

  private SandboxResponse reset() {
    ledger.clear();
    faults.clear();
    stats.clear();
    slowHolds.clear();
    webhooks.reset();
    gateways.values().forEach(Gateway::reset);
    LOG.fine("Sandbox reset");
    return SandboxResponse.noContent();
  }

  /**
   * {@code {"order","amount","currency"}}: a payment made in the gateway's own dashboard for the
   * order, which Ichido never asked for and whose webhook it cannot tie to an attempt.
   */
  private SandboxResponse dashboardCharge(String gatewayName, SandboxRequest request) {
    Gateway gateway = gateways.get(gatewayName);
    if (gateway == null) {
      return problem(404, "Unknown gateway " + gatewayName + ".");
    }
    JsonNode body = Json.parse(request.body());
    String order = OrderIds.fromJson(body.get("order"), "order");
    if (order == null || !body.path("amount").canConvertToLong()) {
      throw new IllegalArgumentException("A JSON object with an order and an amount is required.");
    }
    String currency = body.path("currency").asText("JPY");
    try {
      String id = gateway.dashboardCharge(order, positive(body.get("amount").asText()), currency);
      return SandboxResponse.json(
          200, Json.MAPPER.valueToTree(ledger.find(gatewayName, id).orElseThrow()));
    } catch (UnsupportedOperationException notImitated) {
      return problem(501, notImitated.getMessage());
    }
  }

  /**
   * The amount a paid payment took, changed at the gateway afterwards, as no webhook tells: what
   * the gateway's records show of it from now on.
   */
  private SandboxResponse alter(Gateway gateway, String id, String amount) {
    if (amount == null) {
      throw new IllegalArgumentException("alter needs ?amount=N.");
    }
    Optional<LedgerEntry> entry = ledger.find(gateway.name(), id);
    if (entry.isEmpty()) {
      return problem(404, "No " + gateway.name() + " payment " + id + ".");
    }
    ledger.took(gateway.name(), id, positive(amount));
    return SandboxResponse.json(
        200, Json.MAPPER.valueToTree(ledger.find(gateway.name(), id).orElseThrow()));
  }

  private SandboxResponse payment(
      String gatewayName, String id, String action, Map<String, String> query) {
    Gateway gateway = gateways.get(gatewayName);
    if (gateway == null) {
      return problem(404, "Unknown gateway " + gatewayName + ".");
    }
    String amount = query.get("amount");
    return switch (action) {
      case "refund" ->
          refund(
              gateway,
              id,
              amount == null ? null : positive(amount),
              !"withheld".equals(query.get("webhook")));
      case "alter" -> alter(gateway, id, amount);
      case "dispute" -> dispute(gateway, id);
      case "dispute-won" -> disputeClosed(gateway, id, true);
      case "dispute-lost" -> disputeClosed(gateway, id, false);
      case "succeed-late" -> succeedLate(gateway, id, amount == null ? null : positive(amount));
      default -> settle(gateway, id, action, amount);
    };
  }

  /**
   * A payment that took no money is paid after all ({@code amount}: what was paid, if not the
   * charged amount) and the gateway's success webhook is sent.
   */
  private SandboxResponse succeedLate(Gateway gateway, String id, Long amount) {
    return switch (webhooks.paying(gateway.name(), id, amount, () -> gateway.succeedLate(id))) {
      case SETTLED -> settled(gateway.name(), id);
      case UNKNOWN_PAYMENT -> problem(404, "No " + gateway.name() + " payment " + id + ".");
      case NOT_PENDING ->
          problem(409, "Payment " + id + " took money already or can no longer be captured.");
    };
  }

  /**
   * The customer's bank disputes a paid payment: where the gateway shows that in the payment
   * (2C2P's chargeback), the bank takes back what is left of it first; then the gateway's dispute
   * webhook is sent.
   */
  private SandboxResponse dispute(Gateway gateway, String id) {
    Optional<LedgerEntry> entry = ledger.find(gateway.name(), id);
    if (entry.isEmpty()) {
      return problem(404, "No " + gateway.name() + " payment " + id + ".");
    }
    if (!entry.get().status().paid()) {
      return problem(409, "Payment " + id + " took no money to dispute.");
    }
    if (gateway.chargesBack()) {
      entry = ledger.chargeBack(gateway.name(), id, taken -> gateway.chargedBack(id, taken));
      if (entry.isEmpty()) {
        return problem(409, "Payment " + id + " has nothing left for the bank to take back.");
      }
    } else {
      // The dispute's amount (the charge's, as its object says) leaves the balance at once.
      entry = ledger.withdrawn(gateway.name(), id, entry.get().amount());
    }
    ObjectNode answer = Json.MAPPER.valueToTree(entry.get());
    answer.set("webhook", webhooks.disputed(entry.get()));
    return SandboxResponse.json(200, answer);
  }

  /** Stripe closes the open dispute about a payment, won or lost, and sends its webhooks. */
  private SandboxResponse disputeClosed(Gateway gateway, String id, boolean won) {
    Optional<LedgerEntry> entry = ledger.find(gateway.name(), id);
    if (entry.isEmpty()) {
      return problem(404, "No " + gateway.name() + " payment " + id + ".");
    }
    Optional<ObjectNode> sent = webhooks.disputeClosed(entry.get(), won);
    if (sent.isEmpty()) {
      return problem(409, "No open Stripe dispute about payment " + id + ".");
    }
    if (won) {
      entry = ledger.withdrawn(gateway.name(), id, 0);
    }
    ObjectNode answer = Json.MAPPER.valueToTree(entry.get());
    answer.set("webhook", sent.get());
    return SandboxResponse.json(200, answer);
  }

  /**
   * Completes or expires a payment; {@code amount} (complete only) is what the customer paid when
   * it is not the charged amount, which only the webhook tells.
   */
  private SandboxResponse settle(Gateway gateway, String id, String action, String amount) {
    String gatewayName = gateway.name();
    Settlement settlement =
        switch (action) {
          case "complete" -> Settlement.COMPLETE;
          case "expire" -> Settlement.EXPIRE;
          default -> null;
        };
    if (settlement == null) {
      return problem(404, "Use complete, expire, refund or dispute.");
    }
    Long paid = amount == null ? null : amountPaid(amount, settlement);
    return switch (webhooks.paying(
        gatewayName, id, paid, () -> took(gateway, id, settlement, paid))) {
      case SETTLED -> settled(gatewayName, id);
      case UNKNOWN_PAYMENT ->
          problem(404, "No asynchronous " + gatewayName + " payment " + id + ".");
      case NOT_PENDING -> problem(409, "Payment " + id + " no longer waits for the customer.");
    };
  }

  /** Settles the payment; what the gateway holds is then what the customer paid. */
  private Settlement.Outcome took(Gateway gateway, String id, Settlement settlement, Long paid) {
    Settlement.Outcome outcome = gateway.settle(id, settlement);
    if (outcome == Settlement.Outcome.SETTLED && paid != null) {
      ledger.took(gateway.name(), id, paid);
    }
    return outcome;
  }

  private static long amountPaid(String amount, Settlement settlement) {
    if (settlement != Settlement.COMPLETE) {
      throw new IllegalArgumentException("Only complete and refund take an amount.");
    }
    return positive(amount);
  }

  private static long positive(String amount) {
    // Up to 18 digits always fits a long.
    if (!amount.matches("\\d{1,18}") || Long.parseLong(amount) == 0) {
      throw new IllegalArgumentException("amount must be a positive integer: " + amount);
    }
    return Long.parseLong(amount);
  }

  /**
   * Gives back {@code amount} (null: all that is left) of a paid payment, as the shop would in the
   * gateway's dashboard or API, and sends the gateway's refund webhooks; 400 for more than is left.
   */
  private SandboxResponse refund(Gateway gateway, String id, Long amount, boolean told) {
    if (amount != null && !gateway.refundsInPart()) {
      return problem(
          501, "The sandbox imitates only whole " + gateway.name() + " refunds: leave out amount.");
    }
    return switch (ledger.refund(
        gateway.name(), id, amount, (entry, refund) -> gateway.refunded(id, refund, entry), told)) {
      case REFUNDED -> settled(gateway.name(), id);
      case UNKNOWN_PAYMENT -> problem(404, "No " + gateway.name() + " payment " + id + ".");
      case NOT_PAID -> problem(409, "Payment " + id + " took no money to give back.");
    };
  }

  /**
   * The ledger entry as before, plus {@code webhook}: the event the change sent (of a refund's
   * events, the last one).
   */
  private SandboxResponse settled(String gateway, String id) {
    ObjectNode entry = Json.MAPPER.valueToTree(ledger.find(gateway, id).orElseThrow());
    webhooks.latest(gateway, id).ifPresent(delivery -> entry.set("webhook", delivery.summary()));
    return SandboxResponse.json(200, entry);
  }

  private SandboxResponse webhooks(String[] parts, String method) {
    if (parts.length == 1) {
      return method.equals("GET") ? SandboxResponse.json(200, webhooks.list()) : notAllowed();
    }
    if (parts.length != 3 || !parts[2].equals("redeliver")) {
      return problem(404, "Use GET /_sandbox/webhooks or POST .../webhooks/{eventId}/redeliver.");
    }
    if (!method.equals("POST")) {
      return notAllowed();
    }
    if (webhooks.target().isEmpty()) {
      return problem(409, "The sandbox runs without --webhooks: there is nowhere to send to.");
    }
    return webhooks
        .redeliver(parts[1])
        .map(answer -> SandboxResponse.json(200, answer))
        .orElseGet(() -> problem(404, "No webhook event " + parts[1] + "."));
  }

  private SandboxResponse customerPage(String gateway, String id) {
    String base = PATH + "payments/" + gateway + "/" + id;
    return SandboxResponse.html(
        200,
        "<!doctype html><title>Ichido gateway sandbox</title>"
            + "<p>The sandbox's stand-in for the "
            + escape(gateway)
            + " page where the customer pays "
            + escape(id)
            + ".</p><p>To pay or let it lapse: <code>POST "
            + escape(base)
            + "/complete</code> (<code>?amount=N</code>: the customer paid N instead) or <code>POST "
            + escape(base)
            + "/expire</code>. Either sends the gateway's signed webhook when the sandbox runs"
            + " with <code>--webhooks</code>; <code>GET "
            + PATH
            + "webhooks</code> lists them.</p><p>Once paid, the shop can give (part of) it back:"
            + " <code>POST "
            + escape(base)
            + "/refund</code> (<code>?amount=N</code>: N of it, else all that is left).</p>");
  }

  /** An order named in a query string; 400 for a blank one. */
  private static String orderParameter(String order, String parameter) {
    return OrderIds.of(order.trim())
        .orElseThrow(
            () -> new IllegalArgumentException(parameter + " must name orders, not blanks."));
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static SandboxResponse notAllowed() {
    return problem(405, "Method not allowed here.");
  }

  private static SandboxResponse problem(int status, String message) {
    return SandboxResponse.json(status, Json.object().put("error", message));
  }
}
