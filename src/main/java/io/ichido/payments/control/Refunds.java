package io.ichido.payments.control;

import io.ichido.payments.entity.GatewayRefund;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Instant;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;

/**
 * Sends the refunds Ichido owes (a surplus today), with no transaction, row lock or pooled
 * connection held while the gateway is asked: right after the transaction that committed the
 * intent, and from the payment sweep for any whose answer was lost. Always under the refund's own
 * gateway key; where the gateway honours no refund key (Omise, 2C2P), the charge's refunds are read
 * before a refund is sent again, and ours is told from the others by what the gateway keeps of what
 * we sent with it ({@link PaymentGateway#refundsOf}): a total that covers it may be another's.
 */
@ApplicationScoped
public class Refunds {

  private static final Logger LOG = Logger.getLogger(Refunds.class.getName());

  @Resource ManagedExecutorService executor;

  @PersistenceContext EntityManager em;

  @Inject RefundPhases phases;
  @Inject Gateways gateways;
  @Inject GatewayCalls calls;
  @Inject GatewaySettings settings;
  @Inject GatewayLane lane;

  void onRefundQueued(@Observes(during = TransactionPhase.AFTER_SUCCESS) RefundQueued queued) {
    executor.execute(() -> sendQuietly(queued.refundId(), true));
  }

  /** Refunds whose answer was lost, or whose first sender died, oldest first. */
  @Transactional(TxType.REQUIRES_NEW)
  public List<Long> due(int limit) {
    return em.createNamedQuery(GatewayRefund.DUE, Long.class)
        .setParameter("now", Instant.now())
        .setMaxResults(limit)
        .getResultList();
  }

  /** For the sweep and the first send: reports instead of throwing. */
  public void sendQuietly(long refundId, boolean creator) {
    try {
      lane.run(
          () -> {
            send(refundId, creator);
            return null;
          });
    } catch (BulkheadException full) {
      LOG.log(Level.INFO, "Refund {0} waits for a free gateway lane", refundId);
    } catch (RuntimeException failure) {
      LOG.log(
          Level.WARNING, "Refund " + refundId + " could not be sent; the sweep goes on", failure);
    }
  }

  private void send(long refundId, boolean creator) {
    RefundCommand command = phases.claim(refundId, creator);
    if (command == null) {
      return;
    }
    PaymentGateway gateway = gateways.named(command.gateway()).orElseThrow();
    try {
      // Only a refund sent before can have been made already; its first send needs no look, and
      // where the gateway honours refund keys, sending it again under its key is the look.
      if (command.resent() && !settings.refundKeysHonoured(gateway.name())) {
        ListedRefunds listed = calls.refundsOf(gateway, command);
        RefundPhases.AfterListing next =
            phases.listed(refundId, listed, settings.lookupAfter(gateway.name()));
        if (next != RefundPhases.AfterListing.SEND) {
          return;
        }
      }
      GatewayRefundAnswer answer = calls.refund(gateway, command);
      phases.succeeded(refundId, answer.refundId(), answer.refundedTotal(), "refund");
    } catch (GatewayRejected refused) {
      // The gateway's word on this refund: not made. Had an earlier try made it, the gateway would
      // have answered that refund under its key, or listed it above.
      phases.failed(refundId, refused.code());
    } catch (GatewayRefusedCall refused) {
      if (refused.why() == GatewayRefusedCall.Why.NOT_FOUND) {
        // No such charge (or refund) at the gateway: nothing of it can have been given back.
        phases.failed(refundId, refused.code() + " (HTTP " + refused.httpStatus() + ")");
      } else {
        inDoubt(refundId, command, gateway, refused);
      }
    } catch (RuntimeException lost) {
      inDoubt(refundId, command, gateway, lost);
    }
  }

  private void inDoubt(
      long refundId, RefundCommand command, PaymentGateway gateway, RuntimeException lost) {
    phases.unknown(refundId, Reconciliation.describe(lost));
    LOG.log(
        Level.WARNING,
        "Refund {0} of order {1} at {2} is in doubt ({3}): sent again under its key later",
        new Object[] {refundId, command.orderId(), gateway.name(), Reconciliation.describe(lost)});
  }
}
