package io.ichido.payments.control;

import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.boundary.RefundOutcomeView;
import io.ichido.payments.boundary.ReturnOutcome;
import io.ichido.payments.boundary.ReviewOutcome;
import io.ichido.payments.boundary.ReviewQueue;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The review queue for operators: what waits for a person (orders in review, charges and refunds
 * the reconciler has not settled within {@code ichido.review.in-doubt-after}), read in four
 * statements, and the two ways out of review, each once whatever is retried. Accepting is one
 * transaction; refunding commits its refunds' intents first and sends them with nothing held, as a
 * merchant's refund is sent ({@link MerchantRefunds}), so a lost answer is sent again under the
 * same gateway key by the retry or by the sweep, never twice.
 */
@ApplicationScoped
public class Reviews {

  private static final String ORDERS =
      "SELECT o.id, o.owner, o.customer, o.review_reason, o.amount, o.currency, o.created_at,"
          + " (SELECT max(a.answered_at) FROM charge_attempt a WHERE a.order_id = o.id) AS since"
          + " FROM customer_order o WHERE o.status = 'NEEDS_REVIEW' ORDER BY o.id LIMIT ?1";

  /** Each attempt's money as its order's ledger has it: taken, and given back by anyone's hand. */
  private static final String ATTEMPTS =
      "SELECT a.order_id, a.id, a.gateway, a.gateway_charge_id, a.status,"
          + " COALESCE((SELECT sum(m.amount) FROM money_movement m WHERE m.attempt_id = a.id"
          + " AND m.movement = 'CHARGED'), 0),"
          + " COALESCE((SELECT sum(CASE WHEN m.movement = 'REINSTATED' THEN -m.amount ELSE"
          + " m.amount END) FROM money_movement m WHERE m.attempt_id = a.id"
          + " AND m.movement <> 'CHARGED'), 0)"
          + " FROM charge_attempt a WHERE a.order_id IN (?1) ORDER BY a.id";

  private static final String CHARGES_IN_DOUBT =
      "SELECT a.id, a.order_id, a.gateway, a.status, a.amount, a.currency, a.failure_code,"
          + " a.requested_at, a.reconciliations FROM charge_attempt a"
          + " WHERE a.status IN ('STARTED', 'UNKNOWN') AND a.requested_at < ?1"
          + " ORDER BY a.requested_at LIMIT ?2";

  private static final String REFUNDS_IN_DOUBT =
      "SELECT r.id, r.order_id, r.gateway, r.status, r.amount, r.currency, r.reason,"
          + " r.failure_code, r.requested_at, r.tries FROM gateway_refund r"
          + " WHERE r.status IN ('STARTED', 'UNKNOWN') AND r.requested_at < ?1"
          + " ORDER BY r.requested_at LIMIT ?2";

  /**
   * Orders whose money may wait for a person outside review: a surplus return the gateway refused
   * (and none asked again since), or a surplus (or what an accepted payment took beyond the price)
   * on a gateway that gives nothing back by API.
   */
  private static final String RETURNS_WAITING =
      "SELECT DISTINCT a.order_id FROM charge_attempt a WHERE a.status <> 'NEEDS_REVIEW' AND ("
          + " (EXISTS (SELECT 1 FROM gateway_refund r WHERE r.attempt_id = a.id"
          + " AND r.reason = 'surplus' AND r.status = 'FAILED')"
          + " AND NOT EXISTS (SELECT 1 FROM gateway_refund r WHERE r.attempt_id = a.id"
          + " AND r.reason = 'surplus' AND r.status <> 'FAILED'))"
          + " OR (a.status = 'SURPLUS' AND NOT EXISTS (SELECT 1 FROM gateway_refund r"
          + " WHERE r.attempt_id = a.id AND r.reason = 'surplus'))"
          + " OR (a.status IN ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')"
          + " AND a.received_amount > a.amount AND NOT EXISTS (SELECT 1 FROM gateway_refund r"
          + " WHERE r.attempt_id = a.id AND r.reason = 'surplus')))"
          + " ORDER BY a.order_id LIMIT ?1";

