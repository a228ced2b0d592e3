package io.ichido.receipts.entity;

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
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One issued document: the receipt of a paid order, or the return invoice of one refund. Its
 * number, issuer and amounts never change once issued; only {@code deliveredAt} is set, when the
 * original first went out (every later copy is a reprint, 再発行).
 */
@Entity
@Table(name = "receipt")
@NamedQuery(
    name = Receipt.OF_ORDER,
    query = "SELECT r FROM Receipt r WHERE r.orderId = :orderId ORDER BY r.id")
public class Receipt {

  public static final String OF_ORDER = "Receipt.ofOrder";

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "order_id", nullable = false, updatable = false)
  private long orderId;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false, updatable = false)
  private ReceiptKind kind;

  @Column(nullable = false, updatable = false, unique = true)
  private String number;

  /** For a return invoice, the order's refunded total once this refund is counted; else 0. */
  @Column(name = "refunded_through", nullable = false, updatable = false)
  private long refundedThrough;

  /** Tax included. */
  @Column(nullable = false, updatable = false)
  private long amount;

  @Column(nullable = false, updatable = false)
  private long tax;

  @Column(nullable = false, updatable = false, length = 3)
  private String currency;

  @Column(name = "issuer_name", nullable = false, updatable = false)
  private String issuerName;

  @Column(name = "registration_number", nullable = false, updatable = false)
  private String registrationNumber;

  /** Where the original goes by e-mail, when the payer gave an address. */
  @Column(updatable = false)
  private String recipient;

  @Column(name = "issued_at", nullable = false, updatable = false)
  private Instant issuedAt;

  @Column(name = "delivered_at")
  private Instant deliveredAt;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "receipt_rate", joinColumns = @JoinColumn(name = "receipt_id"))
  @OrderBy("rate DESC")
  private List<RateTotal> rates = new ArrayList<>();

  protected Receipt() {}

  public Receipt(
      long orderId,
      ReceiptKind kind,
      String number,
      long refundedThrough,
      String currency,
      Issuer issuer,
      String recipient,
      Instant issuedAt,
      List<RateTotal> rates) {
    this.orderId = orderId;
    this.kind = Objects.requireNonNull(kind, "A kind is required.");
    this.number = Objects.requireNonNull(number, "A number is required.");
    this.refundedThrough = refundedThrough;
    this.currency = Objects.requireNonNull(currency, "A currency is required.");
    this.issuerName = issuer.name();
    this.registrationNumber = issuer.registrationNumber().value();
    this.recipient = recipient;
    this.issuedAt = Objects.requireNonNull(issuedAt, "An issue time is required.");
    if (rates.isEmpty()) {
      throw new IllegalArgumentException("A document states at least one tax rate.");
    }
    this.rates = new ArrayList<>(rates);
    this.amount = rates.stream().mapToLong(RateTotal::amount).sum();
    this.tax = rates.stream().mapToLong(RateTotal::tax).sum();
  }

  /** Marks the original as handed out; false when it already was (this copy is a reprint). */
  public boolean deliver(Instant now) {
    if (deliveredAt != null) {
      return false;
    }
    deliveredAt = now;
    return true;
  }

  public Long id() {
    return id;
  }

  public long orderId() {
    return orderId;
  }

  public ReceiptKind kind() {
    return kind;
  }

  public String number() {
    return number;
  }

  public long refundedThrough() {
    return refundedThrough;
  }

  public long amount() {
    return amount;
  }

  public long tax() {
    return tax;
  }

  public String currency() {
    return currency;
  }

  public String issuerName() {
    return issuerName;
  }

  public String registrationNumber() {
    return registrationNumber;
  }

  public String recipient() {
    return recipient;
  }

  public Instant issuedAt() {
    return issuedAt;
  }

  public Instant deliveredAt() {
    return deliveredAt;
  }

  public List<RateTotal> rates() {
    return List.copyOf(rates);
  }
}
