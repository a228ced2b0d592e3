package io.ichido.payments.control;

import io.ichido.payments.entity.BookDifference;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.DifferenceFound;
import io.ichido.payments.entity.DifferenceKind;
import io.ichido.payments.entity.DifferenceResolved;
import io.ichido.payments.entity.ReconciliationRun;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * What a reconciliation reads of our books and writes of what it found, each in a short transaction
 * of its own, never while a gateway is asked ({@link Books} does that between them).
 */
@ApplicationScoped
public class BookRecords {

  /**
   * Per attempt of the gateway holding one of {@code ids}, or whose ledger moved in the window:
   * what the ledger took and what the gateway gave back of it. Returns recorded outside the gateway
   * and disputes are not the gateway's refunds, so they are not compared.
   */
  private static final String LEDGER =
      "SELECT a.id, a.order_id, a.gateway_charge_id, COALESCE(max(m.currency), a.currency),"
          + " COALESCE(sum(m.amount) FILTER (WHERE m.movement = 'CHARGED'), 0),"
          + " COALESCE(sum(m.amount) FILTER (WHERE m.movement = 'RETURNED'), 0)"
          + " FROM charge_attempt a LEFT JOIN money_movement m ON m.attempt_id = a.id"
          + " WHERE a.gateway = :gateway AND a.gateway_charge_id IS NOT NULL"
          + " AND (a.gateway_charge_id IN (:ids) OR EXISTS (SELECT 1 FROM money_movement w"
          + " WHERE w.attempt_id = a.id AND w.recorded_at >= :from AND w.recorded_at < :to))"
          + " GROUP BY a.id";

  private static final String CHARGES =
      "SELECT a.gateway_charge_id FROM charge_attempt a WHERE a.gateway = :gateway"
          + " AND a.gateway_charge_id IS NOT NULL AND a.requested_at >= :from"
          + " AND a.requested_at < :to ORDER BY a.id";

  /** Names a difference once: one named already (by gateway, kind and id) is skipped. */
  private static final String NAME =
      "INSERT INTO book_difference (gateway, kind, gateway_id, charge_id, order_id, attempt_id,"
          + " at_gateway, on_ledger, currency, detail, run_id, found_at)"
          + " VALUES (:gateway, :kind, :gatewayId, :moneyId, :orderId, :attemptId, :atGateway,"
          + " :onLedger, :currency, :detail, :runId, now())"
          + " ON CONFLICT (gateway, kind, gateway_id) DO NOTHING RETURNING id";

  @PersistenceContext EntityManager em;

  @Inject Event<Object> events;
  @Inject MetricRegistry registry;

  /** What the ledger shows of one attempt's charge. */
  record LedgerCharge(
      long attemptId, long orderId, String chargeId, String currency, long taken, long returned) {}

