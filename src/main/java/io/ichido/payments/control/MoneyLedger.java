package io.ichido.payments.control;

import io.ichido.payments.control.MoneyDecider.Decision;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.LedgerMoved;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyMovement;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.OrderMoney.AttemptMoney;
import io.ichido.payments.entity.OrderMoney.Role;
import io.ichido.payments.entity.OrderStanding;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the money decider meets the database: reads what is known of an order's money (its
 * attempts, the refunds asked of them, and its ledger), decides one observation, and adds the
 * decision's ledger rows, in the caller's transaction under the order's lock. The caller carries
 * out the decision's other effects.
 */
@ApplicationScoped
public class MoneyLedger {

  private static final String SUMS =
      "SELECT m.attempt_id, m.movement, sum(m.amount) FROM money_movement m"
          + " WHERE m.order_id = ?1 GROUP BY m.attempt_id, m.movement";

  /** The currency each attempt's money was taken in, as its ledger rows name it. */
  private static final String TAKEN_IN =
      "SELECT m.attempt_id, max(m.currency) FROM money_movement m"
          + " WHERE m.order_id = ?1 AND m.movement = 'CHARGED' GROUP BY m.attempt_id";

  @PersistenceContext EntityManager em;

  @Inject Gateways gateways;
  @Inject Event<LedgerMoved> moved;

