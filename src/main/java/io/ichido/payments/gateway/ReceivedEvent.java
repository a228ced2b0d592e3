package io.ichido.payments.gateway;

import io.ichido.payments.entity.GatewayNotice;
import java.util.Objects;
import java.util.Optional;

/**
 * An authenticated delivery: the provider's event id and type, and what it means for a charge of
 * ours ({@code notice}; empty for event types we do not act on).
 */
public record ReceivedEvent(
    String gateway, String eventId, String type, Optional<GatewayNotice> notice) {

  public ReceivedEvent {
    Objects.requireNonNull(gateway, "A gateway is required.");
    Objects.requireNonNull(eventId, "An event id is required.");
    Objects.requireNonNull(type, "A type is required.");
    Objects.requireNonNull(notice, "A notice (or none) is required.");
  }
}
