package io.ichido.idempotency.boundary;

import java.io.Serial;

/** A JSON document nests arrays and objects deeper than its reader accepts. */
public class JsonTooDeep extends RuntimeException {
  @Serial private static final long serialVersionUID = 1L;

  private final int limit;

  public JsonTooDeep(int limit) {
    super("The JSON document nests arrays and objects deeper than " + limit + " levels");
    this.limit = limit;
  }

  /** The deepest nesting accepted: {@code {}} is one level, {@code {"a":[]}} two. */
  public int limit() {
    return limit;
  }
}
