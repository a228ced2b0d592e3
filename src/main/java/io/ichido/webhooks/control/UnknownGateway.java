package io.ichido.webhooks.control;

import io.ichido.platform.control.ProblemException;

/** A webhook path naming a gateway we take no webhooks from. */
public class UnknownGateway extends ProblemException {

  public UnknownGateway(String gateway) {
    super(404, "unknown-gateway", "Unknown gateway", "No webhooks from " + gateway);
  }
}
