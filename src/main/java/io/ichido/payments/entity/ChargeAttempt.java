package io.ichido.payments.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One charge request for one order under one Idempotency-Key. It is committed (status {@link
 * ChargeStatus#STARTED}) before the gateway hears of it and never deleted, so an attempt whose
 * answer was lost still names the gateway key to ask again under; its status only moves forward.
 */
@Entity
@Table(name = "charge_attempt")
@NamedQuery(
    name = ChargeAttempt.FOR_ORDER,
    query = "SELECT a FROM ChargeAttempt a WHERE a.orderId = :orderId ORDER BY a.id")
@NamedQuery(
    name = ChargeAttempt.FIND_BY_CHARGE,
    query =
        "SELECT a FROM ChargeAttempt a WHERE a.gateway = :gateway AND a.gatewayChargeId = :chargeId")
@NamedQuery(
    name = ChargeAttempt.FIND_BY_GATEWAY_KEY,
    query = "SELECT a FROM ChargeAttempt a WHERE a.gateway = :gateway AND a.gatewayKey = :key")
@NamedQuery(
    name = ChargeAttempt.AWAITING_AT,
    query =
        "SELECT a.id FROM ChargeAttempt a WHERE a.gateway IN :gateways AND a.status ="
            + " io.ichido.payments.entity.ChargeStatus.AWAITING_PAYMENT ORDER BY a.payBy")
@NamedQuery(
    name = ChargeAttempt.FIND_BY_REFERENCE,
    query =
        "SELECT a FROM ChargeAttempt a WHERE a.gateway = :gateway AND a.gatewayReference = :reference"
            + " ORDER BY a.id DESC")
@NamedQuery(
    name = ChargeAttempt.IN_DOUBT_FOR_ORDER,
    query =
        "SELECT a FROM ChargeAttempt a WHERE a.gateway = :gateway AND a.orderId = :orderId"
            + " AND a.status IN (io.ichido.payments.entity.ChargeStatus.STARTED,"
            + " io.ichido.payments.entity.ChargeStatus.UNKNOWN)")
@NamedQuery(
    name = ChargeAttempt.DUE_FOR_RECONCILIATION,
    query =
        "SELECT a.id FROM ChargeAttempt a WHERE a.status IN"
            + " (io.ichido.payments.entity.ChargeStatus.STARTED,"
            + " io.ichido.payments.entity.ChargeStatus.UNKNOWN)"
            + " AND a.reconcileAfter <= :now ORDER BY a.reconcileAfter")
@NamedQuery(
    name = ChargeAttempt.LEFT_WAITING,
    query =
        "SELECT a.id FROM ChargeAttempt a WHERE a.status ="
            + " io.ichido.payments.entity.ChargeStatus.REQUIRES_ACTION"
            + " AND a.requestedAt < :before ORDER BY a.requestedAt")
@NamedQuery(
    name = ChargeAttempt.OVERDUE,
    query =
        "SELECT a.id FROM ChargeAttempt a WHERE a.status ="
            + " io.ichido.payments.entity.ChargeStatus.AWAITING_PAYMENT"
            + " AND a.payBy < :before ORDER BY a.payBy")
public class ChargeAttempt {

  public static final String OVERDUE = "ChargeAttempt.overdue";
  public static final String LEFT_WAITING = "ChargeAttempt.leftWaiting";
  public static final String FOR_ORDER = "ChargeAttempt.forOrder";
  public static final String FIND_BY_CHARGE = "ChargeAttempt.findByCharge";
  public static final String FIND_BY_REFERENCE = "ChargeAttempt.findByReference";
  public static final String FIND_BY_GATEWAY_KEY = "ChargeAttempt.findByGatewayKey";
  public static final String AWAITING_AT = "ChargeAttempt.awaitingAt";
  public static final String IN_DOUBT_FOR_ORDER = "ChargeAttempt.inDoubtForOrder";
  public static final String DUE_FOR_RECONCILIATION = "ChargeAttempt.dueForReconciliation";

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "order_id", nullable = false, updatable = false)
  private long orderId;

  /** The failure code of an attempt its gateway has no charge for. */
  public static final String NEVER_MADE = "not_found_at_gateway";

  /**
   * The failure code of an attempt in doubt whose gateway can no longer be asked about it (its key
   * past the gateway's keeping, no lookup by our reference): an operator records its outcome.
   */
  public static final String OUTCOME_UNKNOWABLE = "outcome_unknowable";

  /**
   * The mark of an attempt whose gateway answered, and read back, another amount or currency than
   * we asked, with nothing taken: it waits for its customer as any payment does, but its
   * instructions are never shown, and money paid for it is decided as money always is.
   */
  public static final String OTHER_AMOUNT_ASKED = "amount_mismatch";

  /** The failure code of an attempt its gateway's search did not show yet, too early to believe. */
  public static final String NOT_FOUND_YET = "not_found_yet";

  /** The mark of an attempt its order's cancel is ending at the gateway, while it holds it. */
  public static final String CANCELLING_WITH_ORDER = "cancelling_with_order";

  /**
   * The mark of an attempt whose money the gateway took and gave all back by itself (a payment that
   * raced our cancel of it): a charge request answered with it is told so (402).
   */
  public static final String RETURNED_BY_GATEWAY = "returned_by_gateway";

  /** The failure code of an attempt ended at its gateway because its order was cancelled. */
  public static final String CANCELLED_WITH_ORDER = "cancelled_with_order";

  /** The client's key, as the client sent it. */
  @Column(name = "idempotency_key", nullable = false, updatable = false)
  private String idempotencyKey;

  /** 1, or more for a key whose earlier attempt was never made at its gateway. */
  @Column(name = "key_generation", nullable = false, updatable = false)
  private int keyGeneration = 1;

  /** The key the gateway gets, derived from the caller's scope, key and order. */
  @Column(name = "gateway_key", updatable = false)
  private String gatewayKey;

  @Column(nullable = false, updatable = false)
  private String gateway;

  @Column(nullable = false, updatable = false)
  private String method;

  @Column(nullable = false, updatable = false)
  private long amount;

  @Column(nullable = false, updatable = false)
  private String currency;

  /** Our reference the gateway carries ({@code ORDER-<id>[-n]}; 2C2P's invoice number). */
  @Column(name = "gateway_reference", updatable = false)
  private String gatewayReference;

  /** What to send again under the gateway key while the outcome is unknown, as JSON. */
  @Column(name = "request", updatable = false)
  private String request;

  @Column(name = "gateway_charge_id")
  private String gatewayChargeId;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  private ChargeStatus status;

  @Column(name = "failure_code")
  private String failureCode;

  /** What the customer needs to pay (konbini number, bank account, QR link), as JSON. */
  @Column(name = "instructions")
  private String instructions;

  /** Where receipts and notices about this payment go; null when the payer gave none. */
  @Column(name = "customer_email", updatable = false)
  private String customerEmail;

  @Column(name = "requested_at", nullable = false, updatable = false)
  private Instant requestedAt;

  @Column(name = "answered_at")
  private Instant answeredAt;

  /** Until when whoever holds the attempt may still be talking to the gateway about it. */
  @Column(name = "lease_until")
  private Instant leaseUntil;

  /** When the reconciler may next ask the gateway about an attempt in doubt. */
  @Column(name = "reconcile_after")
  private Instant reconcileAfter;

  @Column(nullable = false)
  private int reconciliations;

  @Column(name = "refunded_amount", nullable = false)
  private long refundedAmount;

  /**
   * When its request last left for the gateway (the first send, or a resend under its key): a
   * search that finds nothing is believed only long enough after it.
   */
  @Column(name = "sent_at")
  private Instant sentAt;

  /** By when the customer must pay an attempt waiting for them, where the gateway said. */
  @Column(name = "pay_by")
  private Instant payBy;

  /** Where a dispute about it stands (OPEN, WON, LOST); null: none told. */
  @Column(name = "dispute")
  private String dispute;

  /** How many movements of the dispute's money the gateway had made when it last told it. */
  @Column(name = "dispute_seen", nullable = false)
  private int disputeSeen;

  /** What the gateway reported taking for it, once it reported money; null before. */
  @Column(name = "received_amount")
  private Long receivedAmount;

  protected ChargeAttempt() {}

  /** A new attempt, held by the request that is about to send it for {@code lease}. */
  public ChargeAttempt(
      long orderId,
      String idempotencyKey,
      String gatewayKey,
      String gateway,
      PaymentMethod method,
      long amount,
      String currency,
      String gatewayReference,
      String request,
      String customerEmail,
      Duration lease,
      int keyGeneration) {
    if (keyGeneration < 1) {
      throw new IllegalArgumentException("Generations start at 1: " + keyGeneration);
    }
    this.keyGeneration = keyGeneration;
    this.orderId = orderId;
    this.idempotencyKey = Objects.requireNonNull(idempotencyKey, "A key is required.");
    this.gatewayKey = Objects.requireNonNull(gatewayKey, "A gateway key is required.");
    this.gateway = Objects.requireNonNull(gateway, "A gateway is required.");
    this.method = Objects.requireNonNull(method, "A method is required.").wireName();
    if (amount <= 0) {
      throw new IllegalArgumentException("A charge must be positive: " + amount);
    }
    this.amount = amount;
    this.currency = Objects.requireNonNull(currency, "A currency is required.");
    this.gatewayReference = Objects.requireNonNull(gatewayReference, "A reference is required.");
    this.request = Objects.requireNonNull(request, "The request is required.");
    this.customerEmail = customerEmail;
    this.status = ChargeStatus.STARTED;
    this.requestedAt = now();
    this.sentAt = requestedAt;
    this.leaseUntil = requestedAt.plus(lease);
    this.reconcileAfter = leaseUntil;
  }

  /**
   * Takes the attempt over for asking the gateway, unless someone else holds it or it is no longer
   * in doubt.
   */
  public boolean claim(Duration lease) {
    return claim(lease, false);
  }

  /**
   * As {@link #claim(Duration)}; {@code resend}: the holder sends the request again under its key,
   * so the gateway may be working on it from now on.
   */
  public boolean claim(Duration lease, boolean resend) {
    Instant now = now();
    if (!status.inDoubt() || (leaseUntil != null && leaseUntil.isAfter(now))) {
      return false;
    }
    this.leaseUntil = now.plus(lease);
    this.reconcileAfter = leaseUntil;
    this.reconciliations++;
    if (resend) {
      this.sentAt = now;
    }
    return true;
  }

  /**
   * Takes an attempt waiting on the customer (3-D Secure, a redirect) over for ending it at the
   * gateway, unless someone holds it or it moved on.
   */
  public boolean claimAbandoned(Duration lease) {
    Instant now = now();
    if (status != ChargeStatus.REQUIRES_ACTION || (leaseUntil != null && leaseUntil.isAfter(now))) {
      return false;
    }
    this.leaseUntil = now.plus(lease);
    return true;
  }

  /**
   * Takes an attempt waiting on the customer over for ending it at its gateway with its order's
   * cancel, unless a sweep holds it or it moved on. Another cancel of the order may hold it too:
   * both end the same payment, which the gateway ends once.
   */
  public boolean claimForCancel(Duration lease) {
    Instant now = now();
    if ((status != ChargeStatus.AWAITING_PAYMENT && status != ChargeStatus.REQUIRES_ACTION)
        || (leaseUntil != null
            && leaseUntil.isAfter(now)
            && !CANCELLING_WITH_ORDER.equals(failureCode))) {
      return false;
    }
    this.leaseUntil = now.plus(lease);
    this.failureCode = CANCELLING_WITH_ORDER;
    return true;
  }

  /**
   * Whether its order's cancel is ending it at the gateway right now: the gateway's word that it
   * ended is then the cancel's to act on, not a failure of the order's payment.
   */
  public boolean beingCancelledWithOrder() {
    return CANCELLING_WITH_ORDER.equals(failureCode)
        && leaseUntil != null
        && leaseUntil.isAfter(now());
  }

  /**
   * Takes an attempt still waiting for the customer's payment past its deadline (and {@code grace})
   * over for asking its gateway, unless someone holds it or it moved on.
   */
  public boolean claimOverdue(Duration grace, Duration lease) {
    Instant now = now();
    if (status != ChargeStatus.AWAITING_PAYMENT
        || payBy == null
        || payBy.plus(grace).isAfter(now)
        || (leaseUntil != null && leaseUntil.isAfter(now))) {
      return false;
    }
    this.leaseUntil = now.plus(lease);
    return true;
  }

  /**
   * What the customer was told to do and by when, from an answer that came after the webhook that
   * settled the attempt.
   */
  public void instructed(String instructions, Instant deadline) {
    if (this.instructions == null) {
      this.instructions = instructions;
    }
    if (this.payBy == null) {
      payBy(deadline);
    }
  }

  /** Records by when the customer must pay, as the gateway said. */
  public void payBy(Instant deadline) {
    this.payBy = deadline == null ? null : deadline.truncatedTo(ChronoUnit.MICROS);
  }

  public Instant payBy() {
    return payBy;
  }

  /** Where a dispute about it stands, as the money decider last decided; null: none told. */
  public String dispute() {
    return dispute;
  }

  public int disputeSeen() {
    return disputeSeen;
  }

  /** Records where the dispute about it stands now, as the money decider decided. */
  public void disputeNow(String state, int seen) {
    this.dispute = state;
    this.disputeSeen = seen;
  }

  /** The customer never finished, and the gateway was told to end it (where it allows). */
  public void abandoned(String why) {
    if (status != ChargeStatus.REQUIRES_ACTION) {
      throw new IllegalStateException("Only an attempt waiting on the customer is abandoned");
    }
    moveTo(ChargeStatus.EXPIRED);
    this.failureCode = why;
    this.answeredAt = now();
  }

  /**
   * Its order was cancelled while this attempt waited on the customer, and the gateway confirmed it
   * ended the payment: nothing can be paid under it any more.
   */
  public void cancelledWithOrder() {
    if (status != ChargeStatus.AWAITING_PAYMENT && status != ChargeStatus.REQUIRES_ACTION) {
      throw new IllegalStateException("Only an attempt waiting on the customer is cancelled");
    }
    moveTo(ChargeStatus.EXPIRED);
    this.failureCode = CANCELLED_WITH_ORDER;
    this.answeredAt = now();
  }

  /**
   * The gateway took {@code amount} for this attempt, which is not the order's payment: it is owed
   * back. Any earlier word (a decline, an expiry, a lookup that found nothing) gives way to the
   * money.
   */
  public void surplus(String chargeId, long amount) {
    if (status.paid() || status.surplus()) {
      throw new IllegalStateException("Attempt " + id + " already holds money: " + status);
    }
    moveTo(ChargeStatus.SURPLUS);
    if (chargeId != null) {
      this.gatewayChargeId = chargeId;
    }
    this.receivedAmount = amount;
    this.answeredAt = now();
  }

  /**
   * The gateway took {@code amount} for this attempt and has given it all back by itself (a payment
   * that raced our cancel of it): named as received and as returned, it pays nothing and is owed
   * nothing.
   */
  public void returnedByGateway(String chargeId, long amount, long refundedTotal) {
    surplus(chargeId, amount);
    this.failureCode = RETURNED_BY_GATEWAY;
    surplusRefunded(refundedTotal);
  }

  /** The surplus went back in full. */
  public void surplusRefunded(long refundedTotal) {
    if (status == ChargeStatus.SURPLUS) {
      this.refundedAmount = Math.min(refundedTotal, amount);
      moveTo(ChargeStatus.SURPLUS_REFUNDED);
    }
  }

  /** A person decides: the gateway's outcome cannot be learnt ({@code why} says so). */
  public void needsReview(String code) {
    moveTo(ChargeStatus.NEEDS_REVIEW);
    this.failureCode = code;
    this.answeredAt = now();
  }

  /** Records that the gateway reported {@code amount} taken for this attempt. */
  public void received(long amount) {
    this.receivedAmount = amount;
  }

  /** Records what the gateway answered to the charge request (or to a question about it). */
  public void answered(
      ChargeStatus status, String gatewayChargeId, String failureCode, String instructions) {
    moveTo(status);
    if (gatewayChargeId != null) {
      this.gatewayChargeId = gatewayChargeId;
    }
    this.failureCode = failureCode;
    if (instructions != null) {
      this.instructions = instructions;
    }
    this.answeredAt = now();
  }

  /**
   * No answer came: the gateway may or may not have charged. The reconciler asks again after {@code
   * backoff}.
   */
  public void unknown(String why, Duration backoff) {
    moveTo(ChargeStatus.UNKNOWN);
    this.failureCode = why;
    this.leaseUntil = null;
    this.reconcileAfter = now().plus(backoff);
  }

  /**
   * Records what the gateway later told us (a webhook): only the status moves; what the customer
   * was told to do stays. The charge id is learnt here when the synchronous answer was lost.
   */
  public void notified(ChargeStatus status, String gatewayChargeId, String failureCode) {
    moveTo(status);
    if (this.gatewayChargeId == null) {
      this.gatewayChargeId = gatewayChargeId;
    }
    if (failureCode != null) {
      this.failureCode = failureCode;
    }
    this.answeredAt = now();
  }

  /**
   * The gateway gave back {@code refundedTotal} of this charge so far (gateways report the total).
   * Answers whether that is more than we knew.
   */
  public boolean refunded(long refundedTotal) {
    if (status.surplus()) {
      return false;
    }
    if (heldInReview()) {
      // Money a person has yet to decide on: what went back is kept, the status stays.
      if (refundedTotal <= refundedAmount) {
        return false;
      }
      this.refundedAmount = Math.min(refundedTotal, receivedAmount);
      return true;
    }
    if (!status.paid() || refundedTotal <= refundedAmount) {
      return false;
    }
    this.refundedAmount = Math.min(refundedTotal, amount);
    moveTo(refundedAmount == amount ? ChargeStatus.REFUNDED : ChargeStatus.PARTIALLY_REFUNDED);
    return true;
  }

  /**
   * An operator accepted the money this attempt took, held in review, as the order's payment: the
   * attempt is paid with what it received.
   */
  public void accepted() {
    if (!heldInReview()) {
      throw new IllegalStateException("Attempt " + id + " holds no money in review: " + status);
    }
    moveTo(ChargeStatus.SUCCEEDED);
    this.answeredAt = now();
  }

  /** In review with money the gateway reported taking (another amount than the order's). */
  public boolean heldInReview() {
    return status == ChargeStatus.NEEDS_REVIEW && receivedAmount != null && receivedAmount > 0;
  }

  private void moveTo(ChargeStatus next) {
    this.status = Objects.requireNonNull(next, "A status is required.");
    if (next == ChargeStatus.SUCCEEDED && receivedAmount == null) {
      this.receivedAmount = amount;
    }
    if (!next.inDoubt()) {
      this.leaseUntil = null;
      this.reconcileAfter = null;
    }
  }

  private static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  public Long id() {
    return id;
  }

  public long orderId() {
    return orderId;
  }

  public int keyGeneration() {
    return keyGeneration;
  }

  /**
   * Whether the gateway was searched and has no charge for it: it never took effect, and its key
   * may try again.
   */
  public boolean neverMade() {
    return status == ChargeStatus.REJECTED && NEVER_MADE.equals(failureCode);
  }

  public String idempotencyKey() {
    return idempotencyKey;
  }

  public String gatewayKey() {
    return gatewayKey;
  }

  public String gateway() {
    return gateway;
  }

  public String method() {
    return method;
  }

  public long amount() {
    return amount;
  }

  public String currency() {
    return currency;
  }

  public String gatewayReference() {
    return gatewayReference;
  }

  public String request() {
    return request;
  }

  public String gatewayChargeId() {
    return gatewayChargeId;
  }

  public ChargeStatus status() {
    return status;
  }

  public String failureCode() {
    return failureCode;
  }

  public String instructions() {
    return instructions;
  }

  public String customerEmail() {
    return customerEmail;
  }

  public Instant requestedAt() {
    return requestedAt;
  }

  public Instant leaseUntil() {
    return leaseUntil;
  }

  public Instant reconcileAfter() {
    return reconcileAfter;
  }

  public int reconciliations() {
    return reconciliations;
  }

  public long refundedAmount() {
    return refundedAmount;
  }

  public Instant sentAt() {
    return sentAt == null ? requestedAt : sentAt;
  }

  /** What the gateway reported taking, or null while it reported none. */
  public Long receivedAmount() {
    return receivedAmount;
  }

  public Instant answeredAt() {
    return answeredAt;
  }
}
