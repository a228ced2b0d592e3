package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeStatus;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Cancels an order nobody paid yet, its payments first, as {@link Abandonment} ends a lapsed one:
 * an attempt in doubt is reconciled (silence never cancels: still unknown, nothing is cancelled and
 * the caller retries); an attempt waiting on the customer is read back, ended where its gateway
 * allows (Stripe, KOMOJU) and read once more; then the decision is taken in one short transaction
 * under the order's lock ({@link CancelPhases#decide}). A gateway that cannot end a payment (Omise,
 * 2C2P) leaves it open: money it still takes is no payment of a cancelled order and goes back by
 * itself. Never inside a transaction: it talks to gateways.
 */
@ApplicationScoped
public class Cancellations {

  private static final Logger LOG = Logger.getLogger(Cancellations.class.getName());

  /** A cancel that finds a charge begun meanwhile goes round at most this often. */
  private static final int ROUNDS = 3;

  @Inject CancelPhases phases;
  @Inject Reconciliation reconciliation;
  @Inject Gateways gateways;
  @Inject GatewayCalls calls;

  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * Cancels the caller's order. Answers whether this call cancelled it (false: it was cancelled
   * before, and nothing changed).
   *
   * @throws NotCancellable when the order was paid or ended otherwise
   * @throws PaymentInDoubt when a charge of the order may have been made and its gateway cannot say
   *     yet, or a payment it can end did not end: nothing was cancelled, retry after Retry-After
   */
  public boolean cancel(String owner, long orderId, String reason) {
    if (transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION) {
      throw new IllegalStateException(
          "Cancels talk to gateways: call them outside any transaction");
    }
    for (int round = 1; ; round++) {
      CancelPhases.Look look = phases.look(owner, orderId);
      Map<Long, GatewayCharge> readBack = new HashMap<>();
      if (look.order().standing().open()) {
        if (!look.inDoubt().isEmpty()) {
          if (round == ROUNDS) {
            throw PaymentInDoubt.beforeCancel(
                orderId, look.inDoubt().get(0).gateway(), 1, "is still being settled");
          }
          look.inDoubt().forEach(attempt -> reconcile(orderId, attempt));
          continue;
        }
        if (!look.waiting().isEmpty()) {
          phases.claim(owner, orderId);
        }
        for (CancelPhases.Open attempt : look.waiting()) {
          endAtGateway(orderId, attempt).ifPresent(now -> readBack.put(attempt.id(), now));
        }
      }
      CancelPhases.Decision decision;
      try {
        decision = phases.decide(owner, orderId, readBack, reason);
      } catch (PaymentInDoubt meanwhile) {
        if (round >= ROUNDS) {
          throw meanwhile;
        }
        continue;
      }
      return switch (decision.outcome()) {
        case CANCELLED -> true;
        case ALREADY_CANCELLED -> false;
        case PAID ->
            throw "REFUNDED".equals(decision.status())
                ? NotCancellable.ended(orderId, decision.status())
                : NotCancellable.paid(orderId, decision.status());
        case ENDED -> throw NotCancellable.ended(orderId, decision.status());
      };
    }
  }

  /** Learns the outcome of an attempt in doubt, or refuses the cancel while it stays unknown. */
  private void reconcile(long orderId, CancelPhases.Open attempt) {
    try {
      reconciliation.reconcile(attempt.id(), false);
    } catch (PaymentInDoubt stillInDoubt) {
      throw PaymentInDoubt.beforeCancel(
          orderId,
          attempt.gateway(),
          stillInDoubt.retryAfterSeconds(),
          "may have been made: its answer was lost, and the gateway could not tell yet");
    }
  }

  /**
   * What the attempt's gateway says of it after being told to end it (where it can), asked once
   * more so that a success that raced the cancel shows; empty where a gateway that cannot end it
   * gave no answer either.
   */
  private Optional<GatewayCharge> endAtGateway(long orderId, CancelPhases.Open attempt) {
    PaymentGateway gateway = gateways.named(attempt.gateway()).orElse(null);
    if (gateway == null || attempt.chargeId() == null) {
      return Optional.empty();
    }
    try {
      GatewayCharge now = calls.retrieve(gateway, attempt.chargeId(), new GatewayCalls.Tries());
      if (CancelPhases.waitsOnCustomer(now.status()) && gateway.cancels()) {
        try {
          now = calls.cancel(gateway, attempt.chargeId(), attempt.kept());
        } catch (RuntimeException refused) {
          // Another cancel may have ended it first; what the gateway holds now decides.
          LOG.log(
              Level.FINE,
              "Order {0}: {1} refused to cancel {2}: {3}",
              new Object[] {
                orderId, gateway.name(), attempt.chargeId(), Reconciliation.describe(refused)
              });
        }
        if (now.status() != ChargeStatus.SUCCEEDED) {
          now =
              GatewayCalls.afterEnd(
                  now, calls.retrieve(gateway, attempt.chargeId(), new GatewayCalls.Tries()));
        }
      }
      return Optional.of(now);
    } catch (RuntimeException noAnswer) {
      if (gateway.cancels()) {
        throw PaymentInDoubt.beforeCancel(
            orderId,
            gateway.name(),
            2,
            "waits on the customer and could not be ended there yet ("
                + Reconciliation.describe(noAnswer)
                + ")");
      }
      LOG.log(
          Level.INFO,
          "Order {0} is cancelled with attempt {1} open at {2}, which could not be asked ({3}):"
              + " money it still reports goes back by itself",
          new Object[] {orderId, attempt.id(), gateway.name(), Reconciliation.describe(noAnswer)});
      return Optional.empty();
    }
  }
}