  /** A difference found, to be named. */
  record Finding(
      DifferenceKind kind,
      String chargeId,
      String moneyId,
      Long orderId,
      Long attemptId,
      long atGateway,
      long onLedger,
      String currency,
      String detail) {}

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public long begin(String gateway, Instant from, Instant to, String startedBy) {
    ReconciliationRun run = new ReconciliationRun(gateway, from, to, startedBy);
    em.persist(run);
    em.flush();
    return run.id();
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  @SuppressWarnings("unchecked")
  Map<String, LedgerCharge> ledger(
      String gateway, Collection<String> ids, Instant from, Instant to) {
    List<String> wanted = ids.isEmpty() ? List.of("") : new ArrayList<>(ids);
    Map<String, LedgerCharge> found = new HashMap<>();
    for (Object[] row :
        (List<Object[]>)
            em.createNativeQuery(LEDGER)
                .setParameter("gateway", gateway)
                .setParameter("ids", wanted)
                .setParameter("from", Timestamp.from(from))
                .setParameter("to", Timestamp.from(to))
                .getResultList()) {
      LedgerCharge charge =
          new LedgerCharge(
              ((Number) row[0]).longValue(),
              ((Number) row[1]).longValue(),
              (String) row[2],
              ((String) row[3]).trim(),
              ((Number) row[4]).longValue(),
              ((Number) row[5]).longValue());
      found.put(charge.chargeId(), charge);
    }
    return found;
  }

  /** What the ledger shows now of one attempt's charge. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  LedgerCharge ledgerOf(long attemptId) {
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, attemptId);
    return ledger(
            attempt.gateway(),
            List.of(attempt.gatewayChargeId()),
            Instant.EPOCH,
            Instant.EPOCH.plusSeconds(1))
        .get(attempt.gatewayChargeId());
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  ChargeAttempt attempt(long attemptId) {
    return Rows.find(em, ChargeAttempt.class, attemptId);
  }

  /** The charges our attempts made at the gateway in the window, by the gateway's id. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  @SuppressWarnings("unchecked")
  List<String> chargesOf(String gateway, Instant from, Instant to) {
    return em.createNativeQuery(CHARGES)
        .setParameter("gateway", gateway)
        .setParameter("from", Timestamp.from(from))
        .setParameter("to", Timestamp.from(to))
        .getResultList();
  }

  /**
   * Names each finding not named before, chains it and counts it ({@code
   * ichido_reconciliation_differences_total{gateway,kind}}), and ends the run: how many were new.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  int finish(long runId, int read, int handed, List<Finding> findings) {
    ReconciliationRun run = Rows.find(em, ReconciliationRun.class, runId);
    int named = 0;
    for (Finding finding : findings) {
      List<?> id =
          em.createNativeQuery(NAME)
              .setParameter("gateway", run.gateway())
              .setParameter("kind", finding.kind().name())
              .setParameter("gatewayId", finding.chargeId())
              .setParameter("moneyId", finding.moneyId())
              .setParameter("orderId", finding.orderId())
              .setParameter("attemptId", finding.attemptId())
              .setParameter("atGateway", finding.atGateway())
              .setParameter("onLedger", finding.onLedger())
              .setParameter("currency", finding.currency())
              .setParameter("detail", finding.detail())
              .setParameter("runId", runId)
              .getResultList();
      if (id.isEmpty()) {
        continue;
      }
      named++;
      events.fire(
          new DifferenceFound(
              ((Number) id.get(0)).longValue(),
              run.gateway(),
              finding.kind(),
              finding.chargeId(),
              finding.orderId(),
              finding.attemptId(),
              finding.atGateway(),
              finding.onLedger(),
              finding.currency(),
              finding.detail(),
              runId));
      registry
          .counter(
              "ichido.reconciliation.differences",
              new Tag("gateway", run.gateway()),
              new Tag("kind", finding.kind().name()))
          .inc();
    }
    run.finished(read, handed, named);
    return named;
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  void failed(long runId, String why) {
    Rows.find(em, ReconciliationRun.class, runId).failed(why);
  }

  @Transactional
  public ReconciliationRun run(long runId) {
    return Rows.find(em, ReconciliationRun.class, runId);
  }

  @Transactional
  public List<ReconciliationRun> runs(int limit) {
    return em.createNamedQuery(ReconciliationRun.NEWEST, ReconciliationRun.class)
        .setMaxResults(limit)
        .getResultList();
  }

  @Transactional
  public List<BookDifference> open(int limit) {
    return em.createNamedQuery(BookDifference.OPEN, BookDifference.class)
        .setMaxResults(limit)
        .getResultList();
  }

  /**
   * An operator closes a difference with a note, chained naming them. Once: a second resolve is
   * refused and changes nothing.
   */
  @Transactional
  public BookDifference resolve(long id, String operator, String note) {
    BookDifference difference =
        Rows.find(em, BookDifference.class, id, LockModeType.PESSIMISTIC_WRITE);
    if (difference == null) {
      throw new DifferenceNotFound(id);
    }
    if (difference.resolvedAt() != null) {
      throw new DifferenceResolvedAlready(id, difference.resolvedBy());
    }
    difference.resolve(operator, note);
    events.fire(
        new DifferenceResolved(
            id,
            difference.gateway(),
            difference.kind(),
            difference.gatewayId(),
            difference.orderId(),
            operator,
            note));
    return difference;
  }
}
