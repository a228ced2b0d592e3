package io.ichido.webhooks.control;

/** A delivery whose body is over {@code ichido.webhooks.max-body-bytes}: refused unread. */
public class WebhookTooLarge extends WebhookRejected {

  public WebhookTooLarge(String gateway, int maxBytes) {
    super(
        413,
        "webhook-too-large",
        "Webhook too large",
        gateway,
        "body is over " + maxBytes + " bytes");
  }
}
