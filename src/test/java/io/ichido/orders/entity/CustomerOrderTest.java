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
}
