package io.ichido.orders.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
  @DisplayName("an order is cancelled only while unpaid, and stays cancelled")
  void cancelledOnlyWhileUnpaid() {
    CustomerOrder pending = order();
    pending.cancelled();
    assertThat(pending.status()).isEqualTo(OrderStatus.CANCELLED);
    assertThatThrownBy(pending::cancelled).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> pending.paid("stripe", "pi_1", "k"))
        .isInstanceOf(IllegalStateException.class);

    CustomerOrder awaiting = order();
    awaiting.awaitingPayment("komoju", "pay_1", "k");
    awaiting.cancelled();
    assertThat(awaiting.status()).isEqualTo(OrderStatus.CANCELLED);

    CustomerOrder paid = order();
    paid.paid("stripe", "pi_2", "k");
    assertThatThrownBy(paid::cancelled).isInstanceOf(IllegalStateException.class);
    assertThat(paid.status()).isEqualTo(OrderStatus.PAID);
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

  @Test
  @DisplayName("a card paid: PAID, with the charge that paid it and when")
  void paid() {
    CustomerOrder order = order();

    order.paid("stripe", "pi_1", "pay-1");

    assertThat(order.status()).isEqualTo(OrderStatus.PAID);
    assertThat(order.paymentGateway()).isEqualTo("stripe");
    assertThat(order.paymentChargeId()).isEqualTo("pi_1");
    assertThat(order.paymentKey()).isEqualTo("pay-1");
    assertThat(order.paidAt()).isNotNull();
    assertThatThrownBy(() -> order.paid("stripe", "pi_2", "pay-2"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("PAID");
    assertThat(order.paymentChargeId()).as("the first payment stays").isEqualTo("pi_1");
  }

  @Test
  @DisplayName("konbini: AWAITING_PAYMENT, then paid, failed or expired; nothing else")
  void awaitingPayment() {
    CustomerOrder paidLater = order();
    paidLater.awaitingPayment("komoju", "k1", "pay-1");
    assertThat(paidLater.status()).isEqualTo(OrderStatus.AWAITING_PAYMENT);
    assertThat(paidLater.paymentChargeId()).isEqualTo("k1");
    assertThatThrownBy(() -> paidLater.awaitingPayment("komoju", "k2", "pay-2"))
        .isInstanceOf(IllegalStateException.class);
    paidLater.paid("komoju", "k1", "pay-1");
    assertThat(paidLater.status()).isEqualTo(OrderStatus.PAID);

    CustomerOrder failed = order();
    assertThatThrownBy(failed::failed)
        .as("only an awaited payment fails the order")
        .isInstanceOf(IllegalStateException.class);
    failed.awaitingPayment("komoju", "k3", "pay-3");
    failed.failed();
    assertThat(failed.status()).isEqualTo(OrderStatus.FAILED);
    assertThatThrownBy(() -> failed.paid("komoju", "k3", "pay-3"))
        .isInstanceOf(IllegalStateException.class);

    CustomerOrder expired = order();
    expired.awaitingPayment("komoju", "k4", "pay-4");
    expired.expired();
    assertThat(expired.status()).isEqualTo(OrderStatus.EXPIRED);
    assertThatThrownBy(expired::expired).isInstanceOf(IllegalStateException.class);
    CustomerOrder lapsed = order();
    lapsed.expired();
    assertThat(lapsed.status()).isEqualTo(OrderStatus.EXPIRED);
  }

  @Test
  @DisplayName("refunds: partial keeps the largest total told, never more than was paid; full ends")
  void refunded() {
    CustomerOrder order = order();
    assertThatThrownBy(() -> order.refunded(100, false))
        .as("nothing to refund before it is paid")
        .isInstanceOf(IllegalStateException.class);
    order.paid("stripe", "pi_1", "pay-1");

    order.refunded(500, false);
    assertThat(order.status()).isEqualTo(OrderStatus.PARTIALLY_REFUNDED);
    assertThat(order.refundedAmount()).isEqualTo(500);
    order.refunded(500, false);
    order.refunded(300, false);
    assertThat(order.refundedAmount()).as("an older, smaller total changes nothing").isEqualTo(500);
    order.refunded(501, false);
    assertThat(order.refundedAmount()).isEqualTo(501);
    order.refunded(99_999, false);
    assertThat(order.refundedAmount()).as("capped at the amount").isEqualTo(2200);
    assertThat(order.status()).isEqualTo(OrderStatus.PARTIALLY_REFUNDED);

    order.refunded(0, true);
    assertThat(order.status()).isEqualTo(OrderStatus.REFUNDED);
    assertThat(order.refundedAmount()).isEqualTo(2200);
    assertThatThrownBy(() -> order.refunded(2200, true)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  @DisplayName("money that does not settle the order: NEEDS_REVIEW with its reason, never twice")
  void needsReview() {
    for (CustomerOrder order : List.of(order(), awaiting(), failedOrder(), expiredOrder())) {
      order.needsReview("paid 1 USD");
      assertThat(order.status()).isEqualTo(OrderStatus.NEEDS_REVIEW);
      assertThat(order.reviewReason()).isEqualTo("paid 1 USD");
      assertThatThrownBy(() -> order.needsReview("again"))
          .isInstanceOf(IllegalStateException.class);
    }
    CustomerOrder paid = order();
    paid.paid("stripe", "pi_1", "pay-1");
    assertThatThrownBy(() -> paid.needsReview("late")).isInstanceOf(IllegalStateException.class);
    assertThat(paid.reviewReason()).isNull();
  }

  @Test
  @DisplayName("a dispute puts a paid, partly or wholly refunded order in review; no other")
  void disputed() {
    CustomerOrder paid = order();
    paid.paid("stripe", "pi_1", "pay-1");
    CustomerOrder partly = order();
    partly.paid("stripe", "pi_2", "pay-2");
    partly.refunded(100, false);
    CustomerOrder refunded = order();
    refunded.paid("stripe", "pi_3", "pay-3");
    refunded.refunded(0, true);
    for (CustomerOrder order : List.of(paid, partly, refunded)) {
      order.disputed("disputed at stripe");
      assertThat(order.status()).isEqualTo(OrderStatus.NEEDS_REVIEW);
      assertThat(order.reviewReason()).isEqualTo("disputed at stripe");
    }
    for (CustomerOrder order : List.of(order(), awaiting(), failedOrder(), expiredOrder())) {
      assertThatThrownBy(() -> order.disputed("x")).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  @DisplayName(
      "a dispute told closed and lost (2C2P's chargeback) refunds a paid or partly refunded order"
          + " by what the bank took; an unpaid order has none")
  void disputeClosedUnseen() {
    CustomerOrder paid = order();
    paid.paid("2c2p", "ORDER-1", "pay-1");
    paid.disputeClosed(false, paid.amount());
    assertThat(paid.status()).isEqualTo(OrderStatus.REFUNDED);
    assertThat(paid.refundedAmount()).isEqualTo(paid.amount());
    CustomerOrder partly = order();
    partly.paid("2c2p", "ORDER-2", "pay-2");
    partly.refunded(100, false);
    partly.disputeClosed(false, 50);
    assertThat(partly.status()).isEqualTo(OrderStatus.PARTIALLY_REFUNDED);
    assertThat(partly.refundedAmount()).isEqualTo(150);
    for (CustomerOrder order : List.of(order(), awaiting(), failedOrder(), expiredOrder())) {
      assertThatThrownBy(() -> order.disputeClosed(false, 100))
          .isInstanceOf(IllegalStateException.class);
    }
  }

  private static CustomerOrder awaiting() {
    CustomerOrder order = order();
    order.awaitingPayment("komoju", "k", "pay");
    return order;
  }

  private static CustomerOrder failedOrder() {
    CustomerOrder order = awaiting();
    order.failed();
    return order;
  }

  private static CustomerOrder expiredOrder() {
    CustomerOrder order = order();
    order.expired();
    return order;
  }
}
