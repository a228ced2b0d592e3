package io.ichido.webhooks.control;

import io.ichido.platform.control.ProblemException;

/** A delivery that could not be authenticated (or read): nothing of it is recorded or acted on. */
public class WebhookRejected extends ProblemException {

  public WebhookRejected(String gateway, String why) {
    super(400, "webhook-rejected", "Webhook rejected", "The " + gateway + " webhook " + why + ".");
  }
}
