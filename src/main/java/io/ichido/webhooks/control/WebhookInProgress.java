package io.ichido.webhooks.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * 409: an earlier delivery of the same event holds it; the gateway's own retry will be answered.
 */
public class WebhookInProgress extends ProblemException {

  @Serial private static final long serialVersionUID = 1L;

  public WebhookInProgress(long retryAfterSeconds) {
    super(
        409,
        "webhook-in-progress",
        "Event being processed",
        "An earlier delivery of this event is still being processed; retry.");
    retryAfter(retryAfterSeconds);
  }
}
