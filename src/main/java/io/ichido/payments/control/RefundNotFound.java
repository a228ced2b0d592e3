package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** No refund with this id. */
public class RefundNotFound extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public RefundNotFound(long id) {
    super(404, "refund-not-found", "Refund not found", "There is no refund " + id + ".");
  }
}
