package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Db;
import io.ichido.it.support.PaymentLog;
import io.ichido.it.support.Sandbox;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the gateways hold for an order, read from the sandbox's ledger, against what Ichido
 * recorded: paid minus refunded and charged back is what the order owes (or nothing), and the
 * payment log names every charge that took money.
 */
final class MoneyTrail {

  private static final List<String> TOOK_MONEY = List.of("paid", "partially_refunded", "refunded");

  private MoneyTrail() {}

  /**
   * The sandbox's charges for the order: the card gateways file one under the order's reference;
   * PayPay under the merchant payment id, our gateway key of one of the order's attempts.
   */
  static List<JsonNode> charges(long orderId) {
    List<JsonNode> charges = new ArrayList<>();
    Set<String> paypayKeys =
        new HashSet<>(
            Db.rows(
                    "SELECT gateway_key FROM charge_attempt WHERE order_id = ?"
                        + " AND gateway = 'paypay'",
                    orderId)
                .stream()
                .map(row -> String.valueOf(row.get("gateway_key")))
                .toList());
    for (JsonNode entry : Sandbox.ledger()) {
      if (entry.path("gateway").asText().equals("paypay")) {
        if (paypayKeys.contains(entry.path("id").asText())) {
          charges.add(entry);
        }
      } else if (Sandbox.references(entry, orderId)) {
        charges.add(entry);
      }
    }
    return charges;
  }

  /** The ledger's charges for the order that took money (some may have gone back since). */
  static List<JsonNode> paidCharges(long orderId) {
    return charges(orderId).stream()
        .filter(c -> TOOK_MONEY.contains(c.path("status").asText()))
        .toList();
  }

  /**
   * Paid minus refunded and minus what the customer's bank took back at the gateways for the order:
   * below zero, the customer got more back than they paid.
   */
  static long net(long orderId) {
    return paidCharges(orderId).stream().mapToLong(c -> c.path("amount").asLong() - back(c)).sum();
  }

  /** What went back of a charge: its refunds and its chargeback (2C2P's). */
  private static long back(JsonNode charge) {
    return charge.path("amountRefunded").asLong() + charge.path("amountChargedBack").asLong();
  }

  /** Whether the payment log (chained or still pending) names the ledger charge for the order. */
  static boolean logged(long orderId, JsonNode charge) {
    // 2C2P's ledger id is its tranRef; Ichido knows the charge by the invoice number, its key.
    return Db.count(
            "SELECT count(*) FROM (SELECT order_id, charge_id FROM payment_log UNION ALL"
                + " SELECT order_id, charge_id FROM payment_log_pending) f"
                + " WHERE order_id = ? AND charge_id IN (?, ?)",
            orderId,
            charge.path("id").asText(),
            charge.path("idempotencyKey").asText())
        > 0;
  }

  /**
   * Where the order's ledger (its {@code money_movement} rows) and what the sandbox's ledger holds
   * disagree, charge by charge: what each charge took and gave back, against the rows of the
   * attempt Ichido knows it by. Empty when they agree.
   */
  static List<String> ledgerDisagreements(long orderId) {
    List<String> wrong = new ArrayList<>();
    long rowsFound = 0;
    for (JsonNode charge : charges(orderId)) {
      long took =
          TOOK_MONEY.contains(charge.path("status").asText()) ? charge.path("amount").asLong() : 0;
      long refunded = took == 0 ? 0 : back(charge);
      // 2C2P's ledger id is its tranRef; Ichido knows the charge by the invoice number, its key.
      long attempt =
          Db.count(
              "SELECT COALESCE(max(id), -1) FROM charge_attempt WHERE order_id = ?"
                  + " AND gateway_charge_id IN (?, ?)",
              orderId,
              charge.path("id").asText(),
              charge.path("idempotencyKey").asText());
      long charged =
          Db.count(
              "SELECT COALESCE(sum(amount), 0) FROM money_movement WHERE attempt_id = ?"
                  + " AND movement = 'CHARGED'",
              attempt);
      // A dispute's funds given back to the merchant (REINSTATED) undo what it took (DISPUTED).
      long back =
          Db.count(
              "SELECT COALESCE(sum(CASE movement WHEN 'REINSTATED' THEN -amount ELSE amount END),"
                  + " 0) FROM money_movement WHERE attempt_id = ? AND movement <> 'CHARGED'",
              attempt);
      rowsFound += Db.count("SELECT count(*) FROM money_movement WHERE attempt_id = ?", attempt);
      if (charged != took || back != refunded) {
        wrong.add(
            "order %d charge %s: the gateway took %d and gave back %d, the ledger says %d and %d"
                .formatted(orderId, charge.path("id").asText(), took, refunded, charged, back));
      }
    }
    long rows = Db.count("SELECT count(*) FROM money_movement WHERE order_id = ?", orderId);
    if (rows != rowsFound) {
      wrong.add(
          "order %d: %d ledger rows for charges the gateway does not hold"
              .formatted(orderId, rows - rowsFound));
    }
    return wrong;
  }

  /**
   * What the payment log's verify finds wrong with the order's ledger rows (the decider's rules).
   */
  static List<JsonNode> ledgerProblems(long orderId) {
    List<JsonNode> found = new ArrayList<>();
    for (JsonNode problem : PaymentLog.verify().path("ledger").path("problems")) {
      if (problem.path("orderId").asLong() == orderId) {
        found.add(problem);
      }
    }
    return found;
  }

  static void assertNetIs(long orderId, long expected) {
    assertThat(net(orderId))
        .as("paid minus refunded at the gateways for order " + orderId)
        .isEqualTo(expected);
    for (JsonNode charge : paidCharges(orderId)) {
      assertThat(logged(orderId, charge))
          .as("the payment log names charge " + charge.path("id").asText())
          .isTrue();
    }
  }
}
