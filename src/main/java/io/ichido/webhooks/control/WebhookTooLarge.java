package io.ichido.webhooks.control;

import io.ichido.payments.gateway.WebhookRejected;
import java.io.Serial;

/** A delivery whose body is over {@code ichido.webhooks.max-body-bytes}: refused unread. */
public class WebhookTooLarge extends WebhookRejected {
  @Serial private static final long serialVersionUID = 1L;

  public WebhookTooLarge(String gateway, int maxBytes) {
    super(
        413,
        "webhook-too-large",
        "Webhook too large",
        gateway,
        "body is over " + maxBytes + " bytes");
  }
}
