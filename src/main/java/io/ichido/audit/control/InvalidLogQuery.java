package io.ichido.audit.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** A search parameter that cannot be understood. */
public class InvalidLogQuery extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public InvalidLogQuery(String parameter, String why) {
    super(400, "invalid-log-query", "Invalid search", "Parameter " + parameter + " " + why + ".");
  }
}
