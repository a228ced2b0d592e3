package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/** One imitated gateway: its wire format, its idempotency, its payments. */
interface Gateway {

  /** Also the path prefix it is served under and its name in the ledger and the control API. */
  String name();

  /**
   * What a fault's {@code match} is compared with: the idempotency key (2C2P: the invoice number),
   * or null when the request carries none.
   */
  String matchKey(SandboxRequest request);

  /**
   * The order {@code request} is about, as the ledger keeps order ids ({@link OrderIds}): for a
   * request that creates a payment, the order its body names; for one that reads, searches, refunds
   * or cancels, the order of the payment (or the reference) it names. Empty when the request tells
   * no order the sandbox can find (an unknown payment, a body the gateway will refuse): such a
   * request is about no order, and no fault scoped to an order takes it. Asked before {@link
   * #handle}, so it only reads.
   */
  Optional<String> orderOf(SandboxRequest request);

  /**
   * The order of the payment the ledger knows as {@code id} (the id of {@link #find}); empty for a
   * payment the gateway does not know or that names no order.
   */
  Optional<String> orderOfPayment(String id);

  SandboxResponse handle(SandboxRequest request);

  /**
   * The payment as the gateway's API shows it now, by the id the ledger knows it by; a copy. A
   * webhook about the payment carries it.
   */
  Optional<ObjectNode> find(String id);

  /**
   * Whether the answer to {@code request} is a payment, which the faults {@code alter_amount} and
   * {@code alter_currency} can change: a charge created or retrieved (2C2P: the inquiry).
   */
  boolean answersWithPayment(SandboxRequest request);

  /** Whether this gateway's answers can take {@code mode}, one of the modes that alter answers. */
  default boolean alters(FaultMode mode) {
    return true;
  }

  /**
   * The answer as it would read with another amount ({@link FaultMode#ALTER_AMOUNT}) or currency
   * ({@link FaultMode#ALTER_CURRENCY}); unchanged when it holds no payment (a decline that is an
   * error). For the JSON gateways the top-level object's {@code amount} or {@code currency}.
   */
  default SandboxResponse altered(SandboxResponse response, FaultMode mode) {
    return AlteredAnswers.json(response, mode);
  }

  /**
   * Whether {@code request} creates a payment that the gateway's search finds: the requests an
   * {@code index_delay} fault applies to (none for a gateway without search).
   */
  default boolean createsPayment(SandboxRequest request) {
    return false;
  }

  /** Every payment made from now on is found by search only {@code millis} after it was made. */
  default void searchDelay(long millis) {
    throw new IllegalArgumentException("The sandbox's " + name() + " has no search to delay.");
  }

  /** Every payment paid from now on shows as paid in its details only {@code millis} later. */
  default void detailsLag(long millis) {
    throw new IllegalArgumentException("The sandbox's " + name() + " has no details lag to set.");
  }

  /**
   * Like {@link #detailsLag(long)} for the payments of {@code order} only, whatever the lag for the
   * others; 0 forgets the order's own lag, so the gateway's applies to it again.
   */
  default void detailsLag(String order, long millis) {
    throw new IllegalArgumentException("The sandbox's " + name() + " has no details lag to set.");
  }

  /**
   * Whether {@code request} creates a payment its customer can pay before the answer is written:
   * the requests a {@code pay_before_answer} fault applies to.
   */
  /**
   * The gateway's own refusal of {@code request} when it is a refund this sandbox can refuse as the
   * gateway does; empty for any other request.
   */
  default Optional<SandboxResponse> refusesRefund(SandboxRequest request) {
    return Optional.empty();
  }

  default boolean canBePaidBeforeAnswer(SandboxRequest request) {
    return false;
  }

  /**
   * The customer pays the payment {@code answer} created, its webhook sent, before {@code answer}
   * is written ({@link FaultMode#PAY_BEFORE_ANSWER}).
   */
  default void payBeforeAnswer(SandboxResponse answer) {}

  default boolean canBeAuthorizedBeforeAnswer(SandboxRequest request) {
    return false;
  }

  /**
   * The webhook that tells the payment {@code answer} created waits for its customer is sent before
   * {@code answer} is written ({@link FaultMode#AUTHORIZED_BEFORE_ANSWER}).
   */
  default void authorizeBeforeAnswer(SandboxResponse answer) {}

  default boolean canLagAfterReturn(SandboxRequest request) {
    return false;
  }

  /**
   * The 3-D Secure charge {@code answer} created completes only {@code millis} after its
   * authentication page sent the customer back ({@link FaultMode#PENDING_AFTER_RETURN}).
   */
  default void lagAfterReturn(SandboxResponse answer, long millis) {}

  /**
   * The gateway's own answer for an injected 401 (authentication), 403 (permission), 429, 500 or
   * 503.
   */
  SandboxResponse failure(int status);

  Settlement.Outcome settle(String id, Settlement settlement);

  /**
   * Makes a payment that took no money (declined, expired, waiting, 3-D Secure not completed) paid
   * after all, as a gateway that reports a capture late does; {@code NOT_PENDING} when it took
   * money already or can no longer be captured (a cancelled one, where the gateway says so).
   */
  Settlement.Outcome succeedLate(String id);

  /** Whether the sandbox imitates refunds of part of a payment, not only whole ones. */
  default boolean refundsInPart() {
    return true;
  }

  /**
   * Makes the payment show a refund of {@code refund}, {@code entry} being its ledger entry with
   * the refund counted ({@link Ledger#refund} calls it, once per refund, in order).
   */
  void refunded(String id, long refund, LedgerEntry entry);

  /**
   * Whether the customer's bank taking a payment back shows in the payment itself, and so in the
   * ledger ({@link Ledger#chargeBack}): 2C2P's; not Stripe's, whose Dispute objects hold its money.
   */
  default boolean chargesBack() {
    return false;
  }

  /**
   * Makes the payment show that the customer's bank took it back, {@code entry} being its ledger
   * entry with the chargeback counted ({@link Ledger#chargeBack} calls it, once).
   */
  default void chargedBack(String id, LedgerEntry entry) {
    throw new IllegalStateException("The sandbox's " + name() + " imitates no chargebacks.");
  }

  void reset();

  /**
   * A payment made in the gateway's own dashboard for {@code order}, without Ichido and without a
   * webhook Ichido could tie to an attempt: its id. Only gateways that list their charges imitate
   * it.
   */
  default String dashboardCharge(String order, long amount, String currency) {
    throw new UnsupportedOperationException(name() + " imitates no dashboard charge");
  }
}
