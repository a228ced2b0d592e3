package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** What Stripe refuses before it does anything, and Stripe's error shape. */
final class StripeErrors {

  private StripeErrors() {}

  /** The first thing wrong with a PaymentIntent request, or null. */
  static SandboxResponse validate(Map<String, String> form, String method) {
    String amount = form.get("amount");
    if (amount == null) {
      return missing("amount");
    }
    try {
      if (Long.parseLong(amount) < 1) {
        return invalid("amount", "This value must be greater than or equal to 1.");
      }
    } catch (NumberFormatException e) {
      return invalid("amount", "Invalid integer: " + amount);
    }
    String currency = form.get("currency");
    if (currency == null) {
      return missing("currency");
    }
    if (!currency.matches("[A-Za-z]{3}")) {
      return invalid("currency", "Invalid currency: " + currency);
    }
    if (method == null) {
      return invalid(
          "payment_method_types[0]",
          "The payment method type \"" + form.get("payment_method_types[0]") + "\" is invalid.");
    }
    boolean confirm = "true".equals(form.get("confirm"));
    return switch (method) {
      case "card" ->
          confirm && !form.containsKey("payment_method") ? missing("payment_method") : null;
      case "konbini" ->
          requireAll(
              form,
              "payment_method_data[billing_details][name]",
              "payment_method_data[billing_details][email]");
      default -> {
        SandboxResponse incomplete =
            requireAll(
                form,
                "customer",
                "payment_method_options[customer_balance][funding_type]",
                "payment_method_options[customer_balance][bank_transfer][type]");
        if (incomplete == null
            && !"jp_bank_transfer"
                .equals(
                    form.get("payment_method_options[customer_balance][bank_transfer][type]"))) {
          yield invalid(
              "payment_method_options[customer_balance][bank_transfer][type]",
              "Only jp_bank_transfer is supported for JPY.");
        }
        yield incomplete;
      }
    };
  }

  private static SandboxResponse requireAll(Map<String, String> form, String... names) {
    for (String name : names) {
      if (form.get(name) == null || form.get(name).isBlank()) {
        return missing(name);
      }
    }
    return null;
  }

  static SandboxResponse missing(String param) {
    return error(
        400,
        "invalid_request_error",
        "parameter_missing",
        param,
        "Missing required param: " + param + ".");
  }

  static SandboxResponse invalid(String param, String message) {
    return error(400, "invalid_request_error", "parameter_invalid", param, message);
  }

  /**
   * Stripe's 401 for a key it does not accept (stripe-java: {@code AuthenticationException}): no
   * code, the key masked in the message.
   */
  static SandboxResponse invalidApiKey(String key) {
    return error(
        401, "invalid_request_error", null, null, "Invalid API Key provided: " + masked(key));
  }

  /** Stripe's 403 for a key without the permission (stripe-java: {@code PermissionException}). */
  static SandboxResponse withoutPermission(String key) {
    return error(
        403,
        "invalid_request_error",
        null,
        null,
        "The provided key '"
            + masked(key)
            + "' does not have the required permissions for this endpoint on account"
            + " 'acct_ichidosandbox'. Having the 'rak_write' permission would allow this request"
            + " to continue.");
  }

  /** As Stripe masks keys: the prefix, stars, the last four characters. */
  private static String masked(String key) {
    int prefix = key.indexOf('_', key.indexOf('_') + 1) + 1;
    if (prefix <= 0 || key.length() <= prefix + 4) {
      return "*".repeat(key.length());
    }
    return key.substring(0, prefix)
        + "*".repeat(key.length() - prefix - 4)
        + key.substring(key.length() - 4);
  }

  static SandboxResponse error(int status, String type, String code, String param, String message) {
    ObjectNode error = Json.object().put("type", type).put("message", message);
    if (code != null) {
      error.put("code", code);
    }
    if (param != null) {
      error.put("param", param);
    }
    return SandboxResponse.json(status, Json.object().set("error", error));
  }
}
