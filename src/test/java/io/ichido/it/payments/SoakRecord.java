package io.ichido.it.payments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.Sandbox;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What happened in a soak, as JSON lines that {@link EveryYenChecker} reads afterwards with neither
 * the app nor the sandbox running: every request a client or an operator sent and its answer (or
 * that none came), everything the world outside Ichido did (a customer paying a PayPay code, a bank
 * disputing a payment, a gateway reporting a capture late, a refund made in a gateway's portal),
 * and, last, what the sandbox's ledger holds and what Ichido's books say for the soak's orders.
 *
 * <p>One line each, {@code kind} first: {@code exchange}, {@code world}, {@code gateway} (one
 * charge of the sandbox's ledger) and {@code order} (an order with its attempts and their ledger
 * sums).
 */
final class SoakRecord implements Api.Witness, AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final BufferedWriter out;

  private SoakRecord(Path file) throws IOException {
    this.file = file;
    Files.createDirectories(file.toAbsolutePath().getParent());
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
  }

  /** A record written afresh to {@code file}. */
  static SoakRecord to(Path file) {
    try {
      return new SoakRecord(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Path file() {
    return file;
  }

  @Override
  public void saw(
      String user,
      String method,
      String path,
      String key,
      String body,
      HttpResponse<String> answer,
      RuntimeException lost) {
    ObjectNode line = line("exchange");
    line.put("user", user).put("method", method).put("path", path).put("key", key);
    line.set("body", parsed(body));
    if (answer == null) {
      line.put("lost", String.valueOf(lost));
    } else {
      line.put("status", answer.statusCode());
      line.set("answer", parsed(answer.body()));
    }
    write(line);
  }

  /**
   * Something the world outside Ichido did: {@code who} (customer, bank, gateway, operator) did
   * {@code what} to the gateway's payment {@code chargeId} of order {@code orderId}.
   */
  void world(String who, String what, String gateway, long orderId, String chargeId) {
    ObjectNode line = line("world");
    line.put("who", who).put("what", what).put("gateway", gateway);
    line.put("order", orderId).put("charge", chargeId);
    write(line);
  }

  /**
   * Writes down, once the soak is over, what the gateways hold (every charge of the sandbox's
   * ledger that belongs to one of {@code orders}) and what Ichido's books say of each order.
   */
  void books(Set<Long> orders) {
    String ids = orders.stream().map(String::valueOf).collect(Collectors.joining(","));
    List<Map<String, Object>> attempts =
        Db.rows(
            "SELECT a.id, a.order_id, a.gateway, a.gateway_charge_id, a.gateway_key, a.status,"
                + " COALESCE(sum(m.amount) FILTER (WHERE m.movement = 'CHARGED'), 0) AS charged,"
                + " COALESCE(sum(m.amount) FILTER (WHERE m.movement IN ('RETURNED',"
                + " 'RETURNED_OUTSIDE')), 0) AS returned,"
                + " COALESCE(sum(CASE m.movement WHEN 'DISPUTED' THEN m.amount"
                + " WHEN 'REINSTATED' THEN -m.amount END), 0) AS withdrawn,"
                + " string_agg(DISTINCT m.currency, ',') AS currencies"
                + " FROM charge_attempt a LEFT JOIN money_movement m ON m.attempt_id = a.id"
                + " WHERE a.order_id IN ("
                + ids
                + ") GROUP BY a.id ORDER BY a.id");
    Map<Long, ArrayNode> byOrder = new HashMap<>();
    Map<String, Long> paypayKeys = new HashMap<>();
    for (Map<String, Object> attempt : attempts) {
      long order = ((Number) attempt.get("order_id")).longValue();
      ObjectNode row = JSON.createObjectNode();
      row.put("id", ((Number) attempt.get("id")).longValue());
      row.put("gateway", (String) attempt.get("gateway"));
      row.put("charge", (String) attempt.get("gateway_charge_id"));
      row.put("key", (String) attempt.get("gateway_key"));
      row.put("status", (String) attempt.get("status"));
      for (String sum : List.of("charged", "returned", "withdrawn")) {
        row.put(sum, ((Number) attempt.get(sum)).longValue());
      }
      row.put("currencies", (String) attempt.get("currencies"));
      byOrder.computeIfAbsent(order, o -> JSON.createArrayNode()).add(row);
      if ("paypay".equals(attempt.get("gateway")) && attempt.get("gateway_key") != null) {
        paypayKeys.put((String) attempt.get("gateway_key"), order);
      }
    }
    for (JsonNode charge : Sandbox.ledger()) {
      boolean ours =
          charge.path("gateway").asText().equals("paypay")
              ? paypayKeys.containsKey(charge.path("id").asText())
              : orders.stream().anyMatch(order -> Sandbox.references(charge, order));
      if (ours) {
        ObjectNode line = line("gateway");
        line.set("charge", charge);
        write(line);
      }
    }
    for (Map<String, Object> order :
        Db.rows(
            "SELECT id, amount, currency, status FROM customer_order WHERE id IN ("
                + ids
                + ") ORDER BY id")) {
      long id = ((Number) order.get("id")).longValue();
      ObjectNode line = line("order");
      line.put("id", id).put("amount", ((Number) order.get("amount")).longValue());
      line.put("currency", (String) order.get("currency"));
      line.put("status", (String) order.get("status"));
      line.set("attempts", byOrder.getOrDefault(id, JSON.createArrayNode()));
      write(line);
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectNode line(String kind) {
    ObjectNode line = JSON.createObjectNode().put("kind", kind);
    line.put("at", Instant.now().toString());
    return line;
  }

  /** The JSON of a body or an answer; its text when it is not JSON (or nothing for none). */
  private static JsonNode parsed(String text) {
    if (text == null || text.isEmpty()) {
      return JSON.nullNode();
    }
    try {
      return JSON.readTree(text);
    } catch (IOException notJson) {
      return JSON.getNodeFactory().textNode(text);
    }
  }

  private synchronized void write(ObjectNode line) {
    try {
      out.write(JSON.writeValueAsString(line));
      out.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
