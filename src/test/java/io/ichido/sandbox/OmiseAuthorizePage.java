package io.ichido.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;

/**
 * Omise's {@code authorize_uri}: the customer's browser lands here, 3-D Secure passes at once and
 * the browser goes on to the charge's {@code return_uri}. It is a page for a browser, not an API
 * call, so faults and request counts leave it alone.
 */
final class OmiseAuthorizePage implements HttpHandler {

  static final String PATH = "/omise/authorize/";

  private final OmiseApi omise;

  OmiseAuthorizePage(OmiseApi omise) {
    this.omise = omise;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    String id = exchange.getRequestURI().getRawPath().substring(PATH.length());
    if (!"GET".equals(exchange.getRequestMethod()) || omise.find(id).isEmpty()) {
      SandboxResponse.html(404, "<p>No such charge.</p>").writeTo(exchange);
      return;
    }
    // Already completed or failed charges just redirect again, as a reloaded page would.
    omise.settle(id, Settlement.COMPLETE);
    String returnUri = omise.find(id).map(c -> c.path("return_uri").asText(null)).orElse(null);
    if (returnUri == null) {
      SandboxResponse.html(200, "<p>3-D Secure completed.</p>").writeTo(exchange);
    } else {
      SandboxResponse.redirect(returnUri).writeTo(exchange);
    }
  }
}
