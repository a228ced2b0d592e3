package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** A reconciliation that cannot run as asked: no such gateway enabled, or no window. */
public class ReconciliationRefused extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  ReconciliationRefused(String detail) {
    super(400, "reconciliation-refused", "Reconciliation refused", detail);
  }
}
