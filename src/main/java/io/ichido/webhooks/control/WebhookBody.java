package io.ichido.webhooks.control;

import io.ichido.payments.gateway.WebhookRejected;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a delivery's body, never more than the cap: anyone may post to a webhook endpoint, so an
 * unbounded read would let them choose how much memory each request takes.
 */
final class WebhookBody {

  private WebhookBody() {}

  /**
   * The body's bytes, read from {@code in} only when the declared length (-1 when none was
   * declared, as with chunked bodies) is within the cap, and then at most cap + 1 bytes of it.
   *
   * @throws WebhookTooLarge when the body was declared or turned out longer than {@code maxBytes}
   * @throws WebhookRejected when the body could not be read (the sender went away)
   */
  static byte[] read(String gateway, long declaredLength, InputStream in, int maxBytes) {
    if (declaredLength > maxBytes) {
      throw new WebhookTooLarge(gateway, maxBytes);
    }
    if (in == null) {
      return new byte[0];
    }
    byte[] body;
    try {
      body = in.readNBytes(maxBytes + 1);
    } catch (IOException e) {
      throw new WebhookRejected(gateway, "body could not be read");
    }
    if (body.length > maxBytes) {
      throw new WebhookTooLarge(gateway, maxBytes);
    }
    return body;
  }
}
