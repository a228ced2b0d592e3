package io.ichido.sandbox;

/** The URLs the sandbox hands out that point back at itself. */
record SandboxUrls(String base) {

  /** Omise's 3-D Secure page: opening it completes the authentication. */
  String omiseAuthorize(String chargeId) {
    return base + OmiseAuthorizePage.PATH + chargeId;
  }

  /**
   * Stripe's 3-D Secure page for an intent, opened with its client secret as Stripe's hosted page
   * is.
   */
  String stripeAuthentication(String intentId, String clientSecret) {
    return base + StripeAuthenticationPage.PATH + intentId + "?client_secret=" + clientSecret;
  }

  /** KOMOJU's 3-D Secure page for a secure token ({@code authentication_url}). */
  String komojuAuthentication(String secureTokenId) {
    return base + KomojuAuthenticationPage.PATH + secureTokenId;
  }

  /** 2C2P's 3-D Secure page (Do Payment's 1001 {@code data}) for a payment token. */
  String twoC2pAuthentication(String paymentToken) {
    return base + TwoC2pAuthenticationPage.PATH + paymentToken;
  }

  /** The page a PayPay code's {@code url} opens, where the customer pays. */
  String payPayCashier(String codeId) {
    return base + PayPayCashierPage.PATH + codeId;
  }

  /**
   * Where a customer would read a voucher, bank details or a QR code; the page only says how to
   * complete or expire the payment through the control API.
   */
  String customerPage(String gateway, String id) {
    return base + SandboxControl.PATH + "pages/" + gateway + "/" + id;
  }
}
