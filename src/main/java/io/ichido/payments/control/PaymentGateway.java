package io.ichido.payments.control;

import io.ichido.payments.entity.PaymentMethod;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One payment gateway, spoken in its own wire format. Implementations forward the command's gateway
 * key the way their gateway expects it and classify failures: {@link GatewayUnavailable} when no
 * answer came or retrying the same request may help, {@link GatewayRejected} when the gateway
 * refused the request itself. A declined card is not a failure but an answer.
 */
public interface PaymentGateway {

  /** The name its {@code @Gateway} qualifier gives it ({@code stripe}, {@code paypay}, ...). */
  String name();

  Set<PaymentMethod> methods();

  GatewayCharge charge(ChargeCommand command);

  /** The charge as the gateway sees it now. */
  GatewayCharge retrieve(String chargeId);

  /**
   * Searches the gateway for the charge made under our reference, for an attempt whose answer was
   * lost too long ago to send its request again. Empty when the gateway has no charge under that
   * reference, so none was made; a declined charge is found as declined.
   *
   * @throws GatewayUnavailable when the gateway cannot be asked or cannot tell (no search)
   */
  default Optional<GatewayCharge> lookup(String reference, long orderId) {
    throw new GatewayUnavailable(name(), "no search by reference", null);
  }

  /**
   * Whether {@link #lookup} can find a charge by our reference at all. Without it an attempt in
   * doubt can only be sent again while the gateway keeps its key; after that a person decides.
   */
  default boolean looksUp() {
    return false;
  }

  /** Whether {@link #cancel} can end a payment still waiting on the customer. */
  default boolean cancels() {
    return false;
  }

  /**
   * Ends a payment still waiting on the customer (3-D Secure, a redirect), and answers it as the
   * gateway then shows it: a payment already made is answered as made.
   */
  default GatewayCharge cancel(String chargeId) {
    throw new UnsupportedOperationException(name() + " cancels no payment by API");
  }

  /**
   * As {@link #cancel(String)}, given what the attempt kept of the gateway's answer ({@code kept},
   * the instructions this gateway's answer gave it, never null): a gateway that must end something
   * besides the payment finds it there (PayPay: its QR code). Its answer is final as to the end: a
   * read-back after it may show money that raced it, but never reopens a payment it said ended.
   */
  default GatewayCharge cancel(String chargeId, Map<String, Object> kept) {
    return cancel(chargeId);
  }

  /**
   * Whether the gateway knows a charge by our reference for it (2C2P's invoice number): then our
   * reference is its id of the charge, and nobody needs to read another from its portal.
   */
  default boolean namesChargesByOurReference() {
    return false;
  }

  /** Whether {@link #refund} gives money back by API. */
  default boolean refunds() {
    return false;
  }

  /**
   * The charge's refunds as the gateway lists them now, the command's own told apart from the
   * others by what the gateway keeps of what we sent with it (Omise: the refund's {@code
   * metadata}), or listed untold where it keeps nothing of ours (2C2P). Asked before a refund is
   * sent again where the gateway honours no refund key: a total that covers our refund may be
   * another refund's. A gateway that honours refund keys needs none: sending again under the key
   * (Stripe's and KOMOJU's {@code Idempotency-Key}, PayPay's {@code merchantRefundId}) answers the
   * refund it made.
   *
   * @throws GatewayUnavailable when the gateway cannot be asked, or lists no refunds
   */
  default ListedRefunds refundsOf(RefundCommand command) {
    throw new GatewayUnavailable(name(), "no list of a charge's refunds", null);
  }

  /**
   * Gives back part or all of a charge under the command's key: the same key never refunds twice
   * where the gateway honours keys.
   *
   * @throws GatewayRejected when the gateway refuses the refund itself (nothing was refunded)
   * @throws GatewayUnavailable when no answer came
   */
  default GatewayRefundAnswer refund(RefundCommand command) {
    throw new UnsupportedOperationException(name() + " refunds nothing by API");
  }

  /**
   * Where an attempt stands once its customer is back from the gateway's authentication page (3-D
   * Secure): for most gateways the charge read back ({@link #retrieve}); a gateway that makes the
   * payment only after the card is authenticated (KOMOJU's secure token) sends the attempt's very
   * same {@code command} again under its key, which makes the payment once.
   */
  default GatewayCharge afterAuthentication(ChargeCommand command, String chargeId) {
    return retrieve(chargeId);
  }

  /**
   * How the charge is read again when its customer is back from the gateway's page and the gateway
   * still says it waits on them ({@link ReturnRereads}); none by default: the customer may have
   * come back before finishing, and the page to continue on is offered again.
   */
  default ReturnRereads returnRereads() {
    return ReturnRereads.NONE;
  }

  /**
   * Whether {@link #movements} reads the gateway's own list of charges. A gateway without a usable
   * list is reconciled charge by charge: each attempt of the window read back ({@link #retrieve}).
   */
  default boolean listsMovements() {
    return false;
  }

  /**
   * Every charge the gateway created in {@code [from, to)}, as its own records show it now, read
   * page by page with the gateway's own filters. Called with no transaction or connection held.
   *
   * @throws GatewayUnavailable when the gateway cannot be asked or does not answer
   */
  default List<GatewayMovement> movements(Instant from, Instant to) {
    throw new UnsupportedOperationException(name() + " lists no charges");
  }
}
