package io.ichido.payments.entity;

/**
 * One thing learnt about an order's money, in one meaning whatever gateway told it: the adapters
 * translate each gateway's words into these. Silence and words we do not know are not observations:
 * they leave the money as it was.
 */
public sealed interface MoneyObservation {

  /** A new attempt, committed before the gateway hears of it; it holds the order's one slot. */
  record Started(long attemptId, String currency, boolean refundable) implements MoneyObservation {}

  /**
   * The gateway took {@code amount} for the attempt, and has given back {@code returnedTotal} of it
   * in all (an answer, a webhook, a read-back).
   */
  record Taken(long attemptId, long amount, String currency, long returnedTotal)
      implements MoneyObservation {}

  /** The attempt ended with nothing taken: declined, rejected, expired, abandoned. */
  record Ended(long attemptId) implements MoneyObservation {}

  /** The gateway has given back {@code total} of the attempt's charge in all, by anyone's hand. */
  record Returned(long attemptId, long total) implements MoneyObservation {}

  /** The gateway refused to give back {@code amount} we asked of the attempt. */
  record ReturnRefused(long attemptId, long amount) implements MoneyObservation {}

  /**
   * The customer's bank disputes the attempt's charge (a chargeback opened, changed or closed): a
   * person decides what the order keeps of it. {@code withdrawn} is what the dispute holds of it
   * now, net of what it gave back, after {@code seen} movements of its money; {@link #UNTOLD} where
   * the report does not say. {@code ended}: the gateway closed it, {@code won} by the merchant or
   * not.
   */
  record Disputed(
      long attemptId, String reason, long withdrawn, int seen, boolean ended, boolean won)
      implements MoneyObservation {

    /** The report says nothing of the dispute's money. */
    public static final long UNTOLD = -1;

    /** A dispute opened or changed, saying nothing of its money. */
    public Disputed(long attemptId, String reason) {
      this(attemptId, reason, UNTOLD, 0, false, false);
    }
  }

  /** The order takes no payment any more (cancelled, lapsed). */
  record Closed() implements MoneyObservation {}

  /** An operator accepts the money in review as the order's payment. */
  record Accepted(String operator) implements MoneyObservation {}

  /** An operator gives back all the money in review. */
  record ReviewRefunded(String operator) implements MoneyObservation {}

  /** An operator asks again for a return the gateway refused. */
  record ReturnRetried(long attemptId, String operator) implements MoneyObservation {}

  /**
   * An operator records {@code amount} of the attempt given back outside Ichido (the gateway's
   * merchant portal, a bank transfer), with its reference.
   */
  record ReturnedOutside(long attemptId, long amount, String reference, String operator)
      implements MoneyObservation {}

  /** The merchant refunds {@code amount} of the order's payment. */
  record MerchantRefunded(long amount, String requestedBy) implements MoneyObservation {}
}
