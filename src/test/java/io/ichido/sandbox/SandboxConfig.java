package io.ichido.sandbox;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configuration that points Ichido at a sandbox: its base URLs, the secret keys it accepts and
 * the secrets it signs webhooks with, as MicroProfile Config properties. The run command and the
 * tests hand these to their Liberty server; the WAR knows none of them (a real deployment that used
 * one of them would accept webhooks anyone can sign).
 */
public final class SandboxConfig {

  /** The sandbox checks only a key's test prefix; these are the keys the run command uses. */
  public static final String STRIPE_SECRET_KEY = "sk_test_ichido_sandbox";

  public static final String OMISE_SECRET_KEY = "skey_test_ichido_sandbox";
  public static final String KOMOJU_SECRET_KEY = "sk_test_ichido_sandbox";

  /**
   * PayPay's API key and secret (every request is signed with the secret, see {@link PayPayAuth});
   * public, like the others: no PayPay account ever issued them.
   */
  public static final String PAYPAY_API_KEY = "sandbox-paypay-key";

  public static final String PAYPAY_API_SECRET = "ichido-sandbox-paypay-secret-0123456789abcdef";

  /** 2C2P's own demo merchant, which the sandbox's notifications name. */
  public static final String MERCHANT_2C2P = "JT01";

  private SandboxConfig() {}

  /** Every gateway pointed at the sandbox listening at {@code sandboxUrl}. */
  public static Map<String, String> properties(String sandboxUrl) {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("ichido.gateway.stripe.base-url", sandboxUrl + "/stripe");
    config.put("ichido.gateway.stripe.secret-key", STRIPE_SECRET_KEY);
    config.put("ichido.webhooks.stripe.secrets", WebhookSecrets.STRIPE);
    config.put("ichido.gateway.omise.base-url", sandboxUrl + "/omise");
    config.put("ichido.gateway.omise.secret-key", OMISE_SECRET_KEY);
    config.put("ichido.webhooks.omise.secrets", WebhookSecrets.OMISE);
    config.put("ichido.gateway.komoju.base-url", sandboxUrl + "/komoju/api/v1");
    config.put("ichido.gateway.komoju.secret-key", KOMOJU_SECRET_KEY);
    config.put("ichido.webhooks.komoju.secrets", WebhookSecrets.KOMOJU);
    config.put("ichido.gateway.2c2p.base-url", sandboxUrl + "/2c2p");
    config.put("ichido.gateway.2c2p.secret-key", GatewaySandbox.DEFAULT_2C2P_SECRET);
    config.put("ichido.gateway.2c2p.merchant-id", MERCHANT_2C2P);
    config.put("ichido.gateway.2c2p.maintenance-url", sandboxUrl + "/2c2p");
    config.put("ichido.gateway.2c2p.merchant-private-key", TwoC2pKeys.MERCHANT_PRIVATE);
    config.put("ichido.gateway.2c2p.public-key", TwoC2pKeys.GATEWAY_PUBLIC);
    config.put("ichido.gateway.paypay.base-url", sandboxUrl + "/paypay");
    config.put("ichido.gateway.paypay.api-key", PAYPAY_API_KEY);
    config.put("ichido.gateway.paypay.secret-key", PAYPAY_API_SECRET);
    return config;
  }
}
