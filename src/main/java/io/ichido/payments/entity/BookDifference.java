package io.ichido.payments.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One difference between a gateway's records and our ledger, named once (per gateway, kind and the
 * gateway's id of the money) by the reconciliation that first found it, until an operator resolves
 * it with a note. Written by {@code BookRecords} with an insert that skips one named already.
 */
@Entity
@Table(name = "book_difference")
@NamedQuery(
    name = BookDifference.OPEN,
    query = "SELECT d FROM BookDifference d WHERE d.resolvedAt IS NULL ORDER BY d.foundAt, d.id")
public class BookDifference {

  public static final String OPEN = "BookDifference.open";

  @Id private Long id;

  @Column(nullable = false, updatable = false)
  private String gateway;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false, updatable = false)
  private DifferenceKind kind;

  @Column(name = "gateway_id", nullable = false, updatable = false)
  private String gatewayId;

  @Column(name = "charge_id", updatable = false)
  private String chargeId;

  @Column(name = "order_id", updatable = false)
  private Long orderId;

  @Column(name = "attempt_id", updatable = false)
  private Long attemptId;

  @Column(name = "at_gateway", nullable = false, updatable = false)
  private long atGateway;

  @Column(name = "on_ledger", nullable = false, updatable = false)
  private long onLedger;

  @Column(updatable = false)
  private String currency;

  @Column(nullable = false, updatable = false)
  private String detail;

  @Column(name = "run_id", nullable = false, updatable = false)
  private long runId;

  @Column(name = "found_at", nullable = false, updatable = false)
  private Instant foundAt;

  @Column(name = "resolved_by")
  private String resolvedBy;

  @Column(name = "resolved_at")
  private Instant resolvedAt;

  @Column private String note;

  protected BookDifference() {}

  /** Closes the difference: an operator says what was done about it. Once. */
  public void resolve(String operator, String note) {
    if (resolvedAt != null) {
      throw new IllegalStateException("Difference " + id + " was resolved already.");
    }
    this.resolvedBy = Objects.requireNonNull(operator, "An operator is required.");
    this.note = Objects.requireNonNull(note, "A note is required.");
    this.resolvedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  public Long id() {
    return id;
  }

  public String gateway() {
    return gateway;
  }

  public DifferenceKind kind() {
    return kind;
  }

  public String gatewayId() {
    return gatewayId;
  }

  public String chargeId() {
    return chargeId;
  }

  public Long orderId() {
    return orderId;
  }

  public Long attemptId() {
    return attemptId;
  }

  public long atGateway() {
    return atGateway;
  }

  public long onLedger() {
    return onLedger;
  }

  public String currency() {
    return currency;
  }

  public String detail() {
    return detail;
  }

  public Instant foundAt() {
    return foundAt;
  }

  public String resolvedBy() {
    return resolvedBy;
  }

  public Instant resolvedAt() {
    return resolvedAt;
  }

  public String note() {
    return note;
  }
}
