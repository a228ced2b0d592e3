package io.ichido.orders.entity;

import io.ichido.payments.entity.OrderStanding;
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

  /** What of its course is no money: whether it still takes a payment, and if not, why. */
  @Enumerated(EnumType.STRING)
  @Column(nullable = false, length = 24)
  private OrderStanding.Stage stage = OrderStanding.Stage.OPEN;

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

  /**
   * Its customer was sent to pay (konbini, bank transfer, a QR code) and is awaited. Only an order
   * that takes a payment is awaited; one awaited already stays so.
   */
  public void awaited() {
    if (stage == OrderStanding.Stage.OPEN) {
      this.stage = OrderStanding.Stage.AWAITING;
    }
  }

  /**
   * It stops taking a payment, for {@code why}: called off, lapsed, failed, or ended by giving back
   * all that review held. Only an order that takes a payment ends so; the caller has made sure its
   * ledger holds no payment and nothing before a person.
   */
  public void ended(OrderStanding.Stage why) {
    if (why.takesPayment()) {
      throw new IllegalArgumentException(why + " is no end");
    }
    if (!stage.takesPayment()) {
      throw new IllegalStateException("Order " + id + " ended already: " + stage);
    }
    this.stage = why;
  }

  /**
   * Takes what its ledger shows ({@code standing}, as {@link OrderStanding#of} decides it): its
   * status and its figures. Nothing else moves an order's status. {@code payment} names the attempt
   * that is its payment, if one is; {@code reviewReason} says why money waits for a person, kept
   * while it does. Answers whether the status moved.
   */
  public boolean project(OrderStanding standing, PaymentNames payment, String reviewReason) {
    OrderStatus before = status;
    this.status = OrderStatus.valueOf(standing.status().name());
    if (standing.paid() > 0) {
      if (paidAt == null) {
        this.paidAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
      }
      if (payment != null) {
        this.paymentGateway = payment.gateway();
        this.paymentChargeId = payment.chargeId();
        this.paymentKey = payment.key();
      }
    }
    this.paidAmount = standing.paid() > 0 && standing.paid() != amount ? standing.paid() : null;
    this.refundedAmount = standing.refunded();
    if (status == OrderStatus.NEEDS_REVIEW) {
      if (reviewReason != null) {
        this.reviewReason = reviewReason;
      } else if (this.reviewReason == null) {
        this.reviewReason = "money waits for a person";
      }
    } else {
      this.reviewReason = null;
    }
    return status != before;
  }

  /** The attempt that is an order's payment, by the names its gateway and its client gave it. */
  public record PaymentNames(String gateway, String chargeId, String key) {}

  public OrderStanding.Stage stage() {
    return stage;
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
