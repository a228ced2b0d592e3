package io.ichido.payments.gateway;

import jakarta.ws.rs.core.HttpHeaders;

/** One gateway's webhook dialect: how it signs, and what its events mean. */
public interface GatewayWebhook {

  /** {@code stripe}, {@code omise}, {@code 2c2p} or {@code komoju}: the path segment. */
  String gateway();

  /**
   * Authenticates the delivery and reads it: the signature is checked before the body is parsed, so
   * that unauthenticated bytes cost an HMAC over at most the capped body and nothing more.
   *
   * @throws WebhookRejected when the signature, its timestamp or the body does not hold up
   */
  ReceivedEvent read(HttpHeaders headers, byte[] body);
}
