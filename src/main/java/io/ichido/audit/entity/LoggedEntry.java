package io.ichido.audit.entity;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import java.time.Instant;

/**
 * An entry as the log holds it. {@code details} and {@code tax} are canonical JSON text, exactly
 * the bytes the hash covers.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoggedEntry(
    long seq,
    Instant loggedAt,
    String kind,
    Long orderId,
    String counterparty,
    Long amount,
    String currency,
    String gateway,
    String chargeId,
    String idempotencyKey,
    String status,
    String actor,
    @JsonRawValue String details,
    @JsonRawValue String tax,
    Long corrects,
    String prevHash,
    String hash) {}
