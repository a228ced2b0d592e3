package io.ichido.payments.control;

import io.ichido.payments.control.BookRecords.Finding;
import io.ichido.payments.control.BookRecords.LedgerCharge;
import io.ichido.payments.entity.DifferenceKind;
import java.util.ArrayList;
import java.util.List;

/**
 * What one charge of a gateway and the ledger's rows for it say together, decided without I/O:
 * money of one of our attempts the ledger simply lacks is handed to it first; what still differs
 * after that, or differs otherwise, is a finding of its kind.
 */
final class BookComparison {

  /** Whether to hand the gateway's money to the ledger first, else what differs. */
  record Verdict(boolean handOver, List<Finding> findings) {}

  private BookComparison() {}

  /**
   * The gateway's charge against the ledger's ({@code ours}, null when no attempt of ours holds
   * it); {@code handedOver}: the ledger was read again after the gateway's money was handed to it.
   */
  static Verdict of(GatewayMovement gateway, LedgerCharge ours, boolean handedOver) {
    List<Finding> findings = new ArrayList<>();
    if (ours == null) {
      if (gateway.taken() > 0) {
        findings.add(
            new Finding(
                DifferenceKind.MONEY_NOT_ON_LEDGER,
                gateway.chargeId(),
                gateway.moneyId(),
                null,
                null,
                gateway.taken() - gateway.returned(),
                0,
                gateway.currency(),
                "money at the gateway by a charge none of our attempts made"
                    + (gateway.reference() == null
                        ? ""
                        : " (it names " + gateway.reference() + ")")));
      }
      return new Verdict(false, findings);
    }
    boolean lacking =
        (ours.taken() == 0 && gateway.taken() > 0) || gateway.returned() > ours.returned();
    if (lacking && !handedOver) {
      return new Verdict(true, List.of());
    }
    if (gateway.taken() > 0 && ours.taken() > 0 && !gateway.currency().equals(ours.currency())) {
      findings.add(
          finding(
              DifferenceKind.CURRENCY_DIFFERS,
              gateway,
              ours,
              gateway.taken(),
              ours.taken(),
              "the gateway took it in "
                  + gateway.currency()
                  + ", the ledger in "
                  + ours.currency()));
    } else if (gateway.taken() != ours.taken()) {
      findings.add(
          finding(
              DifferenceKind.AMOUNT_DIFFERS,
              gateway,
              ours,
              gateway.taken(),
              ours.taken(),
              "the gateway took " + gateway.taken() + ", the ledger shows " + ours.taken()));
    } else if (gateway.returned() > ours.returned()) {
      // Handed to the ledger, which would not take it all: a person looks.
      findings.add(
          finding(
              DifferenceKind.AMOUNT_DIFFERS,
              gateway,
              ours,
              gateway.returned(),
              ours.returned(),
              "the gateway gave back "
                  + gateway.returned()
                  + ", the ledger only "
                  + ours.returned()));
    }
    if (gateway.returned() < ours.returned()) {
      findings.add(
          finding(
              DifferenceKind.REFUND_NOT_MADE,
              gateway,
              ours,
              gateway.returned(),
              ours.returned(),
              "the ledger gave back "
                  + ours.returned()
                  + ", the gateway only "
                  + gateway.returned()));
    }
    return new Verdict(false, findings);
  }

  /** The ledger took money by a charge the gateway, asked for that very charge, does not have. */
  static Finding notAtGateway(String gateway, LedgerCharge ours) {
    return new Finding(
        DifferenceKind.NOT_AT_GATEWAY,
        ours.chargeId(),
        ours.chargeId(),
        ours.orderId(),
        ours.attemptId(),
        0,
        ours.taken(),
        ours.currency(),
        "the ledger took money by a charge " + gateway + " does not have");
  }

  private static Finding finding(
      DifferenceKind kind,
      GatewayMovement gateway,
      LedgerCharge ours,
      long atGateway,
      long onLedger,
      String detail) {
    return new Finding(
        kind,
        ours.chargeId(),
        gateway.moneyId(),
        ours.orderId(),
        ours.attemptId(),
        atGateway,
        onLedger,
        kind == DifferenceKind.REFUND_NOT_MADE ? ours.currency() : gateway.currency(),
        detail);
  }
}
