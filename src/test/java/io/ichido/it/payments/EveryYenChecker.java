package io.ichido.it.payments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Proves a soak from its {@link SoakRecord} alone, with neither the app nor the sandbox running,
 * and with none of the app's code: what the clients were told, what the world did, what the
 * gateways hold and what the books say must fit together.
 *
 * <ul>
 *   <li><b>No acknowledged payment lost.</b> An order whose charge was answered 201 {@code
 *       succeeded} is paid at the end, unless the record shows its customer's bank taking the
 *       payment back (a dispute lost, a chargeback): then it is refunded.
 *   <li><b>Nothing charged twice.</b> At most one of an order's charges at the gateways holds
 *       money, and never more than the order's amount.
 *   <li><b>Every yen the gateways hold is on exactly one order.</b> Each charge of the sandbox's
 *       ledger that holds money, took money or gave some back is on the ledger of exactly one
 *       attempt, figure for figure (taken, given back, held back by the bank), and no attempt's
 *       ledger holds money for a charge the gateways do not have.
 *   <li><b>Every order's status is what its ledger says.</b> Paid: one attempt holds the order's
 *       amount in its currency and no other holds anything. Refunded, lapsed or cancelled: nothing
 *       held. Any other status at the end (in review, awaiting) is money or a question left for a
 *       person.
 * </ul>
 *
 * <p>Run alone on a record: {@code java ... EveryYenChecker target/every-yen-soak.jsonl}; it prints
 * each finding and exits 1 when there is one.
 */
final class EveryYenChecker {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> TOOK_MONEY = Set.of("paid", "partially_refunded", "refunded");
  private static final Set<String> HOLDING_NOTHING = Set.of("REFUNDED", "EXPIRED", "CANCELLED");
  private static final String CHARGE = "/api/payments/charge";

  private final List<JsonNode> exchanges = new ArrayList<>();
  private final List<JsonNode> world = new ArrayList<>();
  private final List<JsonNode> charges = new ArrayList<>();
  private final Map<Long, JsonNode> orders = new LinkedHashMap<>();
  private final List<String> findings = new ArrayList<>();

  private EveryYenChecker(List<String> lines) throws IOException {
    for (String text : lines) {
      JsonNode line = JSON.readTree(text);
      switch (line.path("kind").asText()) {
        case "exchange" -> exchanges.add(line);
        case "world" -> world.add(line);
        case "gateway" -> charges.add(line.path("charge"));
        case "order" -> orders.put(line.path("id").asLong(), line);
        default -> throw new IOException("A line of no kind the checker knows: " + text);
      }
    }
  }

