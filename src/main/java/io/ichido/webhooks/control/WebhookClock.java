package io.ichido.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;

/** Refuses signed timestamps too far from now: a captured delivery cannot be replayed later. */
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
}
