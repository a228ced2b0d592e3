package io.ichido.payments.gateway;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * What every webhook dialect checks the same way, offered by the webhooks capability: the
 * configured secrets, the time bounds and the constant-time HMAC comparison. A dialect says only
 * which bytes are signed and where the signature and its time are; it refuses a delivery by
 * throwing {@link WebhookRejected}.
 */
public interface SignatureFrame {

  /** {@code ichido.webhooks.<gateway>.secrets}; empty when none is set (every delivery fails). */
  List<String> secrets(String gateway);

  /** A configuration value the dialect needs beyond its secrets (2C2P's merchant). */
  String value(String name);

  /** How far a signed timestamp may be from our clock. */
  Duration tolerance();

  /** Refuses a signed timestamp further from now than the tolerance, either way. */
  void requireFresh(String gateway, long unixSeconds);

  /** For a gateway that signs no timestamp: refuses an event older than its id is remembered. */
  void requireWithinRetention(String gateway, String eventId, Instant created);

  /** Refuses unless one of the hex {@code signatures} is the HMAC-SHA256 of {@code signed}. */
  void requireOneHex(
      String gateway, List<byte[]> keys, Collection<String> signatures, byte[]... signed);

  /** Refuses unless one of the raw {@code signatures} is the HMAC-SHA256 of {@code signed}. */
  void requireOne(
      String gateway, List<byte[]> keys, Collection<byte[]> signatures, byte[]... signed);

  static List<byte[]> utf8(List<String> secrets) {
    return secrets.stream().map(SignatureFrame::utf8).toList();
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
