package io.ichido.notifications.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The SMTP server and the outbox's pace, from {@code ichido.mail.*}. */
@ApplicationScoped
public class MailSettings {

  @Inject
  @ConfigProperty(name = "ichido.mail.host")
  String host;

  @Inject
  @ConfigProperty(name = "ichido.mail.port")
  int port;

  @Inject
  @ConfigProperty(name = "ichido.mail.from")
  String from;

  @Inject
  @ConfigProperty(name = "ichido.mail.username")
  Optional<String> username;

  @Inject
  @ConfigProperty(name = "ichido.mail.password")
  Optional<String> password;

  @Inject
  @ConfigProperty(name = "ichido.mail.starttls", defaultValue = "false")
  boolean starttls;

  @Inject
  @ConfigProperty(name = "ichido.mail.timeout", defaultValue = "PT10S")
  Duration timeout;

  @Inject
  @ConfigProperty(name = "ichido.mail.poll-interval", defaultValue = "PT15S")
  Duration pollInterval;

  @Inject
  @ConfigProperty(name = "ichido.mail.retry-initial", defaultValue = "PT5S")
  Duration retryInitial;

  @Inject
  @ConfigProperty(name = "ichido.mail.retry-max", defaultValue = "PT10M")
  Duration retryMax;

  @Inject
  @ConfigProperty(name = "ichido.mail.max-attempts", defaultValue = "200")
  int maxAttempts;

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  public String from() {
    return from;
  }

  public Optional<String> username() {
    return username.filter(u -> !u.isBlank());
  }

  public Optional<String> password() {
    return password;
  }

  public boolean starttls() {
    return starttls;
  }

  public Duration timeout() {
    return timeout;
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  /** Doubling from {@code retry-initial} after each failed attempt, capped at {@code retry-max}. */
  public Duration retryDelay(int failedAttempts) {
    int doublings = Math.min(Math.max(failedAttempts - 1, 0), 30);
    Duration delay = retryInitial.multipliedBy(1L << doublings);
    return delay.compareTo(retryMax) > 0 ? retryMax : delay;
  }
}
