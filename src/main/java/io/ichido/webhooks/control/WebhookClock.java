package io.ichido.webhooks.control;

import io.ichido.payments.gateway.WebhookRejected;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;

/**
 * Refuses deliveries too far in time: signed timestamps too far from now (a captured delivery
 * cannot be replayed later), and events created before their id could be forgotten.
 */
@ApplicationScoped
public class WebhookClock {

  @Inject WebhookSettings settings;

  void requireFresh(String gateway, long unixSeconds) {
    long now = Instant.now().getEpochSecond();
    Duration tolerance = settings.tolerance();
    // Compared with the window's ends, never by subtracting: now - t overflows for a t near
    // Long.MIN_VALUE, and Math.abs(Long.MIN_VALUE) is negative, which would pass as fresh.
    if (unixSeconds < now - tolerance.toSeconds() || unixSeconds > now + tolerance.toSeconds()) {
      throw new WebhookRejected(
          gateway,
          "timestamp " + unixSeconds + " is further from now than the tolerance, " + tolerance);
    }
  }

  /**
   * For gateways that sign no timestamp: an event created longer ago than its id is remembered
   * would otherwise be taken as new when replayed.
   */
  void requireWithinRetention(String gateway, String eventId, Instant created) {
    Duration maxAge = settings.maxEventAge();
    if (created.isBefore(Instant.now().minus(maxAge))) {
      throw new WebhookRejected(
          gateway,
          "event " + eventId + " was created " + created + ", over " + maxAge.toHours() + " h ago");
    }
  }
}
