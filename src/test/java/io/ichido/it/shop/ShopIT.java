package io.ichido.it.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Chromium;
import io.ichido.it.support.Db;
import io.ichido.it.support.FaultProxy;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.Outbox;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import jakarta.mail.MessagingException;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The checkout page at {@code /shop/} in a real headless Chromium, against the real server, the
 * gateway sandbox and a real SMTP server, while the customer and the network misbehave: a double
 * click, the network gone while the charge is in flight, a reload right after Pay, the charge's
 * answer lost. Each time: one order, one charge, one receipt, and the page ends on "paid".
 */
class ShopIT extends OnSharedDeployment {

  /** Demo catalogue items (Liquibase context "demo"): one at the reduced rate, one standard. */
  private static final String TEA = "TEA-SENCHA-100G";

  private static final String MUG = "MUG-ARITA";

  private static final Mailbox MAILBOX = Mailbox.shared();

  @RegisterExtension static final Chromium CHROMIUM = Chromium.perClass();

  private ChromeDriver browser;
  private WebDriverWait wait;
  private String customer;

  @BeforeEach
  void browser() throws IOException {
    browser = CHROMIUM.open("en-US");
    wait = CHROMIUM.waiting(Duration.ofSeconds(60));
    customer = OrderJson.customer("shop") + "@shop.example";
  }

  @Test
  @DisplayName(
      "a double click on Pay: one order, one charge, one receipt; a double click on Refund: one"
          + " refund, its return invoice")
  void doubleClick() throws Exception {
    open(Api.BASE);
    chooseBasket();
    choosePayment("komoju", "card");
    new Actions(browser).doubleClick(byId("pay")).perform();
    long order = paid();
    CHROMIUM.screenshot("shop-paid.png");
    chargedOnceAndMailedOnce(order);

    // The customer brings a mug back: a refund of part of it, by a double click on Refund.
    WebElement amount = byId("refund-amount");
    wait.until(ExpectedConditions.visibilityOf(amount));
    assertThat(amount.getAttribute("value")).as("all of it is offered first").isEqualTo("5672");
    amount.clear();
    amount.sendKeys("1000");
    new Actions(browser).doubleClick(byId("refund-order")).perform();
    wait.until(shown -> byId("refund-result").getText().startsWith("Refunded ¥1,000."));
    assertThat(byId("refund-result").getText())
        .containsPattern("Return invoice H\\d{4}-\\d{8}\\.")
        .endsWith("¥4,672 left to refund.");
    assertThat(Sandbox.charges(order))
        .singleElement()
        .satisfies(c -> assertThat(c.path("amountRefunded").asLong()).isEqualTo(1000));
    assertThat(
            Db.count(
                "SELECT count(*) FROM idempotency_key WHERE request_path LIKE ?",
                "%/orders/" + order + "/refunds"))
        .as("one refund key for the double click")
        .isOne();
    MAILBOX.await(customer, 2); // the receipt, then the return invoice
    assertThat(Db.text("SELECT status FROM customer_order WHERE id = ?", order))
        .isEqualTo("PARTIALLY_REFUNDED");
  }

