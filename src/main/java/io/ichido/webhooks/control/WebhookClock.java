package io.ichido.webhooks.control;

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
    long skew = Math.abs(Instant.now().getEpochSecond() - unixSeconds);
    Duration tolerance = settings.tolerance();
    if (skew > tolerance.toSeconds()) {
      throw new WebhookRejected(
          gateway, "timestamp is " + skew + " s away from now (tolerance " + tolerance + ")");
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
