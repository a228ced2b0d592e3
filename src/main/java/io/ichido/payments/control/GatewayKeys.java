package io.ichido.payments.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The idempotency key a gateway gets: never the client's own, which two callers (or one caller
 * after our retention) could share in the merchant's single key space at the gateway. It is the
 * HMAC-SHA256 of the caller's scope, the client's key and the order, so the same client key for the
 * same order always gives the same gateway key and different callers or orders never share one. 46
 * characters: within every gateway's limit (KOMOJU's is 100).
 *
 * <p>The HMAC is keyed with {@code ichido.payments.gateway-key-secret} when set. Without it a fixed
 * label keys it: the keys are then still distinct and stable, only predictable to someone who knows
 * a client's key, which gives nothing at the gateway without our API key. Each attempt stores the
 * key it used, so changing the secret never changes the key of an attempt already made.
 */
@ApplicationScoped
public class GatewayKeys {

  private static final String LABEL = "ichido gateway idempotency key v1";

  @Inject PaymentSettings settings;

  private SecretKeySpec secret;

  @PostConstruct
  void init() {
    byte[] key = settings.gatewayKeySecret().orElse(LABEL).getBytes(StandardCharsets.UTF_8);
    secret = new SecretKeySpec(key, "HmacSHA256");
  }

  /**
   * The key of a refund of one attempt's money, for one reason: derived from the attempt's own
   * gateway key, so every sender of that refund, on any server, after any crash, uses the same.
   */
  public String forRefund(String attemptGatewayKey, String reason, long orderId) {
    return derive("refund:" + reason, attemptGatewayKey, orderId);
  }

  public String derive(String scope, String clientKey, long orderId) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(secret);
      // Lengths first: no two (scope, key) pairs can run together into the same bytes.
      String material =
          scope.length() + ":" + scope + "|" + clientKey.length() + ":" + clientKey + "|" + orderId;
      byte[] digest = mac.doFinal(material.getBytes(StandardCharsets.UTF_8));
      return "ik_" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256", e);
    }
  }
}