  @PersistenceContext EntityManager em;

  @Inject MoneyLedger ledger;
  @Inject PayableOrders payable;

  @Inject ReviewPhases phases;
  @Inject Refunds refunds;
  @Inject PaymentSettings settings;

  @Inject
  @ConfigProperty(name = "ichido.review.in-doubt-after", defaultValue = "PT15M")
  Duration inDoubtAfter;

  /** The queue, oldest first, at most {@code limit} of each kind. */
  @Transactional(TxType.REQUIRES_NEW)
  @SuppressWarnings("unchecked")
  public ReviewQueue queue(int limit) {
    Map<Long, ReviewQueue.Order> orders = new LinkedHashMap<>();
    Map<Long, List<ReviewQueue.Attempt>> attempts = new LinkedHashMap<>();
    List<Object[]> orderRows = em.createNativeQuery(ORDERS).setParameter(1, limit).getResultList();
    for (Object[] row : orderRows) {
      attempts.put(number(row[0]), new ArrayList<>());
    }
    if (!attempts.isEmpty()) {
      List<Object[]> attemptRows =
          em.createNativeQuery(ATTEMPTS)
              .setParameter(1, List.copyOf(attempts.keySet()))
              .getResultList();
      for (Object[] row : attemptRows) {
        attempts
            .get(number(row[0]))
            .add(
                new ReviewQueue.Attempt(
                    number(row[1]),
                    (String) row[2],
                    (String) row[3],
                    (String) row[4],
                    number(row[5]),
                    number(row[6])));
      }
    }
    for (Object[] row : orderRows) {
      long id = number(row[0]);
      List<ReviewQueue.Attempt> its = attempts.get(id);
      Instant created = instant(row[6]);
      Instant since = row[7] == null ? created : instant(row[7]);
      orders.put(
          id,
          new ReviewQueue.Order(
              id,
              (String) row[1],
              (String) row[2],
              (String) row[3],
              number(row[4]),
              (String) row[5],
              its.stream().mapToLong(a -> a.received() - a.refunded()).sum(),
              created,
              since,
              List.copyOf(its)));
    }
    Instant before = Instant.now().minus(inDoubtAfter);
    List<ReviewQueue.ChargeInDoubt> charges = new ArrayList<>();
    for (Object[] row :
        (List<Object[]>)
            em.createNativeQuery(CHARGES_IN_DOUBT)
                .setParameter(1, before)
                .setParameter(2, limit)
                .getResultList()) {
      charges.add(
          new ReviewQueue.ChargeInDoubt(
              number(row[0]),
              number(row[1]),
              (String) row[2],
              (String) row[3],
              number(row[4]),
              (String) row[5],
              (String) row[6],
              instant(row[7]),
              (int) number(row[8])));
    }
    List<ReviewQueue.RefundInDoubt> refundsInDoubt = new ArrayList<>();
    for (Object[] row :
        (List<Object[]>)
            em.createNativeQuery(REFUNDS_IN_DOUBT)
                .setParameter(1, before)
                .setParameter(2, limit)
                .getResultList()) {
      refundsInDoubt.add(
          new ReviewQueue.RefundInDoubt(
              number(row[0]),
              number(row[1]),
              (String) row[2],
              (String) row[3],
              number(row[4]),
              (String) row[5],
              (String) row[6],
              (String) row[7],
              instant(row[8]),
              (int) number(row[9])));
    }
    return new ReviewQueue(
        List.copyOf(orders.values()),
        charges,
        refundsInDoubt,
        returnsWaiting(limit),
        inDoubtAfter.toString());
  }

