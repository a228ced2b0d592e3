package io.ichido.receipts.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.receipts.entity.RateTotal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RefundSplitTest {

  /** 369 yen at 8 % (tax 29) and 310 yen at 10 % (tax 31), as the receipt lists them. */
  private static final List<RateTotal> PAID =
      List.of(new RateTotal(10, 341, 31), new RateTotal(8, 398, 29));

  private static String show(List<RateTotal> rates) {
    return rates.stream()
        .map(r -> r.rate() + "%:" + r.amount() + "/" + r.tax())
        .reduce((a, b) -> a + " " + b)
        .orElse("");
  }

  @Test
  @DisplayName("a partial refund is shared in proportion, the highest rate taking the rounding")
  void partial() {
    // 8 %: floor(300 × 398 / 739) = 161, tax floor(161 × 8 / 108) = 11; 10 %: 139, tax 12
    assertThat(show(RefundSplit.between(PAID, 0, 300))).isEqualTo("10%:139/12 8%:161/11");
  }

  @Test
  @DisplayName("the rest after a partial refund returns exactly what each rate was paid")
  void restIsExact() {
    assertThat(show(RefundSplit.between(PAID, 300, 739))).isEqualTo("10%:202/19 8%:237/18");
  }

  @Test
  @DisplayName("a full refund at once is the receipt's own amounts and taxes")
  void full() {
    assertThat(show(RefundSplit.between(PAID, 0, 739))).isEqualTo("10%:341/31 8%:398/29");
  }

  @Test
  @DisplayName("any sequence of refunds adds up, rate by rate, to the receipt, never going back")
  void sequencesAddUp() {
    Random random = new Random(12);
    for (int round = 0; round < 2_000; round++) {
      long taxable8 = 1 + random.nextInt(50_000);
      long taxable10 = 1 + random.nextInt(50_000);
      List<RateTotal> paid =
          List.of(
              new RateTotal(10, taxable10 + taxable10 / 10, taxable10 / 10),
              new RateTotal(8, taxable8 + taxable8 * 8 / 100, taxable8 * 8 / 100));
      long total = paid.get(0).amount() + paid.get(1).amount();
      Map<Integer, long[]> sums = new HashMap<>();
      long refunded = 0;
      List<Long> steps = new ArrayList<>();
      while (refunded < total) {
        long next = Math.min(total, refunded + 1 + random.nextInt((int) Math.min(total, 20_000)));
        steps.add(next);
        for (RateTotal part : RefundSplit.between(paid, refunded, next)) {
          assertThat(part.amount()).isPositive();
          assertThat(part.tax()).isBetween(0L, part.amount());
          long[] sum = sums.computeIfAbsent(part.rate(), r -> new long[2]);
          sum[0] += part.amount();
          sum[1] += part.tax();
        }
        refunded = next;
      }
      for (RateTotal rate : paid) {
        assertThat(sums.get(rate.rate()))
            .as("rate %d after refunds %s of %s", rate.rate(), steps, show(paid))
            .containsExactly(rate.amount(), rate.tax());
      }
    }
  }

  @Test
  @DisplayName("a refund that goes back, stands still or passes the total is refused")
  void impossible() {
    assertThatThrownBy(() -> RefundSplit.between(PAID, 300, 300))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RefundSplit.between(PAID, 300, 200))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RefundSplit.between(PAID, 0, 740))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
