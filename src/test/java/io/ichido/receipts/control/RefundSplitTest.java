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
  @DisplayName(
      "the rest after a partial refund returns exactly what each rate was paid, its tax its own")
  void restIsExact() {
    // 10 %: 341 - 139 = 202, tax floor(202 × 10 / 110) = 18 (not 31 - 12 = 19); 8 %: 237, tax 17
    assertThat(show(RefundSplit.between(PAID, 300, 739))).isEqualTo("10%:202/18 8%:237/17");
  }

  @Test
  @DisplayName("each return invoice rounds its own tax once: two refunds of 50 yen at 8 % show 3")
  void eachDocumentRoundsItsOwnTax() {
    List<RateTotal> tea = List.of(new RateTotal(8, 108, 8));
    // floor(50 × 8 / 108) = floor(3.7) = 3 each, where two cumulative roundings showed 3 and 4.
    assertThat(show(RefundSplit.between(tea, 0, 50))).isEqualTo("8%:50/3");
    assertThat(show(RefundSplit.between(tea, 50, 100))).isEqualTo("8%:50/3");
    assertThat(show(RefundSplit.between(tea, 100, 108))).isEqualTo("8%:8/0");
  }

  @Test
  @DisplayName("a full refund at once is the receipt's own amounts and taxes")
  void full() {
    assertThat(show(RefundSplit.between(PAID, 0, 739))).isEqualTo("10%:341/31 8%:398/29");
  }

  @Test
  @DisplayName(
      "any sequence of refunds adds up, rate by rate, to the receipt's amounts, and its tax to at"
          + " most a yen per document less than the receipt's")
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
        long[] sum = sums.get(rate.rate());
        String what = "rate %d after refunds %s of %s".formatted(rate.rate(), steps, show(paid));
        assertThat(sum[0]).as(what).isEqualTo(rate.amount());
        assertThat(sum[1]).as(what).isBetween(rate.tax() - (steps.size() - 1), rate.tax());
        if (steps.size() == 1) {
          assertThat(sum[1]).as(what).isEqualTo(rate.tax());
        }
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
