package io.ichido.audit.entity;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The day at a glance: money charged and refunded in a period, from the chained facts of the log,
 * beside the money open now (in doubt, in review), read from the current state; and the last 30
 * business days' net. Amounts are in the currency's smallest unit (whole yen); currencies are never
 * added together.
 *
 * @param from the period's start (inclusive), null for the first entry
 * @param to the period's end (exclusive), null for now
 * @param asOf the log's head the facts were read up to
 * @param now when the open states were read
 * @param timeZone the shop's business day, in which {@code daily} counts its days
 * @param totals per currency: one row per gateway (stripe, omise, komoju, 2c2p, and any other the
 *     log names, {@code none} for money no gateway is known for), then the currency's total ({@code
 *     gateway} null)
 * @param daily per currency, the last 30 days, oldest first, today last
 */
public record PaymentTotals(
    Instant from,
    Instant to,
    long asOf,
    Instant now,
    String timeZone,
    List<Row> totals,
    List<Day> daily) {

  /**
   * One gateway's (or, with {@code gateway} null, all gateways') money in one currency.
   *
   * @param charged money gateways reported taken in the period: orders paid, surpluses received
   * @param refunded money given back in the period: refunds, surpluses returned
   * @param net {@code charged - refunded}: what the merchant keeps
   * @param inDoubtCharges charge attempts whose outcome is unknown now (not in {@code charged})
   * @param inDoubtRefunds refunds sent whose outcome is unknown now (not in {@code refunded})
   * @param inReview orders waiting for a person now, at their amounts
   */
  @Schema(name = "PaymentTotalsRow")
  public record Row(
      String gateway,
      String currency,
      long charged,
      long chargedCount,
      long refunded,
      long refundedCount,
      long net,
      Open inDoubtCharges,
      Open inDoubtRefunds,
      Open inReview) {}

  /** Open money now: how many and how much. */
  @Schema(name = "PaymentTotalsOpen")
  public record Open(long count, long amount) {

    public static final Open NONE = new Open(0, 0);

    Open plus(Open other) {
      return new Open(count + other.count, amount + other.amount);
    }
  }

  /** One business day's money in one currency. */
  @Schema(name = "PaymentTotalsDay")
  public record Day(LocalDate day, String currency, long charged, long refunded, long net) {}

  /** Adds the open amounts of each gateway of a currency up into its total. */
  public static Open sum(List<Open> open) {
    return open.stream().reduce(Open.NONE, Open::plus);
  }
}