  @Test
  @DisplayName("the network goes while the charge is in flight, and comes back")
  void offlineMidCharge() throws Exception {
    try (FaultProxy proxy = FaultProxy.to("localhost", URI.create(Api.BASE).getPort())) {
      open(proxy.baseUrl());
      chooseBasket();
      choosePayment("stripe", "card");
      FaultProxy.Held charge = proxy.holdNext("POST /api/payments/charge");
      byId("pay").click();
      wait.until(
          ExpectedConditions.attributeToBe(By.id("checkout-state"), "data-state", "charging"));
      charge.awaitArrival(Duration.ofSeconds(30));
      long charging = orderShown();
      // The gateway takes four seconds for this order's charge: the network goes in the middle.
      Sandbox.fault("stripe", charging, "delay", 1, 4_000);
      charge.release();
      String key = checkoutKept().path("payment").path("key").asText();
      // The charge request has left the browser: the server committed its attempt before it
      // asked the gateway, which now holds it for four seconds.
      Await.until(
          "the charge of order " + charging + " at the gateway",
          () -> Db.count("SELECT count(*) FROM charge_attempt WHERE order_id = ?", charging) == 1);
      // Chromium's offline mode fails new requests only, and Chromium itself resends a request
      // whose connection broke: the link goes too, so the one in flight and its resend fail.
      network(false);
      proxy.down();
      wait.until(shown -> byId("checkout-detail").getText().contains("No answer"));
      // No answer yet: the page keeps its key and waits for the network (retries.js waits for
      // the browser's "online" event before it tries again).
      assertThat(state()).isEqualTo("charging");
      JsonNode kept = checkoutKept();
      assertThat(kept.path("payment").path("key").asText()).as("the key kept").isEqualTo(key);
      assertThat(kept.path("payment").path("answer").isNull()).as("no answer kept").isTrue();
      proxy.up();
      network(true);
      long order = paid();
      assertThat(order).isEqualTo(charging);
      chargedOnceAndMailedOnce(order);
    }
  }

