package io.ichido.payments.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One reading of a gateway's money movements over a window, compared with our ledger: how many it
 * read, how many it handed to the money decider (ours, simply not on the ledger yet), and how many
 * differences it named for the first time.
 */
@Entity
@Table(name = "reconciliation_run")
@NamedQuery(
    name = ReconciliationRun.NEWEST,
    query = "SELECT r FROM ReconciliationRun r ORDER BY r.startedAt DESC, r.id DESC")
public class ReconciliationRun {

  public static final String NEWEST = "ReconciliationRun.newest";

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(nullable = false, updatable = false)
  private String gateway;

  @Column(name = "window_from", nullable = false, updatable = false)
  private Instant from;

  @Column(name = "window_to", nullable = false, updatable = false)
  private Instant to;

  @Column(name = "started_by", nullable = false, updatable = false)
  private String startedBy;

  @Column(name = "started_at", nullable = false, updatable = false)
  private Instant startedAt;

  @Column(name = "finished_at")
  private Instant finishedAt;

  @Column(name = "movements_read", nullable = false)
  private int movementsRead;

  @Column(name = "handed_over", nullable = false)
  private int handedOver;

  @Column(name = "differences_found", nullable = false)
  private int differencesFound;

  @Column private String failure;

  protected ReconciliationRun() {}

  public ReconciliationRun(String gateway, Instant from, Instant to, String startedBy) {
    this.gateway = Objects.requireNonNull(gateway, "A gateway is required.");
    this.from = Objects.requireNonNull(from, "A window's start is required.");
    this.to = Objects.requireNonNull(to, "A window's end is required.");
    if (!to.isAfter(from)) {
      throw new IllegalArgumentException("A window ends after it starts: " + from + " " + to);
    }
    this.startedBy = Objects.requireNonNull(startedBy, "Who started it is required.");
    this.startedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /** The run ended: what it read, handed over and found new. */
  public void finished(int read, int handed, int found) {
    this.movementsRead = read;
    this.handedOver = handed;
    this.differencesFound = found;
    this.finishedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /** The run could not read the gateway (or compare): it names nothing, and says why. */
  public void failed(String why) {
    this.failure = why == null ? "unknown" : why.substring(0, Math.min(why.length(), 500));
    this.finishedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  public Long id() {
    return id;
  }

  public String gateway() {
    return gateway;
  }

  public Instant from() {
    return from;
  }

  public Instant to() {
    return to;
  }

  public String startedBy() {
    return startedBy;
  }

  public Instant startedAt() {
    return startedAt;
  }

  public Instant finishedAt() {
    return finishedAt;
  }

  public int movementsRead() {
    return movementsRead;
  }

  public int handedOver() {
    return handedOver;
  }

  public int differencesFound() {
    return differencesFound;
  }

  public String failure() {
    return failure;
  }
}