  /**
   * Money of attempts outside review that nobody is giving back, with what an operator can do about
   * it: the money decider's ways out.
   */
  @SuppressWarnings("unchecked")
  private List<ReviewQueue.ReturnWaiting> returnsWaiting(int limit) {
    List<ReviewQueue.ReturnWaiting> waiting = new ArrayList<>();
    for (Object id :
        (List<Object>)
            em.createNativeQuery(RETURNS_WAITING).setParameter(1, limit).getResultList()) {
      PayableOrder order = payable.find(((Number) id).longValue()).orElseThrow();
      OrderMoney money = ledger.of(order);
      for (OrderMoney.AttemptMoney attempt : money.attempts()) {
        Set<MoneyDecider.Way> ways = MoneyDecider.waysOut(money, attempt.id());
        if (attempt.role() == OrderMoney.Role.REVIEW || ways.isEmpty()) {
          continue;
        }
        ChargeAttempt its = Rows.find(em, ChargeAttempt.class, attempt.id());
        waiting.add(
            new ReviewQueue.ReturnWaiting(
                attempt.id(),
                order.id(),
                its.gateway(),
                its.gatewayChargeId(),
                attempt.loose(),
                attempt.currency(),
                ways.stream().map(w -> w.name().toLowerCase(java.util.Locale.ROOT)).toList()));
      }
    }
    return waiting;
  }

  /** Records what the gateway's portal shows for a charge in doubt, once per key. */
  public ChargeOutcome recordOutcome(
      String operator,
      String key,
      long attemptId,
      long taken,
      String currency,
      String reference,
      String chargeId) {
    return phases.recordOutcome(operator, key, attemptId, taken, currency, reference, chargeId);
  }

  /** Records what the gateway's portal shows for a refund in doubt, once per key. */
  public RefundOutcomeView recordRefundOutcome(
      String operator,
      String key,
      long refundId,
      boolean made,
      String gatewayRefundId,
      String reference) {
    return phases.recordRefundOutcome(operator, key, refundId, made, gatewayRefundId, reference);
  }

  /** Asks again for a return the gateway refused, once per key. */
  public ReturnOutcome returnAgain(String operator, String scope, String key, long attemptId) {
    return phases.returnAgain(operator, scope, key, attemptId);
  }

  /** Records money of an attempt given back in the gateway's merchant portal, once per key. */
  public ReturnOutcome returnedOutside(
      String operator, String key, long attemptId, long amount, String reference) {
    return phases.returnedOutside(operator, key, attemptId, amount, reference);
  }

  /**
   * Accepts the money the order received as its payment, in the caller's transaction.
   *
   * @throws ReviewRefusal when the order is not in review or holds nothing to accept
   */
  public ReviewOutcome accept(String operator, String key, long orderId) {
    return phases.accept(operator, key, orderId);
  }

  /**
   * Gives back everything the order received, each refund once under the client's key.
   *
   * @throws ReviewRefusal when the order is not in review or holds nothing to give back
   * @throws RefundRefusal when a gateway that holds its money refunds nothing by API here
   * @throws RefundInDoubt when another refund of the order is not settled yet
   * @throws RefundUnanswered when a gateway has not said yet whether it gave the money back
   * @throws GatewayRejected when a gateway refused (the order stays in review)
   */
  public ReviewOutcome refund(String operator, String scope, String key, long orderId) {
    List<RefundStep> steps = phases.ask(operator, scope, key, orderId);
    for (RefundStep step : steps) {
      if (phases.refund(step.refundId()).status().inDoubt()) {
        refunds.sendQuietly(step.refundId(), step.created());
      }
    }
    List<Long> ids = steps.stream().map(RefundStep::refundId).toList();
    for (long id : ids) {
      GatewayRefund now = phases.refund(id);
      switch (now.status()) {
        case SUCCEEDED -> {}
        case FAILED -> throw new GatewayRejected(now.gateway(), now.failureCode());
        case STARTED, UNKNOWN ->
            throw new RefundUnanswered(
                orderId,
                now.id(),
                now.gateway(),
                Math.max(1, settings.attemptLease().toSeconds() / 3));
      }
    }
    return phases.refunded(operator, orderId, ids);
  }

  private static long number(Object value) {
    return ((Number) value).longValue();
  }

  private static Instant instant(Object value) {
    if (value instanceof Instant at) {
      return at;
    }
    if (value instanceof OffsetDateTime at) {
      return at.toInstant();
    }
    if (value instanceof java.sql.Timestamp at) {
      return at.toInstant();
    }
    throw new IllegalStateException("Not a time: " + value.getClass());
  }
}
