package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** The difference was resolved already, by the operator it names: nothing was changed. */
public class DifferenceResolvedAlready extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public DifferenceResolvedAlready(long id, String operator) {
    super(
        409,
        "difference-resolved-already",
        "Difference resolved already",
        "Difference " + id + " was resolved already by " + operator + ".");
  }
}
