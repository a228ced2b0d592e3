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

  /** 3-D Secure: Stripe sends the customer to {@code redirect_to_url.url}, then back. */
  ObjectNode redirect(String id, String returnUrl) {
    ObjectNode action = Json.object().put("type", "redirect_to_url");
    ObjectNode redirect = action.putObject("redirect_to_url");
    redirect.put("url", urls.customerPage(StripeApi.NAME, id));
    if (returnUrl == null) {
      redirect.putNull("return_url");
    } else {
      redirect.put("return_url", returnUrl);
    }
    return action;
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
