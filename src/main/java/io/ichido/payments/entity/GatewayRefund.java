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
 * A refund Ichido sends to a gateway. Like a charge attempt it is committed before the gateway
 * hears of it and never deleted; its gateway key is derived from the attempt's, so however often it
 * is sent (a lost answer, a crash, two servers) the gateway gives the money back once.
 */
@Entity
@Table(name = "gateway_refund")
@NamedQuery(
    name = GatewayRefund.DUE,
    query =
        "SELECT r.id FROM GatewayRefund r WHERE r.status IN"
            + " (io.ichido.payments.entity.GatewayRefund.Status.STARTED,"
            + " io.ichido.payments.entity.GatewayRefund.Status.UNKNOWN)"
            + " AND r.retryAfter <= :now ORDER BY r.retryAfter")
@NamedQuery(
    name = GatewayRefund.FOR_ORDER,
    query = "SELECT r FROM GatewayRefund r WHERE r.orderId = :orderId ORDER BY r.id")
@NamedQuery(
    name = GatewayRefund.BY_CLIENT_KEY,
    query =
        "SELECT r FROM GatewayRefund r WHERE r.orderId = :orderId AND r.clientScope = :scope"
            + " AND r.clientKey = :key")
@NamedQuery(
    name = GatewayRefund.FOR_ATTEMPT,
    query =
        "SELECT r FROM GatewayRefund r WHERE r.attemptId = :attemptId AND r.reason = :reason"
            + " AND r.status <> io.ichido.payments.entity.GatewayRefund.Status.FAILED")
public class GatewayRefund {

  public static final String DUE = "GatewayRefund.due";
  public static final String FOR_ORDER = "GatewayRefund.forOrder";
  public static final String FOR_ATTEMPT = "GatewayRefund.forAttempt";
  public static final String BY_CLIENT_KEY = "GatewayRefund.byClientKey";

  /** Why we give money back: money the order does not owe, which goes back by itself. */
  public static final String SURPLUS = "surplus";

  /** Why we give money back: the merchant asked for it ({@code POST /api/orders/{id}/refunds}). */
  public static final String MERCHANT = "merchant";

  /**
   * Why we give money back: an operator chose to return what an order in review received ({@code
   * POST /api/review/orders/{id}/refund}).
   */
  public static final String REVIEW = "review";

  /** Where a refund stands, as far as its gateway has told us. */
  public enum Status {
    /** Committed; a sender may be talking to the gateway now. */
    STARTED,
    /** Sent, and the answer was lost: sent again under the same key. */
    UNKNOWN,
    SUCCEEDED,
    /** The gateway refused it, or cannot refund by API: a person gives the money back. */
    FAILED;

