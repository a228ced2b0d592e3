package io.ichido.payments.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One row of an order's ledger: money a gateway took or gave back for one attempt, or an operator
 * recorded given back outside Ichido. Only ever added, and only by the money decider's effects;
 * what an attempt received and returned is the sum of its rows.
 */
@Entity
@Table(name = "money_movement")
public class MoneyMovement {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "order_id", nullable = false, updatable = false)
  private long orderId;

  @Column(name = "attempt_id", nullable = false, updatable = false)
  private long attemptId;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false, updatable = false)
  private MoneyEffect.Movement movement;

  @Column(nullable = false, updatable = false)
  private long amount;

  @Column(nullable = false, updatable = false)
  private String currency;

  @Column(nullable = false, updatable = false)
  private String gateway;

  @Column(updatable = false)
  private String reference;

  @Column(nullable = false, updatable = false)
  private String via;

  @Column(name = "recorded_by", updatable = false)
  private String recordedBy;

  @Column(name = "recorded_at", nullable = false, updatable = false)
  private Instant recordedAt;

  protected MoneyMovement() {}

  public MoneyMovement(
      ChargeAttempt attempt,
      MoneyEffect.Ledger row,
      String reference,
      String via,
      String recordedBy) {
    this.orderId = attempt.orderId();
    this.attemptId = Objects.requireNonNull(attempt.id(), "The attempt must be stored first.");
    this.movement = row.movement();
    if (row.amount() <= 0) {
      throw new IllegalArgumentException("A movement of money is positive: " + row.amount());
    }
    this.amount = row.amount();
    this.currency = Objects.requireNonNull(row.currency(), "A currency is required.");
    this.gateway = attempt.gateway();
    this.reference = reference;
    this.via = Objects.requireNonNull(via, "Where it was learnt is required.");
    this.recordedBy = recordedBy;
    this.recordedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  public long attemptId() {
    return attemptId;
  }

  public MoneyEffect.Movement movement() {
    return movement;
  }

  public long amount() {
    return amount;
  }
}
