package io.ichido.sandbox;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;

/** How a request misbehaves. */
enum FaultMode {
  RESET(true),
  HTTP500(true),
  HTTP503(true),
  HTTP429(true),
  /**
   * A 400 in the gateway's own error format that no documented case of ours explains: the request
   * was refused as it came, and nothing was done.
   */
  HTTP400(true),
  /** The gateway's own authentication error: the request was not looked at. */
  HTTP401(true),
  /** The gateway's own permission error: the key may not do this; nothing was done. */
  HTTP403(true),
  TIMEOUT(true),
  /** The charge is made, then the answer is lost: the case idempotency keys exist for. */
  DROP(false),
  /** The work is done, then the answer is late: a retry meanwhile finds it done. */
  DELAY(false),
  /**
   * The gateway is slow over the work itself: its idempotency key is in flight meanwhile, and a
   * retry under it meets what that gateway does then (a 409 at Stripe and KOMOJU).
   */
  SLOW(false),
  /**
   * The request is processed as usual, but its answer says an amount one smallest unit more: the
   * answer the app gets is not the one the gateway meant (the ledger keeps the real amount).
   */
  ALTER_AMOUNT(false),
  /** Like {@link #ALTER_AMOUNT}, with another currency in the answer. */
  ALTER_CURRENCY(false),
  /**
   * The request is processed as usual, but its answer's status is a word the gateway never
   * documented ({@code unheard_of}): the answer says nothing about the money. Taken by the JSON
   * gateways' payments (Stripe, Omise, KOMOJU, PayPay); 2C2P's unknown response codes are its own.
   */
  ALTER_STATUS(false),
  /**
   * The charge is made and answered as usual, but the gateway's search finds it only {@code
   * delayMillis} later: a search that finds nothing does not mean nothing was charged.
   */
  INDEX_DELAY(false),
  /**
   * The payment is created, then its customer pays it and its webhook is sent, and only then is the
   * create's answer written: the webhook overtakes the answer. Taken only by a request that creates
   * a payment a customer pays (PayPay's {@code POST /v2/codes}).
   */
  PAY_BEFORE_ANSWER(false),
  /**
   * The payment is created and its webhook telling it waits for the customer (KOMOJU's {@code
   * payment.authorized} for konbini and bank transfer) is sent, and only then is the create's
   * answer written: the webhook overtakes the answer, and carries no instructions. Taken only by a
   * request that creates such a payment ({@link Gateway#canBeAuthorizedBeforeAnswer}).
   */
  AUTHORIZED_BEFORE_ANSWER(false),
  /**
   * The 3-D Secure charge is created and answered as usual, but once its authorize page has sent
   * the customer back, the charge still reads pending for {@code delayMillis}, and only then
   * completes (or fails) and its webhook is sent: the gateway's reads lag behind the return (Opn's
   * own plugin re-reads such charges). Taken only by a request that creates a 3-D Secure charge
   * ({@link Gateway#canLagAfterReturn}, Omise's {@code POST /charges} with a 3-D Secure token).
   */
  PENDING_AFTER_RETURN(false),
  /**
   * The gateway refuses a refund in its own words (KOMOJU's 422 {@code unprocessable_entity}, "The
   * payment cannot be refunded."): a refusal, not an outage, and nothing is given back. Taken only
   * by a refund request of a gateway that says how it refuses one ({@link Gateway#refusesRefund}).
   */
  REFUSE_REFUND(true);

  private final boolean beforeProcessing;

  FaultMode(boolean beforeProcessing) {
    this.beforeProcessing = beforeProcessing;
  }

  boolean beforeProcessing() {
    return beforeProcessing;
  }

  boolean holds() {
    return this == TIMEOUT || this == DELAY || this == SLOW;
  }

  /**
   * Whether the mode changes what the answer says rather than whether or when it arrives. Such a
   * mode is only taken by a request whose answer is a payment (see {@link
   * Gateway#answersWithPayment}).
   */
  boolean altersAnswer() {
    return this == ALTER_AMOUNT || this == ALTER_CURRENCY || this == ALTER_STATUS;
  }

  /**
   * Chaos's default: the modes that misbehave on the way, as they were before the others came, so
   * that a seeded chaos run draws what it drew before. Altered answers, authentication and
   * permission errors and a lagging search index come only when listed.
   */
  static List<FaultMode> transport() {
    return List.of(RESET, HTTP500, HTTP503, HTTP429, TIMEOUT, DROP, DELAY, SLOW);
  }

  @JsonValue
  String wireName() {
    return WireNames.of(this);
  }

  @JsonCreator
  static FaultMode fromWire(String name) {
    return WireNames.parse(FaultMode.class, name, "fault mode");
  }
}
