package io.ichido.it.payments;

import static io.ichido.it.payments.ReviewCases.inReview;
import static io.ichido.it.payments.ReviewCases.status;
import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.it.support.Api;
import io.ichido.it.support.Chromium;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The operators' review page ({@code /review/}) in headless Chromium against the real server and
 * the gateway sandbox: an operator signs in, sees real orders in review, confirms an acceptance and
 * a refund and reads their outcome, in English and in Japanese; a client is refused.
 */
class ReviewPageIT extends OnSharedDeployment {

  @RegisterExtension static final Chromium CHROMIUM = Chromium.perClass();

  private ChromeDriver browser;
  private WebDriverWait wait;

  @Test
  @DisplayName(
      "an operator sees the queue, accepts one short transfer and refunds another, each"
          + " after confirming, and reads what each did")
  void acceptAndRefund() throws IOException {
    long shortPaid = orderInReview(-800);
    long alsoShort = orderInReview(-300);
    open("en-US");
    signIn("operator", "operator-secret");
    WebElement row = row(shortPaid);
    assertThat(row.getText()).contains("komoju").contains("NEEDS_REVIEW");
    assertThat(byId("doubt-caption").getAttribute("textContent"))
        .as("the setting in words, not PT15M")
        .isEqualTo("Charges and refunds in doubt for longer than 15 minutes");
    assertThat(row(alsoShort).getText()).contains("komoju");
    CHROMIUM.screenshot("review-queue.png");

    // Asked, then called off: nothing happens.
    button(shortPaid, "accept").click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
    assertThat(byId("confirm-text").getText()).startsWith("Accept the ¥");
    byId("confirm-no").click();
    assertThat(status(shortPaid)).isEqualTo("NEEDS_REVIEW");

    button(shortPaid, "accept").click();
    wait.until(ExpectedConditions.elementToBeClickable(By.id("confirm-yes"))).click();
    wait.until(
        ExpectedConditions.textMatches(
            By.id("outcome"),
            java.util.regex.Pattern.compile("Order " + shortPaid + " accepted: paid ¥.*")));
    assertThat(status(shortPaid)).isEqualTo("PAID");
    wait.until(ExpectedConditions.numberOfElementsToBe(rowLocator(shortPaid), 0));

    button(alsoShort, "refund").click();
    wait.until(ExpectedConditions.elementToBeClickable(By.id("confirm-yes"))).click();
    wait.until(
        ExpectedConditions.textMatches(
            By.id("outcome"),
            java.util.regex.Pattern.compile(
                "Order " + alsoShort + " refunded: ¥.* given back\\.")));
    assertThat(status(alsoShort)).isEqualTo("REFUNDED");
    wait.until(ExpectedConditions.numberOfElementsToBe(rowLocator(alsoShort), 0));
  }

  @Test
  @DisplayName("in Japanese: the page, the confirmation and the outcome")
  void japanese() throws IOException {
    long orderId = orderInReview(-100);
    open("ja-JP");
    assertThat(browser.getTitle()).isEqualTo("Ichido 確認待ちキュー");
    signIn("operator", "operator-secret");
    assertThat(button(orderId, "accept").getText()).isEqualTo("受け入れる");
    assertThat(button(orderId, "refund").getText()).isEqualTo("返金する");
    assertThat(byId("doubt-caption").getAttribute("textContent")).isEqualTo("15 分 を超えて結果が不明な決済と返金");
    CHROMIUM.screenshot("review-queue-ja.png");
    button(orderId, "refund").click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
    assertThat(byId("confirm-text").getText()).startsWith("注文 " + orderId + " の受領額");
    byId("confirm-yes").click();
    wait.until(
        ExpectedConditions.textToBePresentInElementLocated(
            By.id("outcome"), "注文 " + orderId + " を返金しました"));
    assertThat(status(orderId)).isEqualTo("REFUNDED");

    byId("lang-en").click();
    assertThat(byId("orders-caption").getText()).isEqualTo("Orders in review");
  }

  @Test
  @DisplayName(
      "the console and the checkout send the key as a Structured Field String, quote and"
          + " backslash escaped")
  void keyAsStructuredFieldString() throws IOException {
    open("en-US");
    List<?> sent =
        (List<?>)
            browser.executeAsyncScript(
                "const done = arguments[0];"
                    + " import('/shop/retries.js').then("
                    + "   m => done([m.keyHeader(m.newKey()), m.keyHeader('a\"b\\\\c')]),"
                    + "   e => done([String(e)]));");
    assertThat(sent).hasSize(2);
    assertThat((String) sent.get(0))
        .matches("\"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\"");
    assertThat(sent.get(1)).isEqualTo("\"a\\\"b\\\\c\"");
  }

  @Test
  @DisplayName("a client account is refused: it is not an operator")
  void clientIsNotAnOperator() throws IOException {
    open("en-US");
    signIn("shop-a", "shop-a-secret");
    wait.until(
        ExpectedConditions.textToBe(By.id("sign-in-error"), "This account is not an operator."));
    assertThat(byId("console").isDisplayed()).isFalse();
  }

  private static long orderInReview(long off) {
    String email = "review-page-" + UUID.randomUUID() + "@example.jp";
    return inReview(Db.newProduct(5, 5000, 10), email, off).path("order_id").asLong();
  }

  private void open(String language) throws IOException {
    browser = CHROMIUM.open(language);
    wait = CHROMIUM.waiting(Duration.ofSeconds(30));
    browser.get(Api.BASE + "/review/");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("username")));
  }

  private void signIn(String user, String password) {
    byId("username").sendKeys(user);
    byId("password").sendKeys(password);
    byId("sign-in").click();
  }

  private static By rowLocator(long orderId) {
    return By.cssSelector("#orders-table tbody tr[data-order='" + orderId + "']");
  }

  private WebElement row(long orderId) {
    return wait.until(ExpectedConditions.visibilityOfElementLocated(rowLocator(orderId)));
  }

  private WebElement button(long orderId, String action) {
    return wait.until(
        ExpectedConditions.elementToBeClickable(
            By.cssSelector(
                "#orders-table tbody tr[data-order='"
                    + orderId
                    + "'] button[data-action='"
                    + action
                    + "']")));
  }

  private WebElement byId(String id) {
    return browser.findElement(By.id(id));
  }
}