  /**
   * Decides {@code seen} for {@code order} (locked by the caller) and writes its rows: {@code
   * reference} is the gateway's id for the movement (charge or refund) or the operator's.
   */
  @Transactional(TxType.MANDATORY)
  public Decision observe(
      PayableOrder order, MoneyObservation seen, String reference, String via, String recordedBy) {
    OrderMoney money = of(order);
    if (seen instanceof MoneyObservation.Taken taken && reference != null) {
      // The gateway names the charge it took in this very report: it can be given back by API.
      money = named(money, taken.attemptId());
    }
    Decision decision = MoneyDecider.decide(money, seen);
    for (MoneyEffect effect : decision.effects()) {
      if (effect instanceof MoneyEffect.Ledger row) {
        ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, row.attemptId());
        em.persist(new MoneyMovement(attempt, row, reference, via, recordedBy));
      }
    }
    em.flush();
    if (!decision.effects().isEmpty() || !decision.money().equals(money)) {
      moved.fire(new LedgerMoved(order.id()));
    }
    return decision;
  }

  /**
   * Whether the money decider ends the attempt (it held the order's slot and no money): the caller
   * then records how it ended. An attempt that took money is never ended by a later failure.
   */
  @Transactional(TxType.MANDATORY)
  public boolean ends(PayableOrder order, ChargeAttempt attempt, String reference, String via) {
    Decision decision =
        observe(order, new MoneyObservation.Ended(attempt.id()), reference, via, null);
    return decision.money().attempt(attempt.id()).map(a -> a.role() == Role.ENDED).orElse(false)
        && role(attempt, 0) == Role.WAITING;
  }

  /** What the gateway has given back of an attempt in all, as the ledger knows it. */
  @Transactional(TxType.MANDATORY)
  public long returnedOf(long orderId, long attemptId) {
    return sums(orderId).getOrDefault(attemptId, new long[3])[1];
  }

  /** What is known of the order's money now. */
  @Transactional(TxType.MANDATORY)
  public OrderMoney of(PayableOrder order) {
    Map<Long, long[]> sums = sums(order.id());
    Map<Long, List<GatewayRefund>> refunds = new HashMap<>();
    em.createNamedQuery(GatewayRefund.FOR_ORDER, GatewayRefund.class)
        .setParameter("orderId", order.id())
        .getResultStream()
        .forEach(r -> refunds.computeIfAbsent(r.attemptId(), id -> new ArrayList<>()).add(r));
    Map<Long, String> takenIn = takenIn(order.id());
    List<AttemptMoney> attempts = new ArrayList<>();
    for (ChargeAttempt attempt :
        em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
            .setParameter("orderId", order.id())
            .getResultList()) {
      long[] sum = sums.getOrDefault(attempt.id(), new long[3]);
      List<GatewayRefund> its = refunds.getOrDefault(attempt.id(), List.of());
      long returning =
          its.stream().filter(r -> r.status().inDoubt()).mapToLong(GatewayRefund::amount).sum();
      Role role = role(attempt, sum[0]);
      boolean refundable =
          attempt.gatewayChargeId() != null
              && gateways.named(attempt.gateway()).map(PaymentGateway::refunds).orElse(false);
      boolean surplusRefused =
          its.stream().anyMatch(r -> r.owed() && r.status() == GatewayRefund.Status.FAILED)
              && its.stream().noneMatch(r -> r.owed() && r.status() != GatewayRefund.Status.FAILED);
      long paid = role == Role.PAYMENT ? Math.min(sum[0], order.amount()) : 0;
      AttemptMoney money =
          new AttemptMoney(
              attempt.id(),
              role,
              // What the gateway took it in, not what we asked for: the two differ when it lied.
              takenIn.getOrDefault(attempt.id(), attempt.currency()),
              sum[0],
              sum[1],
              returning,
              paid,
              surplusRefused || (!refundable && role != Role.REVIEW),
              refundable,
              dispute(attempt, sum[2]));
      attempts.add(money.loose() > 0 ? money : money.retried());
    }
    OrderMoney money = new OrderMoney(order.amount(), order.currency(), true, attempts);
    // It takes a payment while its stage does and none of its money is decided: the ledger says.
    return OrderStanding.open(money, order.stage()) ? money : money.closed();
  }

  @SuppressWarnings("unchecked")
  private Map<Long, String> takenIn(long orderId) {
    Map<Long, String> currencies = new HashMap<>();
    for (Object[] row :
        (List<Object[]>) em.createNativeQuery(TAKEN_IN).setParameter(1, orderId).getResultList()) {
      currencies.put(((Number) row[0]).longValue(), (String) row[1]);
    }
    return currencies;
  }

  private static OrderMoney.Dispute dispute(ChargeAttempt attempt, long withdrawn) {
    OrderMoney.Dispute.State state =
        attempt.dispute() == null
            ? OrderMoney.Dispute.State.NONE
            : OrderMoney.Dispute.State.valueOf(attempt.dispute());
    return new OrderMoney.Dispute(state, withdrawn, attempt.disputeSeen());
  }

  private OrderMoney named(OrderMoney money, long attemptId) {
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, attemptId);
    return money
        .attempt(attemptId)
        .filter(a -> !a.refundable())
        .filter(a -> gateways.named(attempt.gateway()).map(PaymentGateway::refunds).orElse(false))
        .map(a -> money.with(a.refundableNow()))
        .orElse(money);
  }

  private static Role role(ChargeAttempt attempt, long received) {
    ChargeStatus status = attempt.status();
    if (status.paid()) {
      return Role.PAYMENT;
    }
    if (status.surplus()) {
      return Role.SURPLUS;
    }
    if (status == ChargeStatus.NEEDS_REVIEW) {
      return received > 0 ? Role.REVIEW : Role.ENDED;
    }
    return status.holdsSlot() ? Role.WAITING : Role.ENDED;
  }

  /**
   * Per attempt of the order, what its ledger shows: taken, given back, and held by disputes now
   * (taken back by the customer's bank, net of what it gave back).
   */
  @Transactional(TxType.MANDATORY)
  @SuppressWarnings("unchecked")
  public Map<Long, long[]> sums(long orderId) {
    Map<Long, long[]> sums = new HashMap<>();
    for (Object[] row :
        (List<Object[]>) em.createNativeQuery(SUMS).setParameter(1, orderId).getResultList()) {
      long[] sum = sums.computeIfAbsent(((Number) row[0]).longValue(), id -> new long[3]);
      long amount = ((Number) row[2]).longValue();
      // Taken; given back; held by disputes now.
      switch (MoneyEffect.Movement.valueOf((String) row[1])) {
        case CHARGED -> sum[0] += amount;
        case RETURNED, RETURNED_OUTSIDE -> sum[1] += amount;
        case DISPUTED -> sum[2] += amount;
        case REINSTATED -> sum[2] -= amount;
      }
    }
    return sums;
  }
}
