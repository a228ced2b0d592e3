package io.ichido.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Omise's {@code authorize_uri}: the customer's browser lands here and goes on to the charge's
 * {@code return_uri} once 3-D Secure is over. It passes at once ({@code tokn_test_3ds}), or the
 * issuer challenges ({@code tokn_test_3ds_challenge}): the page waits for the customer to authorize
 * or to fail, a POST of this page. It is a page for a browser, not an API call, so faults and
 * request counts leave it alone.
 */
final class OmiseAuthorizePage implements HttpHandler {

  static final String PATH = "/omise/authorize/";

  private final OmiseApi omise;

  OmiseAuthorizePage(OmiseApi omise) {
    this.omise = omise;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String id = exchange.getRequestURI().getRawPath().substring(PATH.length());
    String method = exchange.getRequestMethod();
    if (!("GET".equals(method) || "POST".equals(method)) || omise.find(id).isEmpty()) {
      SandboxResponse.html(404, "<p>No such charge.</p>").writeTo(exchange);
      return;
    }
    boolean pending =
        omise.find(id).map(c -> "pending".equals(c.path("status").asText())).orElse(false);
    if ("GET".equals(method) && omise.challenges(id) && pending) {
      SandboxResponse.html(
              200,
              "<!doctype html><title>3-D Secure</title><h1>Authorize charge "
                  + id
                  + "</h1><form method=\"post\"><button id=\"omise-3ds-authorize\" name=\"outcome\""
                  + " value=\"pass\">Authorize</button> <button id=\"omise-3ds-fail\""
                  + " name=\"outcome\" value=\"fail\">Fail</button></form>")
          .writeTo(exchange);
      return;
    }
    // Already completed or failed charges just redirect again, as a reloaded page would.
    omise.authenticated(
        id, !"POST".equals(method) || "pass".equals(Form.parse(body).get("outcome")));
    String returnUri = omise.find(id).map(c -> c.path("return_uri").asText(null)).orElse(null);
    if (returnUri == null) {
      SandboxResponse.html(200, "<p>3-D Secure completed.</p>").writeTo(exchange);
    } else {
      SandboxResponse.redirect(returnUri).writeTo(exchange);
    }
  }
}