  @Test
  @DisplayName("a reload right after Pay: sign in again and the same checkout goes on")
  void reloadAfterPay() throws Exception {
    open(Api.BASE);
    chooseBasket();
    choosePayment("omise", "card");
    CHROMIUM.clickAway(byId("pay"));
    browser.navigate().refresh();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("resume-hint")));
    signIn();
    long order = paid();
    chargedOnceAndMailedOnce(order);
  }

  @Test
  @DisplayName("the charge's answer is lost on the way back: the retry gets the stored answer")
  void answerLost() throws Exception {
    try (FaultProxy proxy = FaultProxy.to("localhost", URI.create(Api.BASE).getPort())) {
      proxy.dropAnswerTo("POST /api/payments/charge");
      open(proxy.baseUrl());
      chooseBasket();
      choosePayment("2c2p", "card");
      byId("pay").click();
      long order = paid();
      assertThat(proxy.droppedAnswers()).as("answers the proxy kept from the browser").isOne();
      chargedOnceAndMailedOnce(order);
    }
  }

  @Test
  @DisplayName("konbini: the page shows where and how to pay, then follows the order to paid")
  void konbini() throws Exception {
    open(Api.BASE);
    chooseBasket();
    choosePayment("komoju", "konbini");
    fill("phone", "09012345678");
    new Select(byId("store")).selectByValue("lawson");
    byId("pay").click();
    wait.until(ExpectedConditions.attributeToBe(By.id("checkout-state"), "data-state", "waiting"));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("instructions")));
    String instructions = byId("instructions").getText();
    assertThat(instructions).contains("Store", "lawson", "Confirmation number", "Pay by", "JST");
    // docs/shop.md pictures the demo catalogue, not the products other test classes made.
    browser.executeScript(
        "document.querySelectorAll('#catalogue-rows input[data-sku^=\"IT-\"]')"
            + ".forEach(input => input.closest('tr').remove())");
    CHROMIUM.screenshot("shop-konbini.png");

    long order = orderShown();
    List<JsonNode> charges = Sandbox.charges(order);
    assertThat(charges).hasSize(1);
    Sandbox.complete("komoju", charges.get(0).path("id").asText());
    assertThat(paid()).isEqualTo(order);
    chargedOnceAndMailedOnce(order);
  }

  @Test
  @DisplayName(
      "konbini, then Cancel order (clicked twice): the payment is cancelled at KOMOJU, the order"
          + " CANCELLED once, its stock back, no receipt")
  void cancelWhileAwaitingKonbini() throws Exception {
    open(Api.BASE);
    chooseBasket();
    choosePayment("komoju", "konbini");
    fill("phone", "09012345678");
    byId("pay").click();
    wait.until(ExpectedConditions.attributeToBe(By.id("checkout-state"), "data-state", "waiting"));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("cancel-order")));
    long order = orderShown();
    // The order's own hold on the demo stock: other orders of the same SKUs (other tests, orders
    // lapsing, the reconciler) move the SKUs' counters meanwhile, never this order's rows.
    assertThat(holds(order)).isEqualTo(Map.of(TEA, "2 RESERVED", MUG, "1 RESERVED"));

    new Actions(browser).doubleClick(byId("cancel-order")).perform();

    wait.until(
        ExpectedConditions.attributeToBe(By.id("checkout-state"), "data-state", "cancelled"));
    assertThat(byId("checkout-state").getText()).startsWith("Order cancelled.");
    assertThat(byId("cancel-order").isDisplayed()).isFalse();
    assertThat(byId("new-order").isDisplayed()).isTrue();
    assertThat(Db.text("SELECT status FROM customer_order WHERE id = ?", order))
        .isEqualTo("CANCELLED");
    assertThat(Sandbox.charges(order))
        .singleElement()
        .satisfies(c -> assertThat(c.path("status").asText()).isEqualTo("cancelled"));
    assertThat(holds(order))
        .as("back on sale, not sold")
        .isEqualTo(Map.of(TEA, "2 RELEASED", MUG, "1 RELEASED"));
    Db.chained(order);
    assertThat(
            Db.rows(
                "SELECT status, count(*) AS moves FROM payment_log WHERE order_id = ? AND kind ="
                    + " 'STOCK_MOVED' GROUP BY status ORDER BY status",
                order))
        .as("each SKU reserved once and released once, nothing sold")
        .extracting(row -> row.get("status") + " " + row.get("moves"))
        .containsExactly("RELEASED 2", "RESERVED 2");
    for (String sku : List.of(TEA, MUG)) {
      assertThat(reservedBeyondHolds(sku)).as("%s reserved less its orders' holds", sku).isZero();
    }
    assertThat(
            Db.count(
                "SELECT count(*) FROM idempotency_key WHERE request_path LIKE ?",
                "%/orders/" + order + "/cancel"))
        .as("one cancel key for the double click")
        .isOne();
    Outbox.settledFor(order);
    assertThat(MAILBOX.to(customer)).as("mails to %s", customer).isEmpty();
  }

  @Test
  @DisplayName(
      "PayPay: the page links to PayPay's payment page; paid there, the browser comes back through"
          + " our signed return link and the page follows the order to paid, once")
  void paypay() throws Exception {
    open(Api.BASE);
    chooseBasket();
    choosePayment("paypay", "paypay");
    byId("pay").click();
    wait.until(ExpectedConditions.attributeToBe(By.id("checkout-state"), "data-state", "waiting"));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("authorize-link")));
    assertThat(byId("authorize-link").getText()).isEqualTo("Open PayPay to pay");
    assertThat(byId("instructions").getText()).contains("Pay by", "JST");
    long order = orderShown();

    // The link opens a tab of its own; the customer pays there, in this tab for the test.
    browser.get(byId("authorize-link").getAttribute("href"));
    CHROMIUM.clickAway(wait.until(ExpectedConditions.elementToBeClickable(By.id("paypay-pay"))));
    // Our return page reads the payment back and sends the browser on to the checkout page.
    backAtTheShop();
    assertThat(paid()).isEqualTo(order);
    String paidWith =
        Db.text(
            "SELECT gateway_key FROM charge_attempt WHERE order_id = ? AND status = 'SUCCEEDED'",
            order);
    assertThat(Db.count("SELECT count(*) FROM charge_attempt WHERE order_id = ?", order)).isOne();
    assertThat(Sandbox.ledger())
        .filteredOn(entry -> paidWith.equals(entry.path("id").asText()))
        .singleElement()
        .satisfies(entry -> assertThat(entry.path("amount").asLong()).isEqualTo(5672));
    MAILBOX.await(customer, 1);
    Outbox.settledFor(order);
    assertThat(MAILBOX.to(customer)).as("receipts to %s", customer).hasSize(1);
  }

  @ParameterizedTest(name = "{0}, {1}")
  @CsvSource({
    "stripe, secure, #stripe-3ds-complete",
    "stripe, frictionless,",
    "omise, secure, #omise-3ds-authorize",
    "omise, frictionless,",
    "2c2p, secure, #authenticate button",
    "komoju, secure, #komoju-3ds-complete"
  })
  @DisplayName(
      "3-D Secure: the page takes the customer to the issuer's page; the challenge passed (or none"
          + " asked), the gateway sends the browser back through our signed return link to the page,"
          + " which follows the order to paid: one order, one charge, one receipt")
  void threeDSecure(String gateway, String card, String challenge) throws Exception {
    open(Api.BASE);
    chooseBasket();
    choosePayment(gateway, "card");
    new Select(byId("card")).selectByValue(card);
    CHROMIUM.clickAway(byId("pay"));
    if (challenge != null) {
      CHROMIUM.clickAway(
          wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector(challenge))));
    }
    backAtTheShop();
    long order = paid();
    chargedOnceAndMailedOnce(order);
    assertThat(Db.count("SELECT count(*) FROM charge_attempt WHERE order_id = ?", order)).isOne();
  }

  @Test
  @DisplayName(
      "3-D Secure failed at Stripe: the page says the card was not authenticated, another card pays"
          + " the same order, once")
  void threeDSecureFailedThenPaid() throws Exception {
    open(Api.BASE);
    chooseBasket();
    choosePayment("stripe", "card");
    new Select(byId("card")).selectByValue("secure");
    CHROMIUM.clickAway(byId("pay"));
    CHROMIUM.clickAway(
        wait.until(ExpectedConditions.elementToBeClickable(By.id("stripe-3ds-fail"))));
    backAtTheShop();
    wait.until(ExpectedConditions.attributeToBe(By.id("checkout-state"), "data-state", "declined"));
    assertThat(byId("checkout-detail").getText()).contains("did not authenticate");
    new Select(byId("card")).selectByValue("pays");
    byId("pay").click();
    long order = paid();
    chargedOnceAndMailedOnce(order);
    assertThat(Db.rows("SELECT status FROM charge_attempt WHERE order_id = ? ORDER BY id", order))
        .extracting(row -> row.get("status"))
        .containsExactly("DECLINED", "SUCCEEDED");
  }

  @Test
  @DisplayName("a declined card, then another: the same order, paid once")
  void declinedThenPaid() throws Exception {
    open(Api.BASE);
    chooseBasket();
    choosePayment("stripe", "card");
    new Select(byId("card")).selectByValue("declines");
    byId("pay").click();
    wait.until(ExpectedConditions.attributeToBe(By.id("checkout-state"), "data-state", "declined"));
    new Select(byId("card")).selectByValue("pays");
    byId("pay").click();
    long order = paid();
    chargedOnceAndMailedOnce(order);
  }

  // --- the page ------------------------------------------------------------------------------

  private void open(String base) {
    browser.get(base + "/shop/");
    assertThat(browser.getTitle()).isEqualTo("Ichido shop: checkout");
    signIn();
  }

  private void signIn() {
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("password")));
    fill("username", "shop-a");
    fill("password", "shop-a-secret");
    byId("sign-in").click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("shop")));
  }

  /**
   * The gateway sent the browser back to our return page, which read the payment back and sent it
   * on to the checkout page: a new page, so the customer signs in again and the checkout goes on.
   */
  private void backAtTheShop() {
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("resume-hint")));
    assertThat(browser.getCurrentUrl()).startsWith(Api.BASE + "/shop/");
    signIn();
  }

  private void chooseBasket() {
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("qty-" + TEA)));
    fill("qty-" + TEA, "2");
    fill("qty-" + MUG, "1");
    // 2 × 1,200 at 8 % (tax 192) and 2,800 at 10 % (tax 280): 5,672 yen
    assertThat(byId("totals").getText()).contains("￥5,672");
    fill("name", "Ichido Taro");
    fill("email", customer);
  }

  private void choosePayment(String gateway, String method) {
    new Select(byId("gateway")).selectByValue(gateway);
    new Select(byId("method")).selectByValue(method);
  }

  /** Waits for "paid"; the order the page paid. */
  private long paid() {
    wait.withMessage(
            () ->
                "the page says \""
                    + byId("checkout-detail").getText()
                    + "\"; its checkout: "
                    + browser.executeScript(
                        "return sessionStorage.getItem('ichido.shop.checkout')"))
        .until(ExpectedConditions.attributeToBe(By.id("checkout-state"), "data-state", "paid"));
    assertThat(byId("checkout-state").getText()).isEqualTo("Paid. Thank you!");
    return orderShown();
  }

  private long orderShown() {
    String detail = byId("checkout-detail").getText();
    assertThat(detail).matches("Order \\d+: ￥5,672 \\(tax ￥472\\)\\..*");
    return Long.parseLong(detail.replaceAll("^Order (\\d+):.*$", "$1"));
  }

  /** The checkout the page keeps in sessionStorage: its keys, bodies and answers. */
  private JsonNode checkoutKept() {
    return Shopper.json(
        (String) browser.executeScript("return sessionStorage.getItem('ichido.shop.checkout')"));
  }

  private String state() {
    return byId("checkout-state").getAttribute("data-state");
  }

  /** Chromium's own network emulation (DevTools protocol): offline fails every request. */
  private void network(boolean online) {
    browser.executeCdpCommand("Network.enable", Map.of());
    browser.executeCdpCommand(
        "Network.emulateNetworkConditions",
        Map.of("offline", !online, "latency", 0, "downloadThroughput", -1, "uploadThroughput", -1));
  }

  private void fill(String id, String value) {
    WebElement input = byId(id);
    input.clear();
    input.sendKeys(value);
  }

  private WebElement byId(String id) {
    return browser.findElement(By.id(id));
  }

  // --- what happened, from the database, the sandbox's ledger and the mailbox -----------------

  private void chargedOnceAndMailedOnce(long order) throws MessagingException {
    assertThat(Db.ordersFor(customer)).as("orders of %s", customer).isOne();
    List<JsonNode> succeeded =
        Sandbox.charges(order).stream()
            .filter(charge -> !"failed".equals(charge.path("status").asText()))
            .toList();
    assertThat(succeeded).as("charges the sandbox made for order %d", order).hasSize(1);
    assertThat(succeeded.get(0).path("amount").asLong()).isEqualTo(5672);
    MAILBOX.await(customer, 1);
    // Every email of the order is written when it is decided: none waiting, no second one coming.
    Outbox.settledFor(order);
    assertThat(MAILBOX.to(customer)).as("receipts to %s", customer).hasSize(1);
  }

  /** The order's hold on each SKU: quantity and state of its stock_reservation rows. */
  private static Map<String, String> holds(long order) {
    Map<String, String> holds = new HashMap<>();
    for (Map<String, Object> row :
        Db.rows("SELECT sku, quantity, state FROM stock_reservation WHERE order_id = ?", order)) {
      holds.put((String) row.get("sku"), row.get("quantity") + " " + row.get("state"));
    }
    return holds;
  }

  /**
   * The SKU's reserved units less the units its orders hold (RESERVED reservations): 0 whatever
   * other orders do, as both change in one transaction and this reads both in one statement.
   */
  private static long reservedBeyondHolds(String sku) {
    return Db.count(
        "SELECT s.reserved - (SELECT COALESCE(sum(r.quantity), 0) FROM stock_reservation r"
            + " WHERE r.sku = s.sku AND r.state = 'RESERVED') FROM stock s WHERE s.sku = ?",
        sku);
  }
}
