package io.ichido.audit.entity;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A fact to append, before the log gives it a place (sequence number, time, hashes). Fields that do
 * not apply are null; {@code details} holds the rest of the fact, {@code tax} the consumption-tax
 * breakdown where there is one.
 */
public record LogEntry(
    LogKind kind,
    Long orderId,
    String counterparty,
    Long amount,
    String currency,
    String gateway,
    String chargeId,
    String idempotencyKey,
    String status,
    String actor,
    Map<String, Object> details,
    List<Map<String, Object>> tax,
    Long corrects) {

  public LogEntry {
    Objects.requireNonNull(kind, "A kind is required.");
    details =
        details == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(details));
    tax = tax == null ? null : List.copyOf(tax);
  }

  public static Builder of(LogKind kind) {
    return new Builder(kind);
  }

  /** Most facts fill a few fields: named setters read better than thirteen positions. */
  public static final class Builder {
    private final LogKind kind;
    private Long orderId;
    private String counterparty;
    private Long amount;
    private String currency;
    private String gateway;
    private String chargeId;
    private String idempotencyKey;
    private String status;
    private String actor;
    private final Map<String, Object> details = new LinkedHashMap<>();
    private List<Map<String, Object>> tax;
    private Long corrects;

    private Builder(LogKind kind) {
      this.kind = kind;
    }

    public Builder order(Long id) {
      this.orderId = id;
      return this;
    }

    public Builder counterparty(String counterparty) {
      this.counterparty = counterparty;
      return this;
    }

    public Builder money(Long amount, String currency) {
      this.amount = amount;
      this.currency = currency;
      return this;
    }

    public Builder gateway(String gateway) {
      this.gateway = gateway;
      return this;
    }

    public Builder charge(String chargeId) {
      this.chargeId = chargeId;
      return this;
    }

    public Builder key(String idempotencyKey) {
      this.idempotencyKey = idempotencyKey;
      return this;
    }

    public Builder status(String status) {
      this.status = status;
      return this;
    }

    public Builder actor(String actor) {
      this.actor = actor;
      return this;
    }

    /** A detail; null values are left out. */
    public Builder detail(String name, Object value) {
      if (value != null) {
        details.put(name, value);
      }
      return this;
    }

    public Builder tax(List<Map<String, Object>> tax) {
      this.tax = tax;
      return this;
    }

    public Builder corrects(Long seq) {
      this.corrects = seq;
      return this;
    }

    public LogEntry build() {
      return new LogEntry(
          kind,
          orderId,
          counterparty,
          amount,
          currency,
          gateway,
          chargeId,
          idempotencyKey,
          status,
          actor,
          details,
          tax,
          corrects);
    }
  }
}
