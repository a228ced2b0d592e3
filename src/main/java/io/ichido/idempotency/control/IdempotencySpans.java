package io.ichido.idempotency.control;

import io.opentelemetry.api.trace.Span;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Marks the request's span, when the server traces (MicroProfile Telemetry), with how the layer
 * answered: {@code ichido.idempotency.outcome}, {@code .scope} and {@code .key_sha256}. Never the
 * key itself: a client may have built it from something private, and traces travel far. Without
 * OpenTelemetry's API (a server without {@code mpTelemetry}) this does nothing; nothing else in the
 * layer needs it.
 */
@ApplicationScoped
public class IdempotencySpans {

  public static final String OUTCOME = "ichido.idempotency.outcome";
  public static final String SCOPE = "ichido.idempotency.scope";
  public static final String KEY_SHA256 = "ichido.idempotency.key_sha256";

  /** How the layer dealt with a request that carried a key. */
  public enum Outcome {
    EXECUTED,
    REPLAYED,
    IN_USE,
    REUSED,
    /** Ran, failed in a way worth retrying, and gave its key back. */
    RELEASED;

    String attribute() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static final boolean TRACING = openTelemetryPresent();

  /**
   * The span current now, or null when nothing records it (no tracing, or the SDK off): then the
   * layer does no tracing work at all. Kept to mark it again after the method.
   */
  public Object current() {
    return TRACING ? Otel.current() : null;
  }

  public void mark(Object span, Outcome outcome, String scope, String key) {
    if (span != null) {
      Otel.mark(span, outcome.attribute(), scope, sha256(key));
    }
  }

  public void mark(Object span, Outcome outcome) {
    if (span != null) {
      Otel.mark(span, outcome.attribute(), null, null);
    }
  }

  /** What {@code printf %s "$KEY" | sha256sum} prints: an operator holding a key can find it. */
  static String sha256(String key) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JVM has SHA-256", e);
    }
  }

  /** The only class that touches OpenTelemetry, loaded only where its API is present. */
  private static final class Otel {

    static Object current() {
      Span current = Span.current();
      return current.isRecording() ? current : null;
    }

    static void mark(Object span, String outcome, String scope, String keyHash) {
      Span recording = (Span) span;
      if (!recording.isRecording()) {
        return;
      }
      recording.setAttribute(OUTCOME, outcome);
      if (scope != null) {
        recording.setAttribute(SCOPE, scope);
        recording.setAttribute(KEY_SHA256, keyHash);
      }
    }
  }

  private static boolean openTelemetryPresent() {
    try {
      Class.forName(
          "io.opentelemetry.api.trace.Span", false, IdempotencySpans.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }
}
