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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One charge request for one order under one Idempotency-Key, recorded before the gateway is called
 * so that even an attempt whose answer was lost leaves a trace.
 */
@Entity
@Table(name = "charge_attempt")
@NamedQuery(
    name = ChargeAttempt.COUNT_FOR_ORDER,
    query = "SELECT count(a) FROM ChargeAttempt a WHERE a.orderId = :orderId")
@NamedQuery(
    name = ChargeAttempt.FIND_BY_CHARGE,
    query =
        "SELECT a FROM ChargeAttempt a WHERE a.gateway = :gateway AND a.gatewayChargeId = :chargeId"
            + " ORDER BY a.id DESC")
@NamedQuery(
    name = ChargeAttempt.FIND_BY_REFERENCE,
    query =
        "SELECT a FROM ChargeAttempt a WHERE a.gateway = :gateway AND a.gatewayReference = :reference"
            + " ORDER BY a.id DESC")
@NamedQuery(
    name = ChargeAttempt.FIND,
    query = "SELECT a FROM ChargeAttempt a WHERE a.orderId = :orderId AND a.idempotencyKey = :key")
public class ChargeAttempt {

  public static final String FIND = "ChargeAttempt.find";
  public static final String COUNT_FOR_ORDER = "ChargeAttempt.countForOrder";
  public static final String FIND_BY_CHARGE = "ChargeAttempt.findByCharge";
  public static final String FIND_BY_REFERENCE = "ChargeAttempt.findByReference";

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "order_id", nullable = false, updatable = false)
  private long orderId;

  @Column(name = "idempotency_key", nullable = false, updatable = false)
  private String idempotencyKey;

  @Column(nullable = false, updatable = false)
  private String gateway;

  @Column(nullable = false, updatable = false)
  private String method;

  @Column(nullable = false, updatable = false)
  private long amount;

  @Column(nullable = false, updatable = false)
  private String currency;

  /** 2C2P's invoice number, fixed before the first call. */
  @Column(name = "gateway_reference")
  private String gatewayReference;

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

  protected ChargeAttempt() {}

  public ChargeAttempt(
      long orderId,
      String idempotencyKey,
      String gateway,
      PaymentMethod method,
      long amount,
      String currency,
      String gatewayReference,
      String customerEmail) {
    this.orderId = orderId;
    this.idempotencyKey = Objects.requireNonNull(idempotencyKey, "A key is required.");
    this.gateway = Objects.requireNonNull(gateway, "A gateway is required.");
    this.method = Objects.requireNonNull(method, "A method is required.").wireName();
    if (amount <= 0) {
      throw new IllegalArgumentException("A charge must be positive: " + amount);
    }
    this.amount = amount;
    this.currency = Objects.requireNonNull(currency, "A currency is required.");
    this.gatewayReference = gatewayReference;
    this.customerEmail = customerEmail;
    this.status = ChargeStatus.REQUESTED;
    this.requestedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /** Records what the gateway answered. */
  public void answered(
      ChargeStatus status, String gatewayChargeId, String failureCode, String instructions) {
    this.status = Objects.requireNonNull(status, "A status is required.");
    this.gatewayChargeId = gatewayChargeId;
    this.failureCode = failureCode;
    this.instructions = instructions;
    this.answeredAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /**
   * Records what the gateway later told us (a webhook): only the status moves; what the customer
   * was told to do stays. The charge id is learnt here when the synchronous answer was lost.
   */
  public void notified(ChargeStatus status, String gatewayChargeId, String failureCode) {
    this.status = Objects.requireNonNull(status, "A status is required.");
    if (this.gatewayChargeId == null) {
      this.gatewayChargeId = gatewayChargeId;
    }
    if (failureCode != null) {
      this.failureCode = failureCode;
    }
    this.answeredAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  public String customerEmail() {
    return customerEmail;
  }

  public Long id() {
    return id;
  }

  public long orderId() {
    return orderId;
  }

  public String idempotencyKey() {
    return idempotencyKey;
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
}
