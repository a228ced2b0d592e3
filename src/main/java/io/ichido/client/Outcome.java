package io.ichido.client;

import java.time.Duration;
import java.util.Optional;

/** What one try came to: an HTTP answer, or none at all. */
public sealed interface Outcome {

  /**
   * An HTTP answer. {@code problemType} is the last segment of a problem's {@code type} (e.g.
   * {@code idempotency-key-in-use}), empty when the body was no problem.
   */
  record Answered(int status, String problemType, Optional<Duration> retryAfter, boolean replayed)
      implements Outcome {

    public Answered {
      problemType = problemType == null ? "" : problemType;
      retryAfter = retryAfter == null ? Optional.empty() : retryAfter;
    }
  }

  /**
   * No answer: the connection failed, was reset or timed out. The request may or may not have
   * reached the server, which is exactly what the key makes safe to retry.
   */
  record NoAnswer(Exception cause) implements Outcome {}
}
