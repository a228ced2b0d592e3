package io.ichido.client;

import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** A {@code Retry-After} header (RFC 9110 10.2.3): delay-seconds or an HTTP-date. */
public final class RetryAfter {

  /** Longer waits than this are read as this: a server's clock or header gone wrong. */
  static final Duration LONGEST = Duration.ofHours(1);

  private RetryAfter() {}

  /** The wait the header asks for; empty when absent or unreadable. */
  public static Optional<Duration> parse(String header, Clock clock) {
    if (header == null || header.isBlank()) {
      return Optional.empty();
    }
    String value = header.trim();
    Duration wait;
    if (value.chars().allMatch(Character::isDigit)) {
      if (value.length() > 7) {
        wait = LONGEST;
      } else {
        wait = Duration.ofSeconds(Long.parseLong(value));
      }
    } else {
      try {
        ZonedDateTime at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
        wait = Duration.between(clock.instant(), at.toInstant());
      } catch (DateTimeParseException unreadable) {
        return Optional.empty();
      }
      if (wait.isNegative()) {
        wait = Duration.ZERO;
      }
    }
    return Optional.of(wait.compareTo(LONGEST) > 0 ? LONGEST : wait);
  }
}
