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
