package io.ichido.payments.gateway;

import jakarta.ws.rs.core.HttpHeaders;
import java.util.Optional;

/** One gateway's webhook dialect: how it signs, and what its events mean. */
public interface GatewayWebhook {

  /** Its gateway's name ({@code stripe}, {@code paypay}, ...): the path segment. */
  String gateway();

  /**
   * Authenticates the delivery and reads it: the signature is checked before the body is parsed, so
   * that unauthenticated bytes cost an HMAC over at most the capped body and nothing more.
   *
   * @throws WebhookRejected when the signature, its timestamp or the body does not hold up
   */
  ReceivedEvent read(HttpHeaders headers, byte[] body);

  /**
   * Whether a delivery authenticates itself. A gateway that signs nothing (PayPay) answers false:
   * its deliveries are read by {@link #hinted}, never by {@link #read}.
   */
  default boolean signed() {
    return true;
  }

  /**
   * For an unsigned dialect: the charge id (or our gateway key) the delivery names, read from at
   * most the capped body; empty for a kind of delivery we do not act on. Nothing else in it is
   * believed: the charge is read back from the gateway.
   *
   * @throws WebhookRejected when the body is not a delivery of the gateway's
   */
  default Optional<String> hinted(byte[] body) {
    throw new UnsupportedOperationException(gateway() + " signs its webhooks");
  }
}
