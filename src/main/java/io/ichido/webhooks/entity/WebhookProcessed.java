package io.ichido.webhooks.entity;

/**
 * An authenticated webhook delivery won its event id and was processed: fired inside the
 * transaction of its effects, so it commits with them or not at all, once per event. {@code result}
 * is what processing it did. A later delivery of the same event fires nothing of this: it is retry
 * traffic, recorded as the idempotency layer's own ({@code IdempotencyKeyEvent}); a rejected
 * delivery fires nothing at all.
 */
public record WebhookProcessed(
    String gateway,
    String eventId,
    String type,
    String chargeId,
    Long amount,
    String currency,
    String result) {}