  /** What the record at {@code file} shows wrong; empty when the soak kept every promise. */
  static List<String> check(Path file) {
    try {
      EveryYenChecker checker =
          new EveryYenChecker(Files.readAllLines(file, StandardCharsets.UTF_8));
      checker.checkAll();
      return checker.findings;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void main(String[] args) {
    List<String> findings = check(Path.of(args[0]));
    findings.forEach(System.out::println);
    System.exit(findings.isEmpty() ? 0 : 1);
  }

  private void checkAll() {
    if (orders.isEmpty()) {
      findings.add("the record holds no order: nothing was proven");
      return;
    }
    Map<Long, List<JsonNode>> chargesByOrder = chargesByOrder();
    Set<Long> matchedAttempts = new HashSet<>();
    for (Map.Entry<Long, List<JsonNode>> order : chargesByOrder.entrySet()) {
      long orderId = order.getKey();
      List<JsonNode> held = new ArrayList<>();
      for (JsonNode charge : order.getValue()) {
        long took = took(charge);
        if (held(charge) != 0) {
          held.add(charge);
        }
        JsonNode attempt = attemptOf(orderId, charge);
        if (attempt == null) {
          if (took != 0) {
            findings.add(
                "order %d: %s charge %s took %d and is on no attempt's ledger"
                    .formatted(orderId, gateway(charge), id(charge), took));
          }
          continue;
        }
        matchedAttempts.add(attempt.path("id").asLong());
        long returned = took == 0 ? 0 : charge.path("amountRefunded").asLong();
        long withdrawn = took == 0 ? 0 : charge.path("amountChargedBack").asLong();
        if (attempt.path("charged").asLong() != took
            || attempt.path("returned").asLong() != returned
            || attempt.path("withdrawn").asLong() != withdrawn) {
          findings.add(
              ("order %d: %s charge %s took %d, gave back %d, held back %d; attempt %d's ledger"
                      + " says %d, %d, %d")
                  .formatted(
                      orderId,
                      gateway(charge),
                      id(charge),
                      took,
                      returned,
                      withdrawn,
                      attempt.path("id").asLong(),
                      attempt.path("charged").asLong(),
                      attempt.path("returned").asLong(),
                      attempt.path("withdrawn").asLong()));
        }
      }
      long amount = orders.get(orderId).path("amount").asLong();
      long sum = held.stream().mapToLong(EveryYenChecker::held).sum();
      if (held.size() > 1 || sum > amount) {
        findings.add(
            "order %d of %d: charged twice, the gateways hold %d on %d charges"
                .formatted(orderId, amount, sum, held.size()));
      }
    }
    for (JsonNode order : orders.values()) {
      for (JsonNode attempt : order.path("attempts")) {
        if (!matchedAttempts.contains(attempt.path("id").asLong())
            && attempt.path("charged").asLong() != 0) {
          findings.add(
              "order %d: attempt %d's ledger took %d on a charge the gateways do not have (%s)"
                  .formatted(
                      order.path("id").asLong(),
                      attempt.path("id").asLong(),
                      attempt.path("charged").asLong(),
                      attempt.path("charge").asText()));
        }
      }
      statusAsItsLedger(order);
    }
    acknowledgedPaymentsKept();
  }

  /** The sandbox's charges by the order each belongs to: its reference, or (PayPay) its key. */
  private Map<Long, List<JsonNode>> chargesByOrder() {
    Map<String, Long> paypayKeys = new HashMap<>();
    for (JsonNode order : orders.values()) {
      for (JsonNode attempt : order.path("attempts")) {
        if (attempt.path("gateway").asText().equals("paypay")) {
          paypayKeys.put(attempt.path("key").asText(), order.path("id").asLong());
        }
      }
    }
    Map<Long, List<JsonNode>> byOrder = new HashMap<>();
    for (JsonNode charge : charges) {
      Long order =
          gateway(charge).equals("paypay")
              ? paypayKeys.get(id(charge))
              : orderOfReference(charge.path("reference").asText());
      if (order == null || !orders.containsKey(order)) {
        if (held(charge) != 0) {
          findings.add(
              "%s charge %s holds %d and names no order of the soak (reference %s)"
                  .formatted(
                      gateway(charge),
                      id(charge),
                      held(charge),
                      charge.path("reference").asText()));
        }
        continue;
      }
      byOrder.computeIfAbsent(order, o -> new ArrayList<>()).add(charge);
    }
    return byOrder;
  }

  /** {@code 42}, {@code ORDER-42} or a later 2C2P invoice's {@code ORDER-42-2}: order 42. */
  private static Long orderOfReference(String reference) {
    String id = reference.replace("ORDER-", "");
    int dash = id.indexOf('-');
    try {
      return Long.parseLong(dash < 0 ? id : id.substring(0, dash));
    } catch (NumberFormatException notOurs) {
      return null;
    }
  }

  /**
   * The attempt that knows the charge: by the gateway's id, by our key (2C2P's ledger id is its
   * tranRef, Ichido knows the charge by the invoice number) or, PayPay's, by our gateway key.
   */
  private JsonNode attemptOf(long orderId, JsonNode charge) {
    JsonNode found = null;
    for (JsonNode attempt : orders.get(orderId).path("attempts")) {
      if (!attempt.path("gateway").asText().equals(gateway(charge))) {
        continue;
      }
      String known = attempt.path("charge").asText(null);
      boolean same =
          known != null
                  && (known.equals(id(charge))
                      || known.equals(charge.path("idempotencyKey").asText()))
              || gateway(charge).equals("paypay")
                  && attempt.path("key").asText().equals(id(charge));
      if (same) {
        if (found != null) {
          findings.add(
              "order %d: %s charge %s is on two attempts' ledgers (%d and %d)"
                  .formatted(
                      orderId,
                      gateway(charge),
                      id(charge),
                      found.path("id").asLong(),
                      attempt.path("id").asLong()));
        }
        found = attempt;
      }
    }
    return found;
  }

  private void statusAsItsLedger(JsonNode order) {
    long orderId = order.path("id").asLong();
    long amount = order.path("amount").asLong();
    String currency = order.path("currency").asText();
    String status = order.path("status").asText();
    long holding = 0;
    long payments = 0;
    for (JsonNode attempt : order.path("attempts")) {
      long held =
          attempt.path("charged").asLong()
              - attempt.path("returned").asLong()
              - attempt.path("withdrawn").asLong();
      if (held != 0) {
        holding++;
      }
      if (held == amount
          && attempt.path("status").asText().equals("SUCCEEDED")
          && currency.equals(attempt.path("currencies").asText())) {
        payments++;
      }
    }
    boolean agrees =
        status.equals("PAID")
            ? payments == 1 && holding == 1
            : HOLDING_NOTHING.contains(status) && holding == 0;
    if (!agrees) {
      findings.add(
          "order %d is %s, and its ledger holds money on %d attempts (%d paying it): %s"
              .formatted(orderId, status, holding, payments, order.path("attempts")));
    }
  }

  /**
   * Every order whose charge was answered 201 {@code succeeded} ends paid, or refunded where its
   * customer's bank took the payment back.
   */
  private void acknowledgedPaymentsKept() {
    Set<Long> takenBack = new HashSet<>();
    for (JsonNode done : world) {
      String what = done.path("what").asText();
      if (what.equals("dispute lost") || what.equals("chargeback")) {
        takenBack.add(done.path("order").asLong());
      }
    }
    for (JsonNode exchange : exchanges) {
      if (!exchange.path("path").asText().equals(CHARGE)
          || exchange.path("status").asInt() != 201
          || !exchange.path("answer").path("status").asText().equals("succeeded")) {
        continue;
      }
      long orderId = exchange.path("answer").path("order_id").asLong();
      JsonNode order = orders.get(orderId);
      String expected = takenBack.contains(orderId) ? "REFUNDED" : "PAID";
      if (order == null || !order.path("status").asText().equals(expected)) {
        findings.add(
            "order %d was answered 201 succeeded (key %s) and ends %s, not %s"
                .formatted(
                    orderId,
                    exchange.path("key").asText(),
                    order == null ? "unknown" : order.path("status").asText(),
                    expected));
      }
    }
  }

  private static long took(JsonNode charge) {
    return TOOK_MONEY.contains(charge.path("status").asText()) ? charge.path("amount").asLong() : 0;
  }

  private static long held(JsonNode charge) {
    long took = took(charge);
    return took == 0
        ? 0
        : took - charge.path("amountRefunded").asLong() - charge.path("amountChargedBack").asLong();
  }

  private static String gateway(JsonNode charge) {
    return charge.path("gateway").asText();
  }

  private static String id(JsonNode charge) {
    return charge.path("id").asText();
  }
}
