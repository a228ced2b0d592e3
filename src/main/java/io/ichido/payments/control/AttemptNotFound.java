package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** No charge attempt with this id. */
public class AttemptNotFound extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public AttemptNotFound(long id) {
    super(404, "attempt-not-found", "Attempt not found", "There is no charge attempt " + id + ".");
  }
}
