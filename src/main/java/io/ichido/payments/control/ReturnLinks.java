package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The links a gateway sends the customer's browser back to after 3-D Secure. Anyone can call such a
 * link, so each carries an expiry and an HMAC of the order, the gateway and that expiry, keyed with
 * a server secret: without a valid one the return page says nothing about any order.
 */
@ApplicationScoped
public class ReturnLinks {

  private static final String SECRET = "payment-return-links";

  @Inject ServerSecrets secrets;

  @Inject
  @ConfigProperty(name = "ichido.payments.return-link-validity", defaultValue = "PT2H")
  java.time.Duration validity;

  /** What to put in the link: when it expires and the token that proves we made it. */
  public record Signed(long expires, String token) {}

  public Signed sign(String gateway, long orderId) {
    long expires = Instant.now().plus(validity).getEpochSecond();
    return new Signed(expires, token(gateway, orderId, expires));
  }

  /** Whether the link is ours, for this order and gateway, and still valid. */
  public boolean valid(String gateway, long orderId, long expires, String token) {
    if (token == null || expires < Instant.now().getEpochSecond()) {
      return false;
    }
    return MessageDigest.isEqual(
        token(gateway, orderId, expires).getBytes(StandardCharsets.US_ASCII),
        token.getBytes(StandardCharsets.US_ASCII));
  }

  private String token(String gateway, long orderId, long expires) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secrets.named(SECRET), "HmacSHA256"));
      byte[] digest =
          mac.doFinal((gateway + "|" + orderId + "|" + expires).getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256", e);
    }
  }
}
