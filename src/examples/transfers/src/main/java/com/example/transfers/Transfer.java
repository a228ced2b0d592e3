package com.example.transfers;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/** One transfer of money: the row a retried request must never write twice. */
@Entity
public class Transfer {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "idempotency_key", nullable = false)
  private String idempotencyKey;

  @Column(name = "from_account", nullable = false)
  private String fromAccount;

  @Column(name = "to_account", nullable = false)
  private String toAccount;

  @Column(nullable = false)
  private long amount;

  protected Transfer() {}

  public Transfer(String idempotencyKey, String fromAccount, String toAccount, long amount) {
    this.idempotencyKey = idempotencyKey;
    this.fromAccount = fromAccount;
    this.toAccount = toAccount;
    this.amount = amount;
  }

  public Long getId() {
    return id;
  }

  public String getIdempotencyKey() {
    return idempotencyKey;
  }

  public String getFromAccount() {
    return fromAccount;
  }

  public String getToAccount() {
    return toAccount;
  }

  public long getAmount() {
    return amount;
  }
}
