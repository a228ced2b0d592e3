package io.ichido.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.util.Optional;

/**
 * 2C2P's 3-D Secure page, where Do Payment's 1001 sends the customer. GET shows it: a button that
 * authenticates (a POST to this page) and a way back to the shop that leaves the payment pending.
 * The POST completes the payment and, as 2C2P's frontend response does, posts the browser to the
 * merchant's {@code frontendReturnUrl} with a base64url {@code paymentResponse}. A page for a
 * browser, not an API call: faults and request counts leave it alone.
 */
final class TwoC2pAuthenticationPage implements HttpHandler {

  static final String PATH = "/2c2p-3ds/";

  private final TwoC2pApi twoC2p;

  TwoC2pAuthenticationPage(TwoC2pApi twoC2p) {
    this.twoC2p = twoC2p;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    String token = exchange.getRequestURI().getRawPath().substring(PATH.length());
    String method = exchange.getRequestMethod();
    boolean complete = "POST".equals(method);
    Optional<TwoC2pApi.Authentication> page =
        complete || "GET".equals(method)
            ? twoC2p.authentication(token, complete)
            : Optional.empty();
    if (page.isEmpty()) {
      SandboxResponse.html(404, "<p>No payment waits for 3-D Secure here.</p>").writeTo(exchange);
      return;
    }
    TwoC2pApi.Authentication shown = page.get();
    StringBuilder html = new StringBuilder("<!doctype html><title>3-D Secure</title>");
    html.append("<h1>3-D Secure for invoice ").append(escaped(shown.invoiceNo())).append("</h1>");
    if (complete) {
      if (shown.returnUrl() == null) {
        html.append("<p>3-D Secure completed.</p>");
      } else {
        html.append(returnForm("back", shown, "Continue"));
        html.append("<script>document.getElementById('back').submit()</script>");
      }
    } else {
      html.append("<form id=\"authenticate\" method=\"post\" action=\"")
          .append(escaped(PATH + token))
          .append("\"><button>Authenticate</button></form>");
      if (shown.returnUrl() != null) {
        html.append(returnForm("leave", shown, "Back to the shop"));
      }
    }
    SandboxResponse.html(200, html.toString()).writeTo(exchange);
  }

  private static String returnForm(String id, TwoC2pApi.Authentication shown, String label) {
    return "<form id=\""
        + id
        + "\" method=\"post\" action=\""
        + escaped(shown.returnUrl())
        + "\"><input type=\"hidden\" name=\"paymentResponse\" value=\""
        + escaped(shown.paymentResponse())
        + "\"><button>"
        + label
        + "</button></form>";
  }

  private static String escaped(String text) {
    return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
  }
}
