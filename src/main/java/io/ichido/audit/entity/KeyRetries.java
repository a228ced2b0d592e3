package io.ichido.audit.entity;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * The retry traffic one caller's key drew, within the retention: how often its stored answer was
 * replayed (and when last), how often a twin found it in flight (409), how often it came back with
 * another body (422). For a webhook the key is the event id, the scope {@code webhook:<gateway>},
 * and a replay a duplicate delivery. Kept beside the payment log, not in its chain.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KeyRetries(
    String scope,
    String idempotencyKey,
    long replays,
    Instant lastReplay,
    long inUse,
    long reused,
    Instant lastSeen) {}
