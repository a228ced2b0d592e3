package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;

/** What Stripe tells the customer: konbini vouchers, bank details, the decline. */
record StripeNextActions(SandboxUrls urls) {

  static ObjectNode declineError() {
    ObjectNode error = Json.object();
    error.put("type", "card_error").put("code", "card_declined");
    error.put("decline_code", "generic_decline").put("message", "Your card was declined.");
    return error;
  }

  ObjectNode konbini(String id) {
    ObjectNode action = Json.object().put("type", "konbini_display_details");
    ObjectNode details = action.putObject("konbini_display_details");
    details.put("expires_at", Instant.now().plus(Duration.ofDays(3)).getEpochSecond());
    details.put("hosted_voucher_url", urls.customerPage(StripeApi.NAME, id));
    ObjectNode stores = details.putObject("stores");
    for (String store : new String[] {"familymart", "lawson", "ministop", "seicomart"}) {
      stores
          .putObject(store)
          .put("confirmation_number", Ids.digits(11))
          .put("payment_code", Ids.digits(6));
    }
    return action;
  }

  /**
   * 3-D Secure, as Stripe asks for it: with a {@code return_url}, {@code redirect_to_url} (a page
   * any browser can follow, which then sends it back there); without one, {@code use_stripe_sdk},
   * which only Stripe.js can finish (its {@code handleNextAction}, with the intent's client
   * secret).
   */
  ObjectNode threeDSecure(StripeApi.Authentication authentication) {
    String page =
        urls.stripeAuthentication(authentication.intentId(), authentication.clientSecret());
    if (authentication.returnUrl() == null) {
      ObjectNode action = Json.object().put("type", "use_stripe_sdk");
      action
          .putObject("use_stripe_sdk")
          .put("type", "three_d_secure_redirect")
          .put("stripe_js", page)
          .put("source", Ids.alphanumeric("src_", 24));
      return action;
    }
    ObjectNode action = Json.object().put("type", "redirect_to_url");
    action
        .putObject("redirect_to_url")
        .put("url", page)
        .put("return_url", authentication.returnUrl());
    return action;
  }

  /** The intent's {@code last_payment_error} after the customer failed 3-D Secure. */
  static ObjectNode authenticationFailure() {
    ObjectNode error = Json.object();
    error.put("type", "invalid_request_error").put("code", "payment_intent_authentication_failure");
    error.put(
        "message",
        "The provided PaymentMethod has failed authentication. You can provide payment_method_data"
            + " or a new PaymentMethod to attempt to fulfill this PaymentIntent again.");
    return error;
  }

  ObjectNode bankTransfer(String id, long amount, String currency) {
    ObjectNode action = Json.object().put("type", "display_bank_transfer_instructions");
    ObjectNode details = action.putObject("display_bank_transfer_instructions");
    details
        .put("amount_remaining", amount)
        .put("currency", currency)
        .put("type", "jp_bank_transfer");
    details
        .put("reference", Ids.digits(8))
        .put("hosted_instructions_url", urls.customerPage(StripeApi.NAME, id));
    ObjectNode address = details.putArray("financial_addresses").addObject().put("type", "zengin");
    address.putArray("supported_networks").add("zengin");
    ObjectNode zengin = address.putObject("zengin");
    zengin.put("bank_code", "0001").put("bank_name", "Sandbox Bank").put("branch_code", "001");
    zengin.put("branch_name", "Ichido Branch").put("account_type", "futsu");
    zengin.put("account_number", Ids.digits(7)).put("account_holder_name", "ICHIDO SANDBOX");
    return action;
  }
}
