package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** No difference between a gateway's records and our ledger with this id. */
public class DifferenceNotFound extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public DifferenceNotFound(long id) {
    super(
        404,
        "difference-not-found",
        "Difference not found",
        "There is no difference " + id + " between a gateway's records and the ledger.");
  }
}
