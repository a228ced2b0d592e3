package io.ichido.webhooks.control;

import io.ichido.payments.gateway.SignatureFrame;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/** The frame every gateway's dialect is checked in: one set of bounds and one HMAC comparison. */
@ApplicationScoped
public class WebhookSignatureFrame implements SignatureFrame {

  @Inject WebhookSettings settings;
  @Inject WebhookClock clock;

  /** A frame over these settings, for a dialect read outside the container. */
  public static WebhookSignatureFrame of(WebhookSettings settings) {
    WebhookSignatureFrame frame = new WebhookSignatureFrame();
    frame.settings = settings;
    frame.clock = new WebhookClock();
    frame.clock.settings = settings;
    return frame;
  }

  @Override
  public List<String> secrets(String gateway) {
    return settings.secrets(gateway);
  }

  @Override
  public String value(String name) {
    return settings.value(name);
  }

  @Override
  public Duration tolerance() {
    return settings.tolerance();
  }

  @Override
  public void requireFresh(String gateway, long unixSeconds) {
    clock.requireFresh(gateway, unixSeconds);
  }

  @Override
  public void requireWithinRetention(String gateway, String eventId, Instant created) {
    clock.requireWithinRetention(gateway, eventId, created);
  }

  @Override
  public void requireOneHex(
      String gateway, List<byte[]> keys, Collection<String> signatures, byte[]... signed) {
    Signatures.requireOneHex(gateway, keys, signatures, signed);
  }

  @Override
  public void requireOne(
      String gateway, List<byte[]> keys, Collection<byte[]> signatures, byte[]... signed) {
    Signatures.requireOne(gateway, keys, signatures, signed);
  }
}
