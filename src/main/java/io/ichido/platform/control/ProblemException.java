package io.ichido.platform.control;

/**
 * A domain failure that the client should see as a specific problem. Subclasses name the failure
 * ({@code OutOfStock}); the mapper turns them into problem answers.
 */
public abstract class ProblemException extends RuntimeException {

  private final int status;
  private final String type;
  private final String title;

  protected ProblemException(int status, String type, String title, String detail) {
    super(detail);
    this.status = status;
    this.type = type;
    this.title = title;
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
}
