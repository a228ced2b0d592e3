package io.ichido.sandbox;

/** The URLs the sandbox hands out that point back at itself. */
record SandboxUrls(String base) {

  /** Omise's 3-D Secure page: opening it completes the authentication. */
  String omiseAuthorize(String chargeId) {
    return base + OmiseAuthorizePage.PATH + chargeId;
  }

  /**
   * Where a customer would read a voucher, bank details or a QR code; the page only says how to
   * complete or expire the payment through the control API.
   */
  String customerPage(String gateway, String id) {
    return base + SandboxControl.PATH + "pages/" + gateway + "/" + id;
  }
}
