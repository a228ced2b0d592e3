package io.ichido.webhooks.entity;

/**
 * The body a gateway gets back: {@code processed} the first time, {@code already_processed} after.
 */
public record WebhookAnswer(String status) {

  public static final WebhookAnswer PROCESSED = new WebhookAnswer("processed");
  public static final WebhookAnswer ALREADY_PROCESSED = new WebhookAnswer("already_processed");
}
