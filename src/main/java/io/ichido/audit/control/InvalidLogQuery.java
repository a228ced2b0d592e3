package io.ichido.audit.control;

import io.ichido.platform.control.ProblemException;

/** A search parameter that cannot be understood. */
public class InvalidLogQuery extends ProblemException {

  public InvalidLogQuery(String parameter, String why) {
    super(400, "invalid-log-query", "Invalid search", "Parameter " + parameter + " " + why + ".");
  }
}
