package io.ichido.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A KOMOJU secure token's {@code authentication_url}: the issuer's challenge, waiting for the
 * customer to authenticate or to fail (a POST of this page); then the browser goes to the token's
 * {@code return_url} with {@code secure_token_id}. A page for a browser, not an API call: faults
 * and request counts leave it alone.
 */
final class KomojuAuthenticationPage implements HttpHandler {

  static final String PATH = "/komoju-3ds/";

  private final KomojuSecureTokens tokens;

  KomojuAuthenticationPage(KomojuSecureTokens tokens) {
    this.tokens = tokens;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String id = exchange.getRequestURI().getRawPath().substring(PATH.length());
    String method = exchange.getRequestMethod();
    if (tokens.find(id).isEmpty() || !(method.equals("GET") || method.equals("POST"))) {
      SandboxResponse.html(404, "<p>No card waits for 3-D Secure here.</p>").writeTo(exchange);
      return;
    }
    if (method.equals("GET")) {
      SandboxResponse.html(
              200,
              "<!doctype html><title>3-D Secure</title><h1>Authenticate the card</h1><p>The"
                  + " sandbox's stand-in for the card issuer's challenge.</p><form"
                  + " method=\"post\"><button id=\"komoju-3ds-complete\" name=\"outcome\""
                  + " value=\"pass\">Authenticate</button> <button id=\"komoju-3ds-fail\""
                  + " name=\"outcome\" value=\"fail\">Fail</button></form>")
          .writeTo(exchange);
      return;
    }
    Optional<String> back = tokens.authenticate(id, "pass".equals(Form.parse(body).get("outcome")));
    if (back.isEmpty()) {
      SandboxResponse.html(200, "<p>3-D Secure completed.</p>").writeTo(exchange);
    } else {
      SandboxResponse.seeOther(back.get()).writeTo(exchange);
    }
  }
}
