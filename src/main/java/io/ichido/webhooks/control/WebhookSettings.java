package io.ichido.webhooks.control;

import io.ichido.idempotency.entity.ClaimRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Webhook secrets and timings, from {@code ichido.webhooks.*}. Secrets are lists (comma-separated)
 * so that an old and a new one both verify while a gateway rotates them.
 */
@ApplicationScoped
public class WebhookSettings {

  @Inject Config config;

  @Inject
  @ConfigProperty(name = "ichido.webhooks.tolerance", defaultValue = "PT5M")
  Duration tolerance;

  @Inject
  @ConfigProperty(name = "ichido.webhooks.retention", defaultValue = "P30D")
  Duration retention;

  @Inject
  @ConfigProperty(name = "ichido.webhooks.lease", defaultValue = "PT2M")
  Duration lease;

  @Inject
  @ConfigProperty(name = "ichido.webhooks.in-flight-wait", defaultValue = "PT5S")
  Duration inFlightWait;

  @Inject
  @ConfigProperty(name = "ichido.webhooks.max-body-bytes", defaultValue = "65536")
  int maxBodyBytes;

  /**
   * Refuses to start when an event id could be forgotten while its first delivery still holds it: a
   * redelivery would then take the id over and run the event's consumers a second time.
   */
  void check(@Observes @Initialized(ApplicationScoped.class) Object started) {
    ClaimRequest.retentionProblem(
            "ichido.webhooks.retention", retention, "ichido.webhooks.lease", lease)
        .ifPresent(
            problem -> {
              throw new IllegalStateException(problem);
            });
  }

  /** {@code ichido.webhooks.<gateway>.secrets}; empty when none is set (every delivery fails). */
  public List<String> secrets(String gateway) {
    return config
        .getOptionalValues("ichido.webhooks." + gateway + ".secrets", String.class)
        .orElse(List.of());
  }

  public String value(String name) {
    return config.getValue(name, String.class);
  }

  /** How far a signed timestamp may be from our clock, either way. */
  public Duration tolerance() {
    return tolerance;
  }

  /** How long an event id is remembered: longer than any gateway keeps redelivering. */
  public Duration retention() {
    return retention;
  }

  /**
   * How old an event may be by its own creation time: younger than the retention of its id, so that
   * an event old enough for its id to be forgotten is refused instead of acted on again. Less the
   * tolerance, so that a gateway clock that far ahead of ours opens no gap either.
   */
  public Duration maxEventAge() {
    return retention.minus(tolerance);
  }

  /** The longest body read; longer ones are refused unread. */
  public int maxBodyBytes() {
    return maxBodyBytes;
  }

  /** How long a delivery being processed holds its event id before another may take over. */
  public Duration lease() {
    return lease;
  }

  /** How long a repeat delivery waits for the first one to finish before asking for a retry. */
  public Duration inFlightWait() {
    return inFlightWait;
  }
}
