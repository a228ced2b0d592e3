package io.ichido.orders.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.payments.entity.OrderStanding;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CustomerOrderTest {

  @Test
  @DisplayName("consumption tax is computed once per rate over the order and rounded down")
  void taxPerRateRoundedDown() {
    CustomerOrder order =
        new CustomerOrder(
            "shop-a",
            "Taro",
            "JPY",
            List.of(
                new OrderLine("TEA", "Tea", 3, 333, 8),
                new OrderLine("RICE", "Rice", 1, 1, 8),
                new OrderLine("MUG", "Mug", 1, 2805, 10)));

    // 8%: 1000 -> 80; 10%: 2805 -> 280.5 -> 280 (per line rounding would differ for the 8% lines)
    assertThat(order.taxes()).extracting(TaxLine::rate).containsExactly(8, 10);
    assertThat(order.taxes()).extracting(TaxLine::taxable).containsExactly(1000L, 2805L);
    assertThat(order.taxes()).extracting(TaxLine::tax).containsExactly(80L, 280L);
    assertThat(order.subtotal()).isEqualTo(3805);
    assertThat(order.tax()).isEqualTo(360);
    assertThat(order.amount()).isEqualTo(4165);
    assertThat(order.status()).isEqualTo(OrderStatus.PENDING_PAYMENT);
  }

  @Test
  void anOrderNeedsLinesAndPositiveQuantities() {
    assertThatThrownBy(() -> new CustomerOrder("shop-a", "Taro", "JPY", List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new OrderLine("TEA", "Tea", 0, 100, 8))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  @DisplayName("an order ends once, for one reason, and only while it takes a payment")
  void endsOnce() {
    CustomerOrder pending = order();
    assertThat(pending.stage()).isEqualTo(OrderStanding.Stage.OPEN);
    pending.ended(OrderStanding.Stage.CANCELLED);
    assertThat(pending.stage()).isEqualTo(OrderStanding.Stage.CANCELLED);
    assertThatThrownBy(() -> pending.ended(OrderStanding.Stage.EXPIRED))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> order().ended(OrderStanding.Stage.AWAITING))
        .isInstanceOf(IllegalArgumentException.class);

    CustomerOrder awaiting = order();
    awaiting.awaited();
    assertThat(awaiting.stage()).isEqualTo(OrderStanding.Stage.AWAITING);
    awaiting.ended(OrderStanding.Stage.FAILED);
    awaiting.awaited();
    assertThat(awaiting.stage())
        .as("an ended order is never awaited")
        .isEqualTo(OrderStanding.Stage.FAILED);
  }

  @Test
  @DisplayName(
      "the order takes its status and figures from its ledger's standing, and its payment's names"
          + " and time once it has one")
  void takesWhatItsLedgerShows() {
    CustomerOrder order = order();
    CustomerOrder.PaymentNames names = new CustomerOrder.PaymentNames("stripe", "pi_1", "pay-1");
    assertThat(
            order.project(new OrderStanding(OrderStanding.Status.PAID, 2200, 0), names, "ignored"))
        .isTrue();
    assertThat(order.status()).isEqualTo(OrderStatus.PAID);
    assertThat(order.paymentChargeId()).isEqualTo("pi_1");
    assertThat(order.paidAmount()).isEqualTo(2200);
    assertThat(order.reviewReason()).as("kept only in review").isNull();
    java.time.Instant paidAt = order.paidAt();
    assertThat(paidAt).isNotNull();

    assertThat(
            order.project(
                new OrderStanding(OrderStanding.Status.NEEDS_REVIEW, 2200, 0),
                names,
                "disputed at stripe: fraudulent"))
        .isTrue();
    assertThat(order.reviewReason()).isEqualTo("disputed at stripe: fraudulent");
    assertThat(
            order.project(
                new OrderStanding(OrderStanding.Status.NEEDS_REVIEW, 2200, 0), names, null))
        .as("the same standing moves nothing")
        .isFalse();
    assertThat(order.reviewReason()).isEqualTo("disputed at stripe: fraudulent");

    order.project(
        new OrderStanding(OrderStanding.Status.PARTIALLY_REFUNDED, 2000, 500), names, null);
    assertThat(order.status()).isEqualTo(OrderStatus.PARTIALLY_REFUNDED);
    assertThat(order.paidAmount()).as("accepted for less than its price").isEqualTo(2000);
    assertThat(order.refundedAmount()).isEqualTo(500);
    assertThat(order.paidAt()).as("the first payment's time").isEqualTo(paidAt);
    assertThat(order.reviewReason()).isNull();
  }

  @Test
  @DisplayName("every status of the ledger's standing is a status of the order, and back")
  void statusesMatch() {
    assertThat(java.util.Arrays.stream(OrderStanding.Status.values()).map(Enum::name).toList())
        .containsExactlyInAnyOrderElementsOf(
            java.util.Arrays.stream(OrderStatus.values()).map(Enum::name).toList());
  }

  private static CustomerOrder order() {
    return new CustomerOrder(
        "shop-a", "Taro", "JPY", List.of(new OrderLine("MUG", "Mug", 2, 1000, 10)));
  }

  @Test
  @DisplayName("what the order keeps of its making: owner, customer, currency, lines, a time")
  void madeOf() {
    java.time.Instant before = java.time.Instant.now().minusSeconds(1);
    CustomerOrder order = order();

    assertThat(order.owner()).isEqualTo("shop-a");
    assertThat(order.customer()).isEqualTo("Taro");
    assertThat(order.currency()).isEqualTo("JPY");
    assertThat(order.lines()).extracting(OrderLine::sku).containsExactly("MUG");
    assertThat(order.createdAt()).isAfter(before);
    assertThat(order.amount()).isEqualTo(2200);
    assertThat(order.paidAt()).isNull();
    assertThat(order.paymentGateway()).isNull();
  }
}