    public boolean inDoubt() {
      return this == STARTED || this == UNKNOWN;
    }
  }

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "attempt_id", nullable = false, updatable = false)
  private long attemptId;

  @Column(name = "order_id", nullable = false, updatable = false)
  private long orderId;

  @Column(nullable = false, updatable = false)
  private String gateway;

  @Column(name = "gateway_key", nullable = false, updatable = false)
  private String gatewayKey;

  @Column(name = "charge_id", nullable = false, updatable = false)
  private String chargeId;

  @Column(nullable = false, updatable = false)
  private long amount;

  @Column(nullable = false, updatable = false)
  private String currency;

  @Column(nullable = false, updatable = false)
  private String reason;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  private Status status;

  @Column(name = "gateway_refund_id")
  private String gatewayRefundId;

  @Column(name = "failure_code")
  private String failureCode;

  @Column(name = "requested_at", nullable = false, updatable = false)
  private Instant requestedAt;

  @Column(name = "answered_at")
  private Instant answeredAt;

  @Column(name = "lease_until")
  private Instant leaseUntil;

  @Column(name = "retry_after")
  private Instant retryAfter;

  @Column(nullable = false)
  private int tries;

  /** When its request last left for the gateway (null before it was first sent). */
  @Column(name = "sent_at")
  private Instant sentAt;

  /**
   * What the gateway had given back of the charge in all, by anyone's hand, before this refund (the
   * order's ledger when it was asked for, and the refunds of others found beside it since): once it
   * is made, the charge has given back this plus its amount.
   */
  @Column(name = "returned_before", nullable = false)
  private long returnedBefore;

  @Column(name = "refunded_before", nullable = false)
  private long refundedBefore;

  @Column(name = "requested_by", updatable = false)
  private String requestedBy;

  @Column(updatable = false)
  private String note;

  @Column(name = "client_scope", updatable = false)
  private String clientScope;

  @Column(name = "client_key", updatable = false)
  private String clientKey;

  protected GatewayRefund() {}

  /**
   * A refund the merchant asked for, found again by the client's key: {@code refundedBefore} is
   * what the charge had given back when it was asked for.
   */
  public static GatewayRefund asked(
      ChargeAttempt attempt,
      String gatewayKey,
      long amount,
      Duration lease,
      long returnedBefore,
      String requestedBy,
      String note,
      String clientScope,
      String clientKey) {
    GatewayRefund refund =
        new GatewayRefund(attempt, gatewayKey, amount, MERCHANT, lease, returnedBefore);
    refund.refundedBefore = attempt.refundedAmount();
    return refund.askedBy(requestedBy, note, clientScope, clientKey);
  }

  /**
   * Money the order does not keep, asked back again by an operator after the gateway refused its
   * return; found again by the client's key and the attempt.
   */
  public static GatewayRefund surplusAgain(
      ChargeAttempt attempt,
      String gatewayKey,
      long amount,
      Duration lease,
      long returnedBefore,
      String operator,
      String clientScope,
      String clientKey) {
    return new GatewayRefund(attempt, gatewayKey, amount, SURPLUS, lease, returnedBefore)
        .askedBy(operator, "asked again from the review queue", clientScope, clientKey);
  }

  /**
   * All that is left of one attempt's money, given back because an operator refunded an order in
   * review; found again by the client's key and the attempt.
   */
  public static GatewayRefund reviewed(
      ChargeAttempt attempt,
      String gatewayKey,
      long amount,
      Duration lease,
      long returnedBefore,
      String operator,
      String clientScope,
      String clientKey) {
    GatewayRefund refund =
        new GatewayRefund(attempt, gatewayKey, amount, REVIEW, lease, returnedBefore);
    refund.refundedBefore = attempt.refundedAmount();
    return refund.askedBy(operator, "returned from the review queue", clientScope, clientKey);
  }

  /** Someone asked for it under a client's key, which finds it again. */
  private GatewayRefund askedBy(
      String requestedBy, String note, String clientScope, String clientKey) {
    this.requestedBy = Objects.requireNonNull(requestedBy, "Someone asks for it.");
    this.note = note;
    this.clientScope = Objects.requireNonNull(clientScope, "A client scope is required.");
    this.clientKey = Objects.requireNonNull(clientKey, "A client key is required.");
    return this;
  }

  public GatewayRefund(
      ChargeAttempt attempt,
      String gatewayKey,
      long amount,
      String reason,
      Duration lease,
      long returnedBefore) {
    if (returnedBefore < 0) {
      throw new IllegalArgumentException("Nothing is given back below zero: " + returnedBefore);
    }
    this.returnedBefore = returnedBefore;
    this.attemptId = Objects.requireNonNull(attempt.id(), "The attempt must be stored first.");
    this.orderId = attempt.orderId();
    this.gateway = attempt.gateway();
    this.gatewayKey = Objects.requireNonNull(gatewayKey, "A gateway key is required.");
    this.chargeId =
        Objects.requireNonNull(attempt.gatewayChargeId(), "A refund needs the gateway's charge.");
    if (amount <= 0) {
      throw new IllegalArgumentException("A refund must be positive: " + amount);
    }
    this.amount = amount;
    this.currency = attempt.currency();
    this.reason = Objects.requireNonNull(reason, "A reason is required.");
    this.status = Status.STARTED;
    this.requestedAt = now();
    // Sent right after the commit by whoever committed it; anyone else only once this passed.
    this.leaseUntil = requestedAt.plus(lease);
    this.retryAfter = leaseUntil;
  }

  /** Whether someone holds it for sending right now (its lease has not run out). */
  public boolean sending() {
    return leaseUntil != null && leaseUntil.isAfter(now());
  }

  /** Takes the refund over for sending, unless someone holds it or it is settled. */
  public boolean claim(Duration lease) {
    Instant now = now();
    if (!status.inDoubt() || (leaseUntil != null && leaseUntil.isAfter(now))) {
      return false;
    }
    this.leaseUntil = now.plus(lease);
    this.retryAfter = leaseUntil;
    this.tries++;
    return true;
  }

  /**
   * The first sender holds it from its creation on: this counts its try, and its lease runs from
   * now. The send may start well after the creation (a review refund's later attempts wait for the
   * earlier ones); a lease still counted from the creation could then run out while it is with the
   * gateway, and a sweep would send it a second time, which a gateway without refund keys (Omise,
   * 2C2P) would pay twice.
   */
  public void firstTry(Duration lease) {
    this.tries = Math.max(tries, 1);
    sendsNow();
    Instant until = now().plus(lease);
    if (leaseUntil == null || leaseUntil.isBefore(until)) {
      this.leaseUntil = until;
      this.retryAfter = until;
    }
  }

  /**
   * Its request leaves for the gateway now (a claim that only reads the gateway first is not one):
   * a gateway honouring no refund key is believed not to have made it only some time after.
   */
  public void sendsNow() {
    this.sentAt = now();
  }

  /**
   * The gateway lists refunds somebody else made of the charge, {@code othersTotal} in all, and not
   * this one: it comes after them (they are told to the ledger first).
   */
  public void comesAfter(long othersTotal) {
    long more = othersTotal - returnedBefore;
    if (more > 0) {
      returnedBefore += more;
      refundedBefore += more;
    }
  }

  public void succeeded(String gatewayRefundId) {
    this.status = Status.SUCCEEDED;
    if (gatewayRefundId != null) {
      this.gatewayRefundId = gatewayRefundId;
    }
    settle();
  }

  public void failed(String code) {
    this.status = Status.FAILED;
    this.failureCode = code;
    settle();
  }

  public void unknown(String why, Duration backoff) {
    this.status = Status.UNKNOWN;
    this.failureCode = why;
    this.leaseUntil = null;
    this.retryAfter = now().plus(backoff);
  }

  private void settle() {
    this.answeredAt = now();
    this.leaseUntil = null;
    this.retryAfter = null;
  }

  private static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  public Long id() {
    return id;
  }

  public long attemptId() {
    return attemptId;
  }

  public long orderId() {
    return orderId;
  }

  public String gateway() {
    return gateway;
  }

  public String gatewayKey() {
    return gatewayKey;
  }

  public String chargeId() {
    return chargeId;
  }

  public long amount() {
    return amount;
  }

  public String currency() {
    return currency;
  }

  public String reason() {
    return reason;
  }

  public Status status() {
    return status;
  }

  public String gatewayRefundId() {
    return gatewayRefundId;
  }

  public String failureCode() {
    return failureCode;
  }

  public int tries() {
    return tries;
  }

  /** When its request last left for the gateway; when it was asked for, if never sent yet. */
  public Instant sentAt() {
    return sentAt == null ? requestedAt : sentAt;
  }

  /** What the charge had given back before this refund, by anyone's hand. */
  public long returnedBefore() {
    return returnedBefore;
  }

  public long refundedBefore() {
    return refundedBefore;
  }

  /** Whether Ichido owes it by itself (a surplus) rather than someone asked for it. */
  public boolean owed() {
    return SURPLUS.equals(reason);
  }

  /** Whether an operator returned it from the review queue. */
  public boolean review() {
    return REVIEW.equals(reason);
  }

  /** Who asked for it; null for a refund Ichido owes by itself. */
  public String requestedBy() {
    return requestedBy;
  }

  /** The merchant's words for why, as given; may be null. */
  public String note() {
    return note;
  }

  public Instant requestedAt() {
    return requestedAt;
  }
}
