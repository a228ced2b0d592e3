package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.AfterTheRun;
import io.ichido.it.support.Db;
import io.ichido.it.support.Delivery;
import io.ichido.it.support.OwnDatabases;
import io.ichido.it.support.RunDiary;
import io.ichido.it.support.Sandbox;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * After every other test of the run: every order the run made is matched against what the gateway
 * sandbox holds, charge by charge: what each charge took, what went back of it, and what the
 * customer's bank took back by a chargeback, against the ledger rows of the attempt Ichido knows it
 * by; and every ledger row against a charge the sandbox holds. A difference fails the build, naming
 * the order and the test class that made it ({@link RunDiary}).
 *
 * <p>Accounted for, and so not a difference: an order the reconciliation has named (a row of {@code
 * book_difference}: a test planted a charge made only in the dashboard, or a gateway that lied, and
 * proved the reconciliation finds it); charges that servers on databases of their own made ({@link
 * OwnDatabases}: {@code PatroniFailoverIT}'s cluster, {@code CrashRecoveryIT}'s), whose orders are
 * not in this database; and the disputes of the gateways other than 2C2P, whose money the sandbox
 * keeps in dispute objects rather than on the charge (2C2P's chargebacks are on the charge and are
 * compared).
 */
@AfterTheRun
class BooksAfterTheRunIT {

  private static final Set<String> TOOK_MONEY = Set.of("paid", "partially_refunded", "refunded");

