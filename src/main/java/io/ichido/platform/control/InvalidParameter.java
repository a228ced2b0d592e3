package io.ichido.platform.control;

import java.io.Serial;

/** A query parameter whose text is not a value of its kind: 400, naming the parameter. */
public class InvalidParameter extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public InvalidParameter(String parameter, String why) {
    super(
        400, "invalid-parameter", "Invalid parameter", "Parameter " + parameter + " " + why + ".");
    extension("parameter", parameter);
  }
}
