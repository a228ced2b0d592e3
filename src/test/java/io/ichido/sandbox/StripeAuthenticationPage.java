package io.ichido.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Stripe's 3-D Secure page, where {@code redirect_to_url.url} (or Stripe.js, for {@code
 * use_stripe_sdk}) takes the customer, opened with the intent's client secret. The frictionless
 * flow passes at once; a challenge waits for the customer to authenticate or to fail (a POST of
 * this page). Either way the browser then goes to the {@code return_url} with the parameters Stripe
 * adds ({@code payment_intent}, {@code payment_intent_client_secret}, {@code redirect_status}), or,
 * without a return URL (Stripe.js), the page says it is done. A page for a browser, not an API
 * call: faults and request counts leave it alone.
 */
final class StripeAuthenticationPage implements HttpHandler {

  static final String PATH = "/stripe-3ds/";

  private final StripeApi stripe;

  StripeAuthenticationPage(StripeApi stripe) {
    this.stripe = stripe;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String id = exchange.getRequestURI().getRawPath().substring(PATH.length());
    String query = exchange.getRequestURI().getRawQuery();
    String secret = Form.parse(query == null ? "" : query).get("client_secret");
    Optional<StripeApi.Authentication> found =
        secret == null ? Optional.empty() : stripe.authentication(id, secret);
    String method = exchange.getRequestMethod();
    if (found.isEmpty() || !(method.equals("GET") || method.equals("POST"))) {
      SandboxResponse.html(404, "<p>No payment waits for 3-D Secure here.</p>").writeTo(exchange);
      return;
    }
    StripeApi.Authentication authentication = found.get();
    if (method.equals("GET") && authentication.challenge()) {
      SandboxResponse.html(200, challenge(authentication)).writeTo(exchange);
      return;
    }
    // A reload after the outcome only goes back again: authenticate changes an intent once.
    boolean passed =
        stripe.authenticate(
            id, method.equals("GET") || "pass".equals(Form.parse(body).get("outcome")));
    if (authentication.returnUrl() == null) {
      SandboxResponse.html(200, "<p id=\"stripe-3ds-done\">3-D Secure completed.</p>")
          .writeTo(exchange);
      return;
    }
    SandboxResponse.seeOther(back(authentication, passed)).writeTo(exchange);
  }

  private static String challenge(StripeApi.Authentication authentication) {
    String action =
        escaped(
            PATH + authentication.intentId() + "?client_secret=" + authentication.clientSecret());
    return "<!doctype html><title>3-D Secure</title><h1>Authenticate payment "
        + escaped(authentication.intentId())
        + "</h1><p>The sandbox's stand-in for the card issuer's challenge.</p><form method=\"post\""
        + " action=\""
        + action
        + "\"><button id=\"stripe-3ds-complete\" name=\"outcome\" value=\"pass\">Complete"
        + " authentication</button> <button id=\"stripe-3ds-fail\" name=\"outcome\""
        + " value=\"fail\">Fail authentication</button></form>";
  }

  /** The return URL with what Stripe appends to it; a browser could forge every one of them. */
  private static String back(StripeApi.Authentication authentication, boolean passed) {
    String url = authentication.returnUrl();
    return url
        + (url.contains("?") ? "&" : "?")
        + "payment_intent="
        + authentication.intentId()
        + "&payment_intent_client_secret="
        + URLEncoder.encode(authentication.clientSecret(), StandardCharsets.UTF_8)
        + "&redirect_status="
        + (passed ? "succeeded" : "failed");
  }

  private static String escaped(String text) {
    return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
  }
}
