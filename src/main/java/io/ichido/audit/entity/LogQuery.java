package io.ichido.audit.entity;

import java.time.Instant;

/**
 * What an auditor searches for; every filter is optional and they combine with AND. Date and amount
 * are ranges, inclusive at {@code from}/{@code minAmount}, exclusive at {@code to}, inclusive at
 * {@code maxAmount}.
 */
public record LogQuery(
    Instant from,
    Instant to,
    Long minAmount,
    Long maxAmount,
    String counterparty,
    Long orderId,
    String gateway,
    String status,
    String idempotencyKey,
    String kind) {

  public static LogQuery all() {
    return new LogQuery(null, null, null, null, null, null, null, null, null, null);
  }
}
