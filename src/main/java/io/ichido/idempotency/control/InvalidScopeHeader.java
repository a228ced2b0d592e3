package io.ichido.idempotency.control;

import java.io.Serial;

/** The endpoint's scope header is missing from the request, or cannot name a scope. */
public class InvalidScopeHeader extends RuntimeException {
  @Serial private static final long serialVersionUID = 1L;

  private final String header;
  private final boolean missing;
  private final String reason;

  public InvalidScopeHeader(String header, boolean missing, String reason) {
    super("The " + header + " header is " + (missing ? "required" : "invalid") + ": " + reason);
    this.header = header;
    this.missing = missing;
    this.reason = reason;
  }

  public String header() {
    return header;
  }

  public String reason() {
    return reason;
  }

  /** True when the header was not sent at all. */
  public boolean missing() {
    return missing;
  }
}
