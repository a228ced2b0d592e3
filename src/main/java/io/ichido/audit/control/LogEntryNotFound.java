package io.ichido.audit.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** 404: a correction names an entry the payment log does not have. */
public class LogEntryNotFound extends ProblemException {

  @Serial private static final long serialVersionUID = 1L;

  public LogEntryNotFound(long seq) {
    super(404, "log-entry-not-found", "No such entry", "The payment log has no entry " + seq);
  }
}
