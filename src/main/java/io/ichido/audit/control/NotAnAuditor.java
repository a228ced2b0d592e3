package io.ichido.audit.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** 403: the payment log is read and corrected by auditors only. */
public class NotAnAuditor extends ProblemException {

  @Serial private static final long serialVersionUID = 1L;

  public NotAnAuditor() {
    super(403, "forbidden", "Forbidden", "The payment log is for auditors only.");
  }
}
