package io.ichido.notifications.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The SMTP server and the outbox's pace, from {@code ichido.mail.*}. A send is cut off after its
 * connect, read and write timeouts together ({@link #sendDeadline()}), and a claim's lease must
 * outlast one such send, or a second sender could claim an email the first is still sending.
 */
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
  @ConfigProperty(name = "ichido.mail.connect-timeout", defaultValue = "PT5S")
  Duration connectTimeout;

  @Inject
  @ConfigProperty(name = "ichido.mail.read-timeout", defaultValue = "PT10S")
  Duration readTimeout;

  @Inject
  @ConfigProperty(name = "ichido.mail.write-timeout", defaultValue = "PT10S")
  Duration writeTimeout;

  @Inject
  @ConfigProperty(name = "ichido.mail.senders", defaultValue = "2")
  int senders;

  @Inject
  @ConfigProperty(name = "ichido.mail.lease", defaultValue = "PT2M")
  Duration lease;

  @Inject
  @ConfigProperty(name = "ichido.mail.batch-size", defaultValue = "20")
  int batchSize;

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

  public Duration connectTimeout() {
    return connectTimeout;
  }

  public Duration readTimeout() {
    return readTimeout;
  }

  public Duration writeTimeout() {
    return writeTimeout;
  }

  /** The longest one send may take: the watchdog in {@link Mailer} hangs up then. */
  public Duration sendDeadline() {
    return connectTimeout.plus(readTimeout).plus(writeTimeout);
  }

  /** How many emails may be in SMTP's hands at once, from this server. */
  public int senders() {
    return senders;
  }

  public Duration lease() {
    return lease;
  }

  public int batchSize() {
    return batchSize;
  }

  /**
   * Refuses a configuration under which a claim's lease could end while its email is still being
   * sent, or that sends nothing at all.
   */
  public void requireLeaseLongerThanSends() {
    List<String> problems = new ArrayList<>();
    positive(problems, "ichido.mail.connect-timeout", connectTimeout);
    positive(problems, "ichido.mail.read-timeout", readTimeout);
    positive(problems, "ichido.mail.write-timeout", writeTimeout);
    if (lease.compareTo(sendDeadline()) <= 0) {
      problems.add(
          "ichido.mail.lease (%s) must be longer than ichido.mail.connect-timeout + read-timeout +"
                  .formatted(lease)
              + " write-timeout (%s), or a second sender could claim an email still being sent"
                  .formatted(sendDeadline()));
    }
    if (senders < 1 || batchSize < 1) {
      problems.add("ichido.mail.senders and ichido.mail.batch-size must be at least 1");
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException("The outbox cannot start: " + String.join("; ", problems));
    }
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  private static void positive(List<String> problems, String name, Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      problems.add(name + " must be positive (zero would wait forever)");
    }
  }

  /** Doubling from {@code retry-initial} after each failed attempt, capped at {@code retry-max}. */
  public Duration retryDelay(int failedAttempts) {
    int doublings = Math.min(Math.max(failedAttempts - 1, 0), 30);
    Duration delay = retryInitial.multipliedBy(1L << doublings);
    return delay.compareTo(retryMax) > 0 ? retryMax : delay;
  }
}
