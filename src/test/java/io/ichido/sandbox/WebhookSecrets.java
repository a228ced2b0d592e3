package io.ichido.sandbox;

/**
 * The secrets the sandbox signs its webhooks with. The run command and the tests configure Ichido
 * with the same values ({@link SandboxConfig}), so that a local run accepts the sandbox's webhooks
 * without further setup; no real gateway ever issued them, and the WAR does not carry them.
 */
public final class WebhookSecrets {

  /** Stripe's endpoint secret: the HMAC key is its UTF-8 bytes, {@code whsec_} prefix included. */
  public static final String STRIPE = "whsec_ichido_sandbox_stripe_0123456789";

  /**
   * Omise's webhook secret, base64 as the dashboard shows it: the HMAC key is the decoded bytes.
   */
  public static final String OMISE = "aWNoaWRvLXNhbmRib3gtb21pc2Utd2ViaG9vay1rZXktMDEyMzQ1Njc4OQ==";

  /** KOMOJU's webhook secret token: the HMAC key is its UTF-8 bytes. */
  public static final String KOMOJU = "ichido-sandbox-komoju-webhook-token";

  /**
   * 2C2P signs its backend notification with the merchant secret, so this is the sandbox's default
   * merchant secret; a sandbox started with another 2C2P secret signs with that one.
   */
  public static final String TWO_C2P = GatewaySandbox.DEFAULT_2C2P_SECRET;

  private WebhookSecrets() {}
}
