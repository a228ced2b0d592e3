package io.ichido.audit.control;

import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LoggedEntry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A fact to record, stated field by field: most facts fill a few fields, and named setters read
 * better than seventeen positions. {@link Builder#build()} gives the {@link LoggedEntry} the fact
 * becomes, not yet placed: seq 0, no time or hashes until the sequencer chains it. Its details and
 * tax are turned into canonical JSON text there, once: the bytes stored and hashed.
 */
public final class NewEntry {

  private NewEntry() {}

  public static Builder of(LogKind kind) {
    return new Builder(kind);
  }

  /** Fields that do not apply stay null; details hold the rest of the fact, tax its breakdown. */
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
      this.kind = Objects.requireNonNull(kind, "A kind is required.");
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

    public LoggedEntry build() {
      return new LoggedEntry(
          0,
          null,
          kind.name(),
          orderId,
          counterparty,
          amount,
          currency,
          gateway,
          chargeId,
          idempotencyKey,
          status,
          actor,
          EntryHash.canonical(details),
          tax == null ? null : EntryHash.canonical(tax),
          corrects,
          null,
          null);
    }
  }
}