  @Test
  @DisplayName(
      "every yen the sandbox holds is on the ledger of the order it was taken for, and every ledger"
          + " row on a charge the sandbox holds")
  void everyOrderAgreesWithTheGateway() {
    Map<String, Map<String, Object>> attempts = new HashMap<>();
    for (Map<String, Object> attempt :
        Db.rows(
            "SELECT a.id, a.order_id, a.gateway, a.gateway_charge_id, o.created_at,"
                + " COALESCE(sum(m.amount) FILTER (WHERE m.movement = 'CHARGED'), 0) AS charged,"
                + " COALESCE(sum(m.amount) FILTER (WHERE m.movement IN ('RETURNED',"
                + " 'RETURNED_OUTSIDE')), 0) AS returned,"
                + " COALESCE(sum(CASE m.movement WHEN 'DISPUTED' THEN m.amount"
                + " WHEN 'REINSTATED' THEN -m.amount END), 0) AS withdrawn"
                + " FROM charge_attempt a JOIN customer_order o ON o.id = a.order_id"
                + " LEFT JOIN money_movement m ON m.attempt_id = a.id"
                + " WHERE a.gateway_charge_id IS NOT NULL"
                + " GROUP BY a.id, o.created_at")) {
      attempts.put(attempt.get("gateway") + " " + attempt.get("gateway_charge_id"), attempt);
    }
    Set<Long> named = new HashSet<>();
    Set<String> namedCharges = new HashSet<>();
    for (Map<String, Object> row :
        Db.rows("SELECT order_id, gateway, gateway_id, charge_id FROM book_difference")) {
      if (row.get("order_id") != null) {
        named.add(((Number) row.get("order_id")).longValue());
      }
      namedCharges.add(row.get("gateway") + " " + row.get("gateway_id"));
      namedCharges.add(row.get("gateway") + " " + row.get("charge_id"));
    }
    Set<Long> spoken = new java.util.TreeSet<>();

    List<String> differences = new ArrayList<>();
    Set<Object> matched = new HashSet<>();
    int compared = 0;
    int ownDatabases = 0;
    for (JsonNode charge : Sandbox.ledger()) {
      String gateway = charge.path("gateway").asText();
      Instant made = instant(charge.path("createdAt").asText());
      String during = RunDiary.classAt(made);
      Map<String, Object> attempt = attempts.get(gateway + " " + charge.path("id").asText());
      if (attempt == null) {
        // 2C2P's ledger id is its tranRef; Ichido knows the charge by the invoice number, its key.
        attempt = attempts.get(gateway + " " + charge.path("idempotencyKey").asText());
      }
      long took =
          TOOK_MONEY.contains(charge.path("status").asText()) ? charge.path("amount").asLong() : 0;
      long refunded = took == 0 ? 0 : charge.path("amountRefunded").asLong();
      long chargedBack = took == 0 ? 0 : charge.path("amountChargedBack").asLong();
      if (attempt == null
          && OwnDatabases.made(
              gateway,
              charge.path("id").asText(),
              charge.path("reference").asText(),
              charge.path("idempotencyKey").asText())) {
        ownDatabases++;
        continue;
      }
      long order = orderOf(charge, attempt);
      String chargeId = charge.path("id").asText();
      if (attempt != null && Delivery.spokenFor((String) attempt.get("gateway_charge_id"))
          || Delivery.spokenFor(chargeId)) {
        spoken.add(order);
        if (attempt != null) {
          matched.add(attempt.get("id"));
        }
        continue;
      }
      if (order > 0 && named.contains(order)
          || namedCharges.contains(gateway + " " + chargeId)
          || namedCharges.contains(gateway + " " + charge.path("idempotencyKey").asText())) {
        if (attempt != null) {
          matched.add(attempt.get("id"));
        }
        continue;
      }
      compared++;
      if (attempt == null) {
        if (took > 0) {
          differences.add(
              "%s: order %s, %s charge %s took %d %s and is on no attempt's ledger"
                  .formatted(
                      during,
                      order > 0 ? order : charge.path("reference").asText(),
                      gateway,
                      charge.path("id").asText(),
                      took,
                      charge.path("currency").asText()));
        }
        continue;
      }
      matched.add(attempt.get("id"));
      long charged = number(attempt, "charged");
      long returned = number(attempt, "returned");
      long withdrawn = number(attempt, "withdrawn");
      if (charged != took || returned != refunded || withdrawn != chargedBack) {
        differences.add(
            ("%s: order %d, %s charge %s: the gateway took %d, gave back %d, charged back %d;"
                    + " the ledger says %d, %d, %d")
                .formatted(
                    RunDiary.classAt(instant(attempt.get("created_at"))),
                    order,
                    gateway,
                    charge.path("id").asText(),
                    took,
                    refunded,
                    chargedBack,
                    charged,
                    returned,
                    withdrawn));
      }
    }
    for (Map<String, Object> attempt : attempts.values()) {
      long order = number(attempt, "order_id");
      if (matched.contains(attempt.get("id")) || named.contains(order)) {
        continue;
      }
      if (Delivery.spokenFor((String) attempt.get("gateway_charge_id"))) {
        spoken.add(order);
        continue;
      }
      if (number(attempt, "charged") > 0 || number(attempt, "returned") > 0) {
        differences.add(
            "%s: order %d, attempt %s: ledger rows for %s charge %s, which the gateway does not hold"
                .formatted(
                    RunDiary.classAt(instant(attempt.get("created_at"))),
                    order,
                    attempt.get("id"),
                    attempt.get("gateway"),
                    attempt.get("gateway_charge_id")));
      }
    }
    System.out.printf(
        "Books after the run: %d charges compared, %d made on databases of their own, %d orders"
            + " named by the reconciliation, %d orders whose gateway a test spoke for %s, %d"
            + " differences%n",
        compared, ownDatabases, named.size(), spoken.size(), spoken, differences.size());
    assertThat(compared).as("charges the run made at the sandbox").isPositive();
    assertThat(differences).as("orders whose ledger is not what the gateway holds").isEmpty();
  }

  private static long orderOf(JsonNode charge, Map<String, Object> attempt) {
    if (attempt != null) {
      return number(attempt, "order_id");
    }
    // ORDER-<id>, or ORDER-<id>-<n> for a later 2C2P invoice of the same order.
    String reference = charge.path("reference").asText().replace("ORDER-", "");
    int dash = reference.indexOf('-');
    try {
      return Long.parseLong(dash < 0 ? reference : reference.substring(0, dash));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static long number(Map<String, Object> row, String column) {
    return ((Number) row.get(column)).longValue();
  }

  private static Instant instant(Object value) {
    if (value instanceof java.sql.Timestamp timestamp) {
      return timestamp.toInstant();
    }
    if (value instanceof OffsetDateTime time) {
      return time.toInstant();
    }
    return value == null || value.toString().isEmpty()
        ? Instant.EPOCH
        : Instant.parse(value.toString());
  }
}
