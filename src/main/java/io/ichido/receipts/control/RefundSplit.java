package io.ichido.receipts.control;

import io.ichido.receipts.entity.RateTotal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How much of each tax rate a refund gave back, and the tax in it, as its return invoice (適格返還請求書)
 * states them. The order's refunded total so far is shared over the rates in proportion to what
 * each was paid (rounded down, the highest rate taking what rounding left), and one refund's amount
 * per rate is the difference between the shares before and after it: so the return invoices of an
 * order add up, rate by rate, to exactly what was returned. The tax of each rate is that document's
 * own, rounded once on it (down): the tax contained in the amount it returns at that rate, or the
 * receipt's own tax where one document returns all of a rate at once. Several return invoices of
 * one order may so state, in all, up to a yen per document less tax than the receipt did; each
 * document is right by itself, which is what the invoice rules ask.
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
    long[] upToBefore = shares(paid, before);
    long[] upToAfter = shares(paid, after);
    List<RateTotal> returned = new ArrayList<>();
    for (int i = 0; i < paid.size(); i++) {
      RateTotal rate = paid.get(i);
      long amount = upToAfter[i] - upToBefore[i];
      if (amount > 0) {
        // All of a rate at once is all of its tax; part of it, the tax contained in that part.
        long tax =
            amount == rate.amount()
                ? rate.tax()
                : Math.multiplyExact(amount, rate.rate()) / (100L + rate.rate());
        returned.add(new RateTotal(rate.rate(), amount, tax));
      }
    }
    return returned;
  }

  /** The share of each rate in {@code refunded}, in {@code paid}'s order. */
  private static long[] shares(List<RateTotal> paid, long refunded) {
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
    return shares;
  }
}
