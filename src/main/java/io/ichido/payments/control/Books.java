package io.ichido.payments.control;

import io.ichido.payments.control.BookRecords.Finding;
import io.ichido.payments.control.BookRecords.LedgerCharge;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.ReconciliationRun;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reconciles our books with a gateway's own records for a window, as a shop's finance team does
 * every day: reads every charge the gateway made in it, and per charge compares what the gateway
 * took and gave back with what the ledger shows for the attempt holding it. Money that belongs to
 * one of our attempts and is simply not on the ledger yet (a lost webhook) goes to the money
 * decider as a read-back would, and is then no difference; every other difference is named once
 * ({@link BookRecords#finish}). A charge the ledger shows and the list lacks is asked for by itself
 * before it is called missing: a window's edge proves nothing. Runs without a transaction: the
 * gateway is asked between short ones.
 */
@ApplicationScoped
public class Books {

  /** The actor of every fact a reconciliation chains. */
  public static final String ACTOR = "reconciler";

  private static final Logger LOG = Logger.getLogger(Books.class.getName());
  private static final String VIA = "reconciliation";

  @Inject Gateways gateways;
  @Inject BookRecords records;
  @Inject GatewayNotices notices;

  /**
   * Reconciles {@code gateway} over {@code [from, to)}, started by {@code startedBy}; the run as it
   * ended. A gateway that cannot be read fails the run (recorded with why) and names nothing.
   *
   * @throws ReconciliationRefused for a gateway not enabled or an empty window
   */
  @Transactional(Transactional.TxType.NOT_SUPPORTED)
  public ReconciliationRun run(String gateway, Instant from, Instant to, String startedBy) {
    if (from == null || to == null || !to.isAfter(from)) {
      throw new ReconciliationRefused("A window is required whose end (to) is after its start.");
    }
    PaymentGateway books =
        gateways
            .named(gateway)
            .orElseThrow(
                () -> new ReconciliationRefused("No gateway " + gateway + " is enabled here."));
    long runId = records.begin(gateway, from, to, startedBy);
    try {
      List<GatewayMovement> read =
          books.listsMovements()
              ? books.movements(from, to)
              : readBack(books, records.chargesOf(gateway, from, to));
      Set<String> ids = new HashSet<>();
      read.forEach(movement -> ids.add(movement.chargeId()));
      Map<String, LedgerCharge> ledger = records.ledger(gateway, ids, from, to);
      List<Finding> findings = new ArrayList<>();
      int handed = 0;
      for (GatewayMovement movement : read) {
        if (compare(movement, ledger.get(movement.chargeId()), findings)) {
          handed++;
        }
      }
      for (LedgerCharge ours : ledger.values()) {
        if (!ids.contains(ours.chargeId()) && ours.taken() > 0) {
          Optional<GatewayMovement> one = readOne(books, ours.chargeId());
          if (one.isEmpty()) {
            findings.add(BookComparison.notAtGateway(gateway, ours));
          } else if (compare(one.get(), ours, findings)) {
            handed++;
          }
        }
      }
      int named = records.finish(runId, read.size(), handed, findings);
      LOG.log(
          Level.INFO,
          "Reconciled {0} over [{1}, {2}): {3} charges read, {4} handed to the ledger, {5} new"
              + " differences",
          new Object[] {gateway, from, to, read.size(), handed, named});
    } catch (RuntimeException failure) {
      LOG.log(Level.WARNING, "Reconciling " + gateway + " failed; it names nothing", failure);
      records.failed(runId, failure.toString());
    }
    return records.run(runId);
  }

  /**
   * Compares one charge of the gateway with the ledger's; whether it handed money to the ledger.
   * After handing it over the ledger is read again and compared once more.
   */
  private boolean compare(GatewayMovement gateway, LedgerCharge ours, List<Finding> findings) {
    BookComparison.Verdict verdict = BookComparison.of(gateway, ours, false);
    if (!verdict.handOver()) {
      findings.addAll(verdict.findings());
      return false;
    }
    handOver(ours, gateway);
    findings.addAll(
        BookComparison.of(gateway, records.ledgerOf(ours.attemptId()), true).findings());
    return true;
  }

  /**
   * The money is ours, simply not on the ledger: told to the money decider as a read-back of the
   * charge would tell it (taken, and all given back of it so far), in a transaction of its own.
   */
  private void handOver(LedgerCharge ours, GatewayMovement gateway) {
    ChargeAttempt attempt = records.attempt(ours.attemptId());
    notices.paidAsReadAlone(
        attempt,
        new GatewayCharge(
            ChargeStatus.SUCCEEDED,
            ours.chargeId(),
            gateway.taken(),
            gateway.currency(),
            null,
            null,
            null,
            null,
            gateway.returned()),
        ChargeStatus.DECLINED,
        VIA);
  }

  /** A gateway with no usable list: each charge of the window read back by itself. */
  private static List<GatewayMovement> readBack(PaymentGateway gateway, List<String> chargeIds) {
    List<GatewayMovement> read = new ArrayList<>();
    for (String chargeId : chargeIds) {
      readOne(gateway, chargeId).ifPresent(read::add);
    }
    return read;
  }

  /** The one charge as the gateway shows it; empty when the gateway says it has no such charge. */
  private static Optional<GatewayMovement> readOne(PaymentGateway gateway, String chargeId) {
    try {
      return Optional.of(GatewayMovement.of(gateway.retrieve(chargeId)));
    } catch (GatewayRefusedCall refused) {
      if (refused.why() == GatewayRefusedCall.Why.NOT_FOUND) {
        return Optional.empty();
      }
      throw refused;
    }
  }
}
