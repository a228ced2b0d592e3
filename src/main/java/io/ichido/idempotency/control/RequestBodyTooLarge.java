package io.ichido.idempotency.control;

import java.io.Serial;

/** The body is larger than {@code ichido.idempotency.max-body-bytes}. */
public class RequestBodyTooLarge extends RuntimeException {
  @Serial private static final long serialVersionUID = 1L;

  private final int limit;

  public RequestBodyTooLarge(int limit) {
    super("The request body is larger than " + limit + " bytes");
    this.limit = limit;
  }

  public int limit() {
    return limit;
  }
}
