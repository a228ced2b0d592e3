package io.ichido.idempotency.boundary;

/** A JSON document nests arrays and objects deeper than its reader accepts. */
public class JsonTooDeep extends RuntimeException {

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
