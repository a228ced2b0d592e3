package io.ichido.platform.control;

import java.io.Serial;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A domain failure that the client should see as a specific problem. Subclasses name the failure
 * ({@code OutOfStock}); the mapper turns them into problem answers, with the extension members and
 * the {@code Retry-After} a subclass adds.
 */
public abstract class ProblemException extends RuntimeException {
  @Serial private static final long serialVersionUID = 1L;

  private final int status;
  private final String type;
  private final String title;
  private final Map<String, Object> extensions = new LinkedHashMap<>();
  private long retryAfterSeconds;

  protected ProblemException(int status, String type, String title, String detail) {
    super(detail);
    this.status = status;
    this.type = type;
    this.title = title;
  }

  /** Adds an RFC 9457 extension member (e.g. {@code order_id}); null values are left out. */
  protected final void extension(String name, Object value) {
    if (value != null) {
      extensions.put(name, value);
    }
  }

  /** Asks the client to wait this long before trying again ({@code Retry-After}). */
  protected final void retryAfter(long seconds) {
    this.retryAfterSeconds = Math.max(1, seconds);
  }

  public int status() {
    return status;
  }

  /** The last segment of the problem type URI, e.g. {@code out-of-stock}. */
  public String type() {
    return type;
  }

  public String title() {
    return title;
  }

  public Map<String, Object> extensions() {
    return Collections.unmodifiableMap(extensions);
  }

  /** Seconds for {@code Retry-After}, or 0 for none. */
  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
