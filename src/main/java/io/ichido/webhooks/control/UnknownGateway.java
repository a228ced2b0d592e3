package io.ichido.webhooks.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** A webhook path naming a gateway we take no webhooks from. */
public class UnknownGateway extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public UnknownGateway(String gateway) {
    super(404, "unknown-gateway", "Unknown gateway", "No webhooks from " + gateway);
  }
}
