package io.ichido.receipts.control;

import io.ichido.receipts.entity.RateTotal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How much of each tax rate a refund gave back. The order's refunded total so far is shared over
 * the rates in proportion to what each was paid (rounded down, the highest rate taking what
 * rounding left), and one refund is the difference between the totals before and after it: so the
 * return invoices of an order add up, rate by rate, to exactly what was returned, and a full refund
 * returns exactly what each rate was paid, tax included.
 */
final class RefundSplit {

  private RefundSplit() {}

  /**
   * What one refund returned: from {@code before} to {@code after} (both the order's refunded
   * totals, tax included) of a receipt's {@code paid} rates.
   */
  static List<RateTotal> between(List<RateTotal> paid, long before, long after) {
    long total = paid.stream().mapToLong(RateTotal::amount).sum();
    if (before < 0 || after <= before || after > total) {
      throw new IllegalArgumentException(
          "A refund goes from " + before + " to " + after + " of " + total + ": it cannot.");
    }
    List<RateTotal> upToBefore = cumulative(paid, before);
    List<RateTotal> upToAfter = cumulative(paid, after);
    List<RateTotal> returned = new ArrayList<>();
    for (int i = 0; i < paid.size(); i++) {
      long amount = upToAfter.get(i).amount() - upToBefore.get(i).amount();
      long tax = upToAfter.get(i).tax() - upToBefore.get(i).tax();
      if (amount > 0) {
        returned.add(new RateTotal(paid.get(i).rate(), amount, tax));
      }
    }
    return returned;
  }

  /** The share of each rate in {@code refunded}, and the tax in it, in {@code paid}'s order. */
  static List<RateTotal> cumulative(List<RateTotal> paid, long refunded) {
    long total = paid.stream().mapToLong(RateTotal::amount).sum();
    int highest =
        paid.indexOf(paid.stream().max(Comparator.comparingInt(RateTotal::rate)).orElseThrow());
    long[] shares = new long[paid.size()];
    long shared = 0;
    for (int i = 0; i < paid.size(); i++) {
      if (i != highest) {
        shares[i] = Math.multiplyExact(refunded, paid.get(i).amount()) / total;
        shared += shares[i];
      }
    }
    shares[highest] = refunded - shared;
    List<RateTotal> split = new ArrayList<>();
    for (int i = 0; i < paid.size(); i++) {
      RateTotal rate = paid.get(i);
      // All of a rate returned is all of its tax; part of it, the tax contained in that part.
      long tax =
          shares[i] == rate.amount()
              ? rate.tax()
              : Math.multiplyExact(shares[i], rate.rate()) / (100L + rate.rate());
      split.add(new RateTotal(rate.rate(), shares[i], tax));
    }
    return split;
  }
}
