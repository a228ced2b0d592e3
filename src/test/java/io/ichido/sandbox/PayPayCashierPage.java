package io.ichido.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The page a PayPay code's {@code url} opens, where the customer pays: GET shows "Pay with PayPay"
 * ({@code #paypay-pay}) and "Cancel" ({@code #paypay-cancel}), a plain form that needs no script.
 * Paying completes the payment (the ledger says paid, the transaction webhook is sent) and sends
 * the browser on to the create's {@code redirectUrl} with a 303; cancelling takes no money and
 * sends it there too, the payment still waiting (what PayPay's own page does on cancel is
 * unconfirmed). A deleted or expired code shows an error and takes no money; a code whose payment
 * was cancelled before it was paid still pays, and the payment is then reversed. A page for a
 * browser, not an API call: faults, request counts and authentication leave it alone.
 */
final class PayPayCashierPage implements HttpHandler {

  static final String PATH = PayPayApi.PREFIX + "/cashier/";

  private final PayPayApi paypay;

  PayPayCashierPage(PayPayApi paypay) {
    this.paypay = paypay;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String codeId = exchange.getRequestURI().getRawPath().substring(PATH.length());
    Optional<PayPayPayment> found = paypay.byCode(codeId);
    String method = exchange.getRequestMethod();
    if (found.isEmpty() || !(method.equals("GET") || method.equals("POST"))) {
      page(404, "<p>No such PayPay code.</p>").writeTo(exchange);
      return;
    }
    PayPayPayment payment = found.get();
    String action = method.equals("POST") ? Form.parse(form).getOrDefault("action", "") : "";
    SandboxResponse answer =
        switch (action) {
          case "pay" -> pay(payment);
          case "cancel" -> back(payment, "<p>Payment cancelled. Nothing was charged.</p>");
          default -> show(payment, codeId);
        };
    answer.writeTo(exchange);
  }

  private SandboxResponse pay(PayPayPayment payment) {
    return switch (paypay.settle(payment.merchantPaymentId(), Settlement.COMPLETE)) {
      case SETTLED -> back(payment, "<p>Paid with PayPay.</p>");
      case UNKNOWN_PAYMENT -> page(404, "<p>No such PayPay payment.</p>");
      case NOT_PENDING -> notPayable(payment);
    };
  }

  private static SandboxResponse show(PayPayPayment payment, String codeId) {
    if (payment.refusal().isPresent()) {
      return notPayable(payment);
    }
    return page(
        200,
        "<h1>Pay with PayPay</h1><p id=\"paypay-amount\">"
            + payment.amount()
            + " JPY</p><form method=\"post\" action=\""
            + escaped(PATH + codeId)
            + "\"><button id=\"paypay-pay\" name=\"action\" value=\"pay\">Pay with PayPay</button>"
            + " <button id=\"paypay-cancel\" name=\"action\" value=\"cancel\">Cancel</button>"
            + "</form>");
  }

  private static SandboxResponse notPayable(PayPayPayment payment) {
    String why = "This payment " + payment.refusal().orElse("can no longer be paid") + ".";
    return page(409, "<p id=\"paypay-error\">" + why + " Nothing was charged.</p>");
  }

  /** To the create's {@code redirectUrl}, or {@code html} where it named none. */
  private static SandboxResponse back(PayPayPayment payment, String html) {
    String redirectUrl = payment.redirectUrl();
    return redirectUrl == null ? page(200, html) : SandboxResponse.seeOther(redirectUrl);
  }

  private static SandboxResponse page(int status, String body) {
    return SandboxResponse.html(status, "<!doctype html><title>PayPay</title>" + body);
  }

  private static String escaped(String text) {
    return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
  }
}
