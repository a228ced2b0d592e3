package io.ichido.orders.entity;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** An order placed by one caller (the owner) for one customer. */
@Entity
@Table(name = "customer_order")
@NamedQuery(
    name = CustomerOrder.FIND_OWNED,
    query = "SELECT o FROM CustomerOrder o WHERE o.id = :id AND o.owner = :owner")
public class CustomerOrder {

  public static final String FIND_OWNED = "CustomerOrder.findOwned";

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  /** The authenticated caller that placed the order. */
  @Column(nullable = false, updatable = false)
  private String owner;

  @Column(nullable = false)
  private String customer;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  private OrderStatus status;

  @Column(nullable = false, length = 3)
  private String currency;

  @Column(nullable = false)
  private long subtotal;

  @Column(nullable = false)
  private long tax;

  @Column(nullable = false)
  private long amount;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "payment_gateway")
  private String paymentGateway;

  @Column(name = "payment_charge_id")
  private String paymentChargeId;

  /** The Idempotency-Key of the charge request that holds this order's payment. */
  @Column(name = "payment_key")
  private String paymentKey;

  @Column(name = "paid_at")
  private Instant paidAt;

  /** What went back to the customer so far. */
  @Column(name = "refunded_amount", nullable = false)
  private long refundedAmount;

  @Column(name = "review_reason")
  private String reviewReason;

  /** What was paid, when an operator accepted less than the amount from review; else null. */
  @Column(name = "paid_amount")
  private Long paidAmount;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "order_line", joinColumns = @JoinColumn(name = "order_id"))
  @OrderColumn(name = "line_no")
  private List<OrderLine> lines = new ArrayList<>();

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "order_tax", joinColumns = @JoinColumn(name = "order_id"))
  @OrderColumn(name = "position")
  private List<TaxLine> taxes = new ArrayList<>();

  protected CustomerOrder() {}

  public CustomerOrder(String owner, String customer, String currency, List<OrderLine> lines) {
    this.owner = Objects.requireNonNull(owner, "An owner is required.");
    this.customer = Objects.requireNonNull(customer, "A customer is required.");
    this.currency = Objects.requireNonNull(currency, "A currency is required.");
    if (lines == null || lines.isEmpty()) {
      throw new IllegalArgumentException("An order needs at least one line.");
    }
    this.lines = new ArrayList<>(lines);
    Map<Integer, Long> taxableByRate = new TreeMap<>();
    for (OrderLine line : lines) {
      taxableByRate.merge(line.taxRate(), line.amount(), Math::addExact);
    }
    taxableByRate.forEach((rate, taxable) -> taxes.add(new TaxLine(rate, taxable)));
    this.subtotal = taxableByRate.values().stream().mapToLong(Long::longValue).sum();
    this.tax = taxes.stream().mapToLong(TaxLine::tax).sum();
    this.amount = Math.addExact(subtotal, tax);
    this.status = OrderStatus.PENDING_PAYMENT;
    // PostgreSQL keeps microseconds; the answer must show what a later GET will.
    this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /** A charge settled synchronously (a card): the order is paid. */
  public void paid(String gateway, String chargeId, String key) {
    requireStatus(OrderStatus.PENDING_PAYMENT, OrderStatus.AWAITING_PAYMENT);
    attachPayment(gateway, chargeId, key);
    this.status = OrderStatus.PAID;
    this.paidAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /**
   * An asynchronous payment (konbini, bank transfer, PayPay, Rakuten Pay) waits for the customer.
   */
  public void awaitingPayment(String gateway, String chargeId, String key) {
    requireStatus(OrderStatus.PENDING_PAYMENT);
    attachPayment(gateway, chargeId, key);
    this.status = OrderStatus.AWAITING_PAYMENT;
  }

  /** The awaited payment failed for good: the order ends. */
  public void failed() {
    requireStatus(OrderStatus.AWAITING_PAYMENT);
    this.status = OrderStatus.FAILED;
  }

  /** The customer did not pay in time: the order ends. */
  public void expired() {
    requireStatus(OrderStatus.PENDING_PAYMENT, OrderStatus.AWAITING_PAYMENT);
    this.status = OrderStatus.EXPIRED;
  }

  /** Its shop called it off before it was paid: the order ends. */
  public void cancelled() {
    requireStatus(OrderStatus.PENDING_PAYMENT, OrderStatus.AWAITING_PAYMENT);
    this.status = OrderStatus.CANCELLED;
  }

  /**
   * The gateway gave back {@code refundedTotal} so far: all of it ends the order as REFUNDED, less
   * leaves it PARTIALLY_REFUNDED with the sum.
   */
  public void refunded(long refundedTotal, boolean full) {
    requireStatus(OrderStatus.PAID, OrderStatus.PARTIALLY_REFUNDED);
    if (refundedTotal <= refundedAmount && !full) {
      return;
    }
    this.refundedAmount = full ? amount : Math.min(refundedTotal, amount);
    this.status = full ? OrderStatus.REFUNDED : OrderStatus.PARTIALLY_REFUNDED;
  }

  /** Money arrived that does not settle the order as it stands. */
  public void needsReview(String reason) {
    requireStatus(
        OrderStatus.PENDING_PAYMENT,
        OrderStatus.AWAITING_PAYMENT,
        OrderStatus.FAILED,
        OrderStatus.EXPIRED);
    this.status = OrderStatus.NEEDS_REVIEW;
    this.reviewReason = Objects.requireNonNull(reason, "A reason is required.");
  }

  /** A paid order's charge is disputed (a chargeback): a person decides what it owes. */
  public void disputed(String reason) {
    requireStatus(OrderStatus.PAID, OrderStatus.PARTIALLY_REFUNDED, OrderStatus.REFUNDED);
    this.status = OrderStatus.NEEDS_REVIEW;
    this.reviewReason = Objects.requireNonNull(reason, "A reason is required.");
  }

  /**
   * The dispute about its payment closed: won, the order is paid again as it was; lost, what the
   * customer's bank took back ({@code withdrawn}) counts as refunded. A paid order meets a dispute
   * only when it closed before anything of it was told (lost, or nothing would change).
   */
  public void disputeClosed(boolean won, long withdrawn) {
    requireStatus(OrderStatus.NEEDS_REVIEW, OrderStatus.PAID, OrderStatus.PARTIALLY_REFUNDED);
    if (!won) {
      this.refundedAmount = Math.min(amount, refundedAmount + Math.max(0, withdrawn));
    }
    this.status =
        refundedAmount >= amount
            ? OrderStatus.REFUNDED
            : refundedAmount > 0 ? OrderStatus.PARTIALLY_REFUNDED : OrderStatus.PAID;
    this.reviewReason = null;
  }

  /**
   * An operator accepted the money the order received, held in review, as its payment: {@code paid}
   * of it (at most the amount) pays the order.
   */
  public void accepted(String gateway, String chargeId, String key, long paid) {
    requireStatus(OrderStatus.NEEDS_REVIEW);
    if (paid <= 0 || paid > amount) {
      throw new IllegalArgumentException("Order " + id + " cannot be paid with " + paid);
    }
    attachPayment(gateway, chargeId, key);
    this.status = OrderStatus.PAID;
    this.paidAmount = paid;
    this.paidAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /** Everything the order in review received went back by an operator's refund: it ends. */
  public void refundedFromReview(long refunded) {
    requireStatus(OrderStatus.NEEDS_REVIEW);
    this.status = OrderStatus.REFUNDED;
    this.refundedAmount = Math.min(amount, refundedAmount + refunded);
  }

  private void attachPayment(String gateway, String chargeId, String key) {
    this.paymentGateway = Objects.requireNonNull(gateway, "A gateway is required.");
    this.paymentChargeId = Objects.requireNonNull(chargeId, "A charge id is required.");
    this.paymentKey = Objects.requireNonNull(key, "The charge's key is required.");
  }

  private void requireStatus(OrderStatus... allowed) {
    for (OrderStatus s : allowed) {
      if (status == s) {
        return;
      }
    }
    throw new IllegalStateException("Order " + id + " is " + status);
  }

  public String paymentGateway() {
    return paymentGateway;
  }

  public String paymentChargeId() {
    return paymentChargeId;
  }

  public String paymentKey() {
    return paymentKey;
  }

  public long refundedAmount() {
    return refundedAmount;
  }

  /** What the order's payment brought: its amount, or less when accepted so from review. */
  public long paidAmount() {
    return paidAmount == null ? amount : paidAmount;
  }

  public String reviewReason() {
    return reviewReason;
  }

  public Instant paidAt() {
    return paidAt;
  }

  public Long id() {
    return id;
  }

  public String owner() {
    return owner;
  }

  public String customer() {
    return customer;
  }

  public OrderStatus status() {
    return status;
  }

  public String currency() {
    return currency;
  }

  public long subtotal() {
    return subtotal;
  }

  public long tax() {
    return tax;
  }

  public long amount() {
    return amount;
  }

  public Instant createdAt() {
    return createdAt;
  }

  public List<OrderLine> lines() {
    return List.copyOf(lines);
  }

  public List<TaxLine> taxes() {
    return List.copyOf(taxes);
  }
}
