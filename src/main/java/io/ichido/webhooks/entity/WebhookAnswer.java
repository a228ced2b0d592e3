package io.ichido.webhooks.entity;

/**
 * The body a gateway gets back: {@code processed} the first time, {@code already_processed} after;
 * for an unsigned delivery, {@code read_back} when reading its payment back changed nothing (yet),
 * {@code ignored} when it named no payment.
 */
public record WebhookAnswer(String status) {

  public static final WebhookAnswer PROCESSED = new WebhookAnswer("processed");
  public static final WebhookAnswer ALREADY_PROCESSED = new WebhookAnswer("already_processed");
  public static final WebhookAnswer READ_BACK = new WebhookAnswer("read_back");
  public static final WebhookAnswer IGNORED = new WebhookAnswer("ignored");
}
