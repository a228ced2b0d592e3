package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.control.BookRecords.Finding;
import io.ichido.payments.control.BookRecords.LedgerCharge;
import io.ichido.payments.entity.DifferenceKind;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** One gateway charge against the ledger's rows for it, each kind of difference. */
class BookComparisonTest {

  private static GatewayMovement atGateway(long taken, long returned, String currency) {
    return new GatewayMovement("pi_1", "ch_1", "ORDER-7", taken, returned, currency);
  }

  private static LedgerCharge onLedger(long taken, long returned, String currency) {
    return new LedgerCharge(11, 7, "pi_1", currency, taken, returned);
  }

  private static DifferenceKind only(BookComparison.Verdict verdict) {
    assertThat(verdict.handOver()).isFalse();
    assertThat(verdict.findings()).hasSize(1);
    return verdict.findings().get(0).kind();
  }

  @Test
  void agreeingBooksFindNothing() {
    BookComparison.Verdict verdict =
        BookComparison.of(atGateway(5000, 1000, "JPY"), onLedger(5000, 1000, "JPY"), false);

    assertThat(verdict.handOver()).isFalse();
    assertThat(verdict.findings()).isEmpty();
  }

  @Test
  @DisplayName("money of a charge no attempt of ours holds: MONEY_NOT_ON_LEDGER, what it holds")
  void moneyNotOnLedger() {
    BookComparison.Verdict verdict = BookComparison.of(atGateway(5000, 1000, "JPY"), null, false);

    assertThat(only(verdict)).isEqualTo(DifferenceKind.MONEY_NOT_ON_LEDGER);
    Finding finding = verdict.findings().get(0);
    assertThat(finding.atGateway()).isEqualTo(4000);
    assertThat(finding.attemptId()).isNull();
    assertThat(BookComparison.of(atGateway(0, 0, "JPY"), null, false).findings())
        .as("a charge that took nothing")
        .isEmpty();
  }

  @Test
  @DisplayName("ours, simply not on the ledger (taken, or given back): handed over, not named")
  void oursIsHandedOver() {
    assertThat(
            BookComparison.of(atGateway(5000, 0, "JPY"), onLedger(0, 0, "JPY"), false).handOver())
        .isTrue();
    assertThat(
            BookComparison.of(atGateway(5000, 1000, "JPY"), onLedger(5000, 0, "JPY"), false)
                .handOver())
        .isTrue();
  }

  @Test
  @DisplayName("what the ledger would not take when handed over is named, never handed again")
  void refusedHandOverIsNamed() {
    BookComparison.Verdict verdict =
        BookComparison.of(atGateway(5000, 1000, "JPY"), onLedger(5000, 0, "JPY"), true);

    assertThat(only(verdict)).isEqualTo(DifferenceKind.AMOUNT_DIFFERS);
  }

  @Test
  void amountCurrencyAndRefundNotMade() {
    assertThat(only(BookComparison.of(atGateway(4500, 0, "JPY"), onLedger(5000, 0, "JPY"), false)))
        .isEqualTo(DifferenceKind.AMOUNT_DIFFERS);
    assertThat(only(BookComparison.of(atGateway(5000, 0, "USD"), onLedger(5000, 0, "JPY"), false)))
        .isEqualTo(DifferenceKind.CURRENCY_DIFFERS);
    BookComparison.Verdict notMade =
        BookComparison.of(atGateway(5000, 0, "JPY"), onLedger(5000, 700, "JPY"), false);
    assertThat(only(notMade)).isEqualTo(DifferenceKind.REFUND_NOT_MADE);
    assertThat(notMade.findings().get(0).onLedger()).isEqualTo(700);
  }

  @Test
  void notAtGatewayNamesTheLedgersCharge() {
    Finding finding = BookComparison.notAtGateway("stripe", onLedger(5000, 0, "JPY"));

    assertThat(finding.kind()).isEqualTo(DifferenceKind.NOT_AT_GATEWAY);
    assertThat(finding.onLedger()).isEqualTo(5000);
    assertThat(finding.chargeId()).isEqualTo("pi_1");
  }
}
