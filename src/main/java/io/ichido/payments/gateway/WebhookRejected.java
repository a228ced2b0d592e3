package io.ichido.payments.gateway;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * A delivery that could not be authenticated (or read): nothing of it is recorded or acted on. Its
 * message is ours and names neither the body nor the signature, so it may be logged.
 */
public class WebhookRejected extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public WebhookRejected(String gateway, String why) {
    this(400, "webhook-rejected", "Webhook rejected", gateway, why);
  }

  protected WebhookRejected(int status, String type, String title, String gateway, String why) {
    super(status, type, title, "The " + gateway + " webhook " + why + ".");
  }
}
