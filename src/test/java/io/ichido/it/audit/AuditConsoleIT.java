package io.ichido.it.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Chromium;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The auditors' console at {@code /audit/} in a real headless Chromium, against the real API: what
 * an auditor sees and downloads is what the API holds.
 */
class AuditConsoleIT extends OnSharedDeployment {

  private static final String LOG = "/api/audit/payment-log";
  private static final Api AUDITOR = Api.as("auditor");

  /** Each order logs ORDER_CREATED and STOCK_MOVED: 24 entries, two pages of 20 and more. */
  private static final int ORDERS = 12;

  private static final int PAGE = 20;

  /** The shop's business day, the chart's days (LogTotals.BUSINESS_DAY). */
  private static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");

  @RegisterExtension static final Chromium CHROMIUM = Chromium.perClass();

  private static String customer;

  private WebDriver browser;

  /** What the payment log's sequencer holds while it chains (LogSequencing.SEQUENCER_LOCK). */
  private static final long SEQUENCER_LOCK = 0x1c41d0_0003L;

  private WebDriverWait wait;

  @BeforeAll
  static void orders() {
    customer = OrderJson.customer("console");
    Shopper shopper = new Shopper(Api.as("shop-a"));
    for (int i = 0; i < ORDERS; i++) {
      shopper.order(Db.newProduct(10, 1000, 10), 1 + i % 3, customer);
    }
  }

  @Test
  @DisplayName("an auditor signs in, sees the chain intact, filters, pages forward and back")
  void searchAndPage() throws IOException {
    open();
    signIn("auditor", "auditor-secret");
    wait.until(ExpectedConditions.attributeToBe(By.id("chain"), "data-state", "intact"));
    String verdict = text("chain-status");
    assertThat(verdict).matches("Hash chain intact — [\\d,]+ entries");

    new Select(byId("page-size")).selectByVisibleText(Integer.toString(PAGE));
    searchFor(customer);
    List<String> first = waitForPage(1, PAGE);
    JsonNode apiFirst = search("&size=" + PAGE);
    assertThat(first).isEqualTo(seqs(apiFirst));
    assertThat(column("counterparty")).containsOnly(customer);
    assertThat(column("kind")).containsOnly("ORDER_CREATED", "STOCK_MOVED");
    assertRowsShow(apiFirst.path("items"));
    screenshot("audit-console.png");

    byId("next").click();
    List<String> second = waitForPage(2, 2 * ORDERS - PAGE);
    assertThat(second).doesNotContainAnyElementsOf(first);
    assertThat(second)
        .isEqualTo(
            seqs(search("&size=" + PAGE + "&page=2&asOf=" + apiFirst.path("asOf").asLong())));
    assertThat(byId("next").isEnabled()).isFalse();

    byId("previous").click();
    assertThat(waitForPage(1, PAGE)).isEqualTo(first);
    assertThat(byId("previous").isEnabled()).isFalse();

    // Every search since was logged: the chain checked again is longer, and still intact.
    byId("verify-again").click();
    wait.until(
        shown ->
            "intact".equals(byId("chain").getAttribute("data-state"))
                && !verdict.equals(text("chain-status")));

    byId("sign-out").click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("sign-in-panel")));
    assertThat(byId("console").isDisplayed()).isFalse();
    assertThat(browser.findElements(By.cssSelector("#results-table tbody tr"))).isEmpty();
  }

  @Test
  @DisplayName(
      "a charge's key shows how often it was replayed and when last, beside the chain, not in it")
  void replaysShownUnderTheKey() throws IOException {
    String retried = OrderJson.customer("retried");
    Api shop = Api.as("shop-a");
    JsonNode order = new Shopper(shop).order(Db.newProduct(10, 1000, 10), 1, retried);
    String key = "pay-" + java.util.UUID.randomUUID();
    String charge = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");
    for (int i = 0; i < 3; i++) {
      assertThat(shop.postJson("/api/payments/charge", key, charge).statusCode()).isEqualTo(201);
    }

    open();
    signIn("auditor", "auditor-secret");
    searchFor(retried);
    wait.until(shown -> column("kind").contains("CHARGE_REQUESTED"));

    List<String> notes = texts("#results-table td.key small.retries");
    assertThat(notes).isNotEmpty();
    assertThat(notes.get(0))
        .startsWith("principal:shop-a: replayed 2×, last ")
        .endsWith("; in flight 0×; reused 0×");
    assertThat(column("kind")).doesNotContain("IDEMPOTENT_REPLAY");
  }

  @Test
  @DisplayName("the language toggle turns every label Japanese and formats amounts for Japan")
  void japanese() throws IOException {
    open();
    signIn("auditor", "auditor-secret");
    searchFor(customer);
    waitForPage(1, 2 * ORDERS);

    byId("lang-ja").click();
    wait.until(ExpectedConditions.textToBe(By.id("filter-heading"), "検索"));
    assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo("ja");
    assertThat(text("chain-status")).startsWith("ハッシュチェーンは正常です");
    assertThat(labelOf("counterparty")).isEqualTo("取引先（完全一致）");
    assertThat(byId("search").getText()).isEqualTo("検索");
    assertThat(text("page-indicator")).isEqualTo("1 ページ目");
    assertThat(column("amount")).anyMatch(amount -> amount.startsWith("￥"));
    screenshot("audit-console-ja.png");

    byId("lang-en").click();
    wait.until(ExpectedConditions.textToBe(By.id("filter-heading"), "Search"));
    assertThat(labelOf("counterparty")).isEqualTo("Counterparty (exact)");
  }

  @Test
  @DisplayName("Download CSV saves the filter's every row, UTF-8 with a byte-order mark")
  void csvDownload() throws Exception {
    open();
    signIn("auditor", "auditor-secret");
    waitForSearchDone();
    fill("counterparty", customer);
    byId("download").click();

    Path csv = wait.until(saved -> finishedDownload());
    assertThat(csv.getFileName().toString()).matches("payment-log-\\d{8}-\\d{4}\\.csv");
    wait.until(
        ExpectedConditions.textToBe(By.id("download-status"), "Saved " + csv.getFileName() + "."));
    byte[] bytes = Files.readAllBytes(csv);
    assertThat(bytes).startsWith(0xEF, 0xBB, 0xBF);
    String[] lines = new String(bytes, StandardCharsets.UTF_8).substring(1).split("\r\n");
    assertThat(lines[0])
        .isEqualTo(
            "seq,logged_at,kind,order_id,counterparty,amount,currency,gateway,charge_id,"
                + "idempotency_key,status,actor,details,tax,corrects,prev_hash,hash");
    int rows = search("&size=500").path("items").size();
    assertThat(rows).isEqualTo(2 * ORDERS);
    assertThat(lines).hasSize(1 + rows);
    assertThat(Stream.of(lines).skip(1)).allMatch(line -> line.contains("," + customer + ","));
  }

  @Test
  @DisplayName("a row changed behind the application's back turns the verdict red, naming it")
  void brokenChain() throws Exception {
    long seq = search("&kind=ORDER_CREATED&size=1").path("items").get(0).path("seq").asLong();
    Db.behindTheLogsBack("UPDATE payment_log SET amount = amount - 1 WHERE seq = " + seq);
    try {
      open();
      signIn("auditor", "auditor-secret");
      wait.until(ExpectedConditions.attributeToBe(By.id("chain"), "data-state", "broken"));
      assertThat(text("chain-status"))
          .isEqualTo(
              "Hash chain BROKEN at entry "
                  + seq
                  + ": its content does not match its hash: it was changed");
      waitForSearchDone();
      screenshot("audit-console-broken.png");
    } finally {
      Db.behindTheLogsBack("UPDATE payment_log SET amount = amount + 1 WHERE seq = " + seq);
    }
    byId("verify-again").click();
    wait.until(ExpectedConditions.attributeToBe(By.id("chain"), "data-state", "intact"));
  }

  @Test
  @DisplayName(
      "facts left unchained past the alarm turn the verdict yellow, saying how many and since when")
  void stalledSequencer() throws Exception {
    String actor = "stalled-sequencer-" + UUID.randomUUID();
    try (Connection otherSequencer = Db.connect();
        Statement sql = otherSequencer.createStatement()) {
      // A sequencer that took the lock and stopped: nothing is chained while it holds it.
      sql.execute("SELECT pg_advisory_lock(" + SEQUENCER_LOCK + ")");
      Db.update(
          "INSERT INTO payment_log_pending (recorded_at, kind, actor, status, details)"
              + " VALUES (clock_timestamp() - interval '1 minute', 'AUDIT_QUERY', ?, 'WAITING',"
              + " '{}')",
          actor);
      open();
      signIn("auditor", "auditor-secret");
      wait.until(ExpectedConditions.attributeToBe(By.id("chain"), "data-state", "stalled"));
      assertThat(text("chain-status"))
          .matches(
              "Hash chain intact — [\\d,]+ entries, but \\d+ facts have waited to be chained"
                  + " since .+: the sequencer is not keeping up");
      waitForSearchDone();
      sql.execute("SELECT pg_advisory_unlock(" + SEQUENCER_LOCK + ")");
    }
    byId("verify-again").click();
    wait.until(ExpectedConditions.attributeToBe(By.id("chain"), "data-state", "intact"));
    assertThat(Db.count("SELECT count(*) FROM payment_log WHERE actor = ?", actor)).isOne();
  }

  @Test
  @DisplayName("a browser that prefers Japanese gets the console in Japanese from the start")
  void japaneseByDefault() throws IOException {
    open("ja-JP");
    assertThat(browser.getTitle()).isEqualTo("Ichido 決済ログ");
    assertThat(byId("sign-in").getText()).isEqualTo("サインイン");
    assertThat(byId("lang-ja").getAttribute("aria-pressed")).isEqualTo("true");
  }

  @Test
  @DisplayName("a wrong password is told as such and opens nothing")
  void wrongPassword() throws IOException {
    open();
    signIn("auditor", "not-the-secret");
    wait.until(ExpectedConditions.textToBe(By.id("sign-in-error"), "Wrong user or password."));
    assertThat(byId("console").isDisplayed()).isFalse();
  }

  @Test
  @DisplayName("a client account is refused: it is not an auditor")
  void clientIsNotAnAuditor() throws IOException {
    open();
    signIn("shop-a", "shop-a-secret");
    wait.until(
        ExpectedConditions.textToBe(By.id("sign-in-error"), "This account is not an auditor."));
    assertThat(byId("console").isDisplayed()).isFalse();
  }

  @Test
  @DisplayName("the API's reason for refusing a search is shown next to the form")
  void problemDetailShown() throws IOException {
    open();
    signIn("auditor", "auditor-secret");
    waitForSearchDone();
    fill("minAmount", "5000");
    fill("maxAmount", "10");
    byId("maxAmount").sendKeys(Keys.ENTER);
    wait.until(
        ExpectedConditions.textToBe(
            By.id("filter-error"),
            "Could not search: Parameter maxAmount must not be below minAmount."));
    // The rows of the search before must not pass for this one's answer.
    assertThat(browser.findElements(By.cssSelector("#results-table tbody tr"))).isEmpty();
  }

  @Test
  @DisplayName(
      "the totals above the search equal the API's and a plain SQL sum over the log: orders paid"
          + " per gateway, a surplus received and returned; 30 days of net with today's right;"
          + " Japanese labels")
  void totalsAtAGlance() throws Exception {
    Instant from = nextSecond();
    Api shop = Api.as("shop-a");
    Map<String, Long> paid = new HashMap<>();
    Map<String, Long> payments = new HashMap<>();
    List<Long> orders = new ArrayList<>();
    for (String gateway : List.of("stripe", "stripe", "omise", "komoju")) {
      JsonNode order = new Shopper(shop).order(Db.newProduct(10, 1000, 10), 1 + paid.size());
      HttpResponse<String> charged =
          shop.postJson(
              "/api/payments/charge",
              "pay-" + UUID.randomUUID(),
              Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway)));
      assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
      paid.merge(gateway, order.path("amount").asLong(), Long::sum);
      payments.merge(gateway, 1L, Long::sum);
      orders.add(order.path("id").asLong());
    }
    // A declined KOMOJU card, another that pays, then the first captured after all: a surplus,
    // which goes back by itself (as EveryYenIT proves in full).
    JsonNode order = new Shopper(shop).order(Db.newProduct(10, 2200, 10), 1);
    long orderId = order.path("id").asLong();
    orders.add(orderId);
    long surplus = order.path("amount").asLong();
    for (Map<String, String> card : List.of(Sandbox.CARD_THAT_DECLINES, Sandbox.CARD_THAT_PAYS)) {
      shop.postJson(
          "/api/payments/charge",
          "pay-" + UUID.randomUUID(),
          Shopper.chargeBody(order, "komoju", "card", card.get("komoju")));
    }
    JsonNode declined =
        Sandbox.charges(orderId).stream()
            .filter(c -> "failed".equals(c.path("status").asText()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("the declined KOMOJU payment in the ledger"));
    Sandbox.succeedLate("komoju", declined.path("id").asText());
    Await.until(
        "the surplus of order " + orderId + " to go back",
        Duration.ofSeconds(60),
        () ->
            Db.count(
                    "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind ="
                        + " 'SURPLUS_REFUNDED'",
                    orderId)
                == 1);
    // The order paid, and the surplus received: two payments at KOMOJU, one refund.
    paid.merge("komoju", 2 * surplus, Long::sum);
    payments.merge("komoju", 2L, Long::sum);
    Instant to = nextSecond();

    // Other tests' money may fall in the same period, and the log grows all the time: the API's
    // sums are compared with a plain SQL sum over the log up to the entry it summed to (asOf),
    // and this test's own orders' part of that sum with what they paid.
    String period = "?from=" + from + "&to=" + to;
    JsonNode totals = totals(period);
    long asOf = totals.path("asOf").asLong();
    for (String gateway : List.of("stripe", "omise", "komoju", "2c2p")) {
      boolean komoju = gateway.equals("komoju");
      assertThat(logged(from, to, asOf, gateway, orders))
          .as("%s: this test's orders, charged and refunded", gateway)
          .containsExactly(
              paid.getOrDefault(gateway, 0L),
              payments.getOrDefault(gateway, 0L),
              komoju ? surplus : 0,
              komoju ? 1L : 0);
      JsonNode row = totalsRow(totals, gateway);
      assertThat(sums(row)).as(gateway).isEqualTo(logged(from, to, asOf, gateway, null));
      assertThat(row.path("net").asLong())
          .as(gateway)
          .isEqualTo(row.path("charged").asLong() - row.path("refunded").asLong());
    }
    long charged = paid.values().stream().mapToLong(Long::longValue).sum();
    assertThat(logged(from, to, asOf, null, orders)).containsExactly(charged, 6L, surplus, 1L);
    assertThat(sums(totalsRow(totals, null))).isEqualTo(logged(from, to, asOf, null, null));

    open();
    signIn("auditor", "auditor-secret");
    waitForSearchDone();
    setLocalTime("from", from);
    setLocalTime("to", to);
    JsonNode shown = searchUntilTotalsShown(period, totals);

    // The chart: 30 days, today last, its net what the API and the log's rows say.
    List<JsonNode> daily = new ArrayList<>();
    shown.path("daily").forEach(daily::add);
    assertThat(daily).hasSize(30);
    JsonNode today = daily.get(29);
    LocalDate day = LocalDate.parse(today.path("day").asText());
    Instant dayStarts = day.atStartOfDay(TOKYO).toInstant();
    Instant dayEnds = day.plusDays(1).atStartOfDay(TOKYO).toInstant();
    List<Long> ofToday = logged(dayStarts, dayEnds, shown.path("asOf").asLong(), null, null);
    assertThat(today.path("net").asLong()).isEqualTo(ofToday.get(0) - ofToday.get(2));
    if (!from.isBefore(dayStarts) && !to.isAfter(dayEnds)) {
      // Unless the test ran across midnight in Tokyo, all of its money is today's.
      List<Long> oursToday = logged(dayStarts, dayEnds, shown.path("asOf").asLong(), null, orders);
      assertThat(oursToday.get(0) - oursToday.get(2)).isEqualTo(charged - surplus);
    }
    assertThat(browser.findElements(By.cssSelector("#net-table tbody tr"))).hasSize(30);
    assertThat(
            browser.findElement(By.cssSelector("#net-chart svg title")).getAttribute("textContent"))
        .isEqualTo("Net per day, last 30 days");
    assertThat(text("net-caption")).contains("Asia/Tokyo");
    screenshot("audit-console-totals.png");

    byId("lang-ja").click();
    wait.until(ExpectedConditions.textToBe(By.id("totals-heading"), "概況"));
    assertThat(browser.findElement(By.cssSelector("#totals-table thead th.num")).getText())
        .isEqualTo("決済額");
    assertThat(
            browser
                .findElement(By.cssSelector("#totals-table tr[data-gateway='all'] th"))
                .getText())
        .isEqualTo("全決済代行（JPY）");
    assertThat(totalsCell("all", "charged")).startsWith("￥");
    assertThat(text("net-caption")).startsWith("日別の差引、直近 30 日");
    assertThat(
            browser.findElement(By.cssSelector("#net-chart svg title")).getAttribute("textContent"))
        .isEqualTo("日別の差引（直近 30 日）");
    screenshot("audit-console-totals-ja.png");
  }

  // --- the page ------------------------------------------------------------------------------

  private void open() throws IOException {
    open("en-US");
    assertThat(browser.getTitle()).isEqualTo("Ichido payment log");
  }

  /** A window as a fresh Chromium's whose user prefers {@code language}, on the console. */
  private void open(String language) throws IOException {
    browser = CHROMIUM.open(language);
    wait = CHROMIUM.waiting(Duration.ofSeconds(30));
    browser.get(Api.BASE + "/audit/");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("username")));
  }

  private void signIn(String user, String password) {
    fill("username", user);
    fill("password", password);
    byId("sign-in").click();
  }

  /** Types the counterparty and presses Enter, as an auditor would. */
  private void searchFor(String counterparty) {
    waitForSearchDone();
    fill("counterparty", counterparty);
    byId("counterparty").sendKeys(Keys.ENTER);
  }

  private void waitForSearchDone() {
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("console")));
    wait.until(ExpectedConditions.attributeToBe(By.id("results"), "aria-busy", "false"));
  }

  /** Waits until page {@code n} of our customer's entries shows {@code rows} rows; their seqs. */
  private List<String> waitForPage(int n, int rows) {
    wait.until(
        shown ->
            "false".equals(byId("results").getAttribute("aria-busy"))
                && ("Page " + n).equals(text("page-indicator"))
                && column("counterparty").size() == rows
                && column("counterparty").stream().allMatch(customer::equals));
    return script(
        "return [...document.querySelectorAll('#results-table tbody tr')].map(tr =>"
            + " tr.dataset.seq)");
  }

  /** The rows say what the API says: seq, time (local, ISO in its title), order, amount. */
  private void assertRowsShow(JsonNode items) {
    List<List<String>> rows =
        script(
            "return [...document.querySelectorAll('#results-table tbody tr')].map(tr =>"
                + " [tr.querySelector('td.seq').innerText.trim(),"
                + " tr.querySelector('td.time time').title,"
                + " tr.querySelector('td.order').innerText.trim(),"
                + " tr.querySelector('td.amount').innerText.trim()])");
    for (int i = 0; i < rows.size(); i++) {
      JsonNode entry = items.get(i);
      List<String> row = rows.get(i);
      assertThat(row.get(0)).isEqualTo(entry.path("seq").asText());
      assertThat(row.get(1)).isEqualTo(entry.path("loggedAt").asText());
      assertThat(row.get(2)).isEqualTo(entry.path("orderId").asText());
      if (entry.has("amount")) {
        assertThat(row.get(3))
            .isEqualTo(String.format(Locale.US, "¥%,d", entry.path("amount").asLong()));
      } else {
        assertThat(row.get(3)).isEmpty();
      }
    }
  }

  private List<String> column(String name) {
    return texts("#results-table td." + name);
  }

  /**
   * The text of every element {@code css} selects, read in one script: the console redraws its rows
   * whenever an answer arrives (a search, the chain's verdict after signing in), and elements found
   * one call and read the next may be gone by then.
   */
  private List<String> texts(String css) {
    return script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.innerText.trim())", css);
  }

  @SuppressWarnings("unchecked")
  private <T> T script(String script, Object... args) {
    return (T) ((JavascriptExecutor) browser).executeScript(script, args);
  }

  private Path finishedDownload() {
    try (Stream<Path> files = Files.list(CHROMIUM.downloads())) {
      List<Path> all = files.toList();
      boolean partial = all.stream().anyMatch(f -> f.toString().endsWith(".crdownload"));
      return partial
          ? null
          : all.stream().filter(f -> f.toString().endsWith(".csv")).findFirst().orElse(null);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private void screenshot(String name) throws IOException {
    CHROMIUM.screenshot(name);
  }

  private void fill(String id, String value) {
    WebElement input = byId(id);
    input.clear();
    input.sendKeys(value);
  }

  private String labelOf(String id) {
    return browser.findElement(By.cssSelector("label[for='" + id + "']")).getText();
  }

  private String text(String id) {
    return byId(id).getText();
  }

  /** The next whole second, once it has begun: a period that holds only what follows. */
  private static Instant nextSecond() throws InterruptedException {
    Instant next = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
    while (!Instant.now().isAfter(next)) {
      Thread.sleep(50);
    }
    return next;
  }

  /** Types an instant into a datetime-local field as the browser's own local time. */
  private void setLocalTime(String id, Instant instant) {
    ((JavascriptExecutor) browser)
        .executeScript(
            "const d = new Date(arguments[1]); const p = (n) => String(n).padStart(2, '0');"
                + " arguments[0].value = `${d.getFullYear()}-${p(d.getMonth() + 1)}-"
                + "${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;",
            byId(id),
            instant.toEpochMilli());
  }

  /**
   * Searches until the totals the page shows are those the API answers for {@code period} right
   * after, and returns that answer. The page asks the API itself; in doubt and in review are what
   * is open now, and today's net moves with any payment of the run, so another test can change them
   * between the page's answer and the test's: then the page searches again.
   */
  private JsonNode searchUntilTotalsShown(String period, JsonNode totals) {
    JsonNode answer = totals;
    for (int search = 1; search <= 5; search++) {
      byId("search").click();
      wait.until(
          shown ->
              totals.path("from").asText().equals(byId("totals").getAttribute("data-from"))
                  && totals.path("to").asText().equals(byId("totals").getAttribute("data-to"))
                  && "false".equals(byId("totals").getAttribute("aria-busy")));
      waitForSearchDone();
      answer = totals(period);
      if (totalsOnPage().equals(totalsOf(answer))) {
        return answer;
      }
    }
    assertThat(totalsOnPage()).as("the totals shown, and the API's").isEqualTo(totalsOf(answer));
    return answer;
  }

  /**
   * The JPY rows of the totals table, cell by cell, the number of bars in the chart and today's,
   * and the net of the last row of the chart's table (read as text: it is there for screen readers,
   * not shown); in one script, as the page draws them anew with each answer.
   */
  private Map<String, String> totalsOnPage() {
    return script(
        "const shown = {};"
            + " for (const tr of document.querySelectorAll("
            + "'#totals-table tbody tr[data-currency=\"JPY\"]')) {"
            + " for (const cell of ['charged', 'refunded', 'net', 'in-doubt-charges',"
            + " 'in-doubt-refunds', 'in-review']) {"
            + " shown[tr.dataset.gateway + ' ' + cell] ="
            + " tr.querySelector('td.' + cell).innerText.trim(); } }"
            + " const bars = document.querySelectorAll('#net-chart svg rect.bar');"
            + " const last = bars[bars.length - 1];"
            + " shown.bars = String(bars.length);"
            + " shown.today = last ? last.dataset.day + ' ' + last.dataset.net : '';"
            + " shown['today net'] = document.querySelector("
            + "'#net-table tbody tr:last-child td.net')?.textContent ?? '';"
            + " return shown;");
  }

  private String totalsCell(String gateway, String column) {
    return browser
        .findElement(
            By.cssSelector("#totals-table tr[data-gateway='" + gateway + "'] td." + column))
        .getText();
  }

  private static String yen(long amount) {
    return String.format(Locale.US, amount < 0 ? "-¥%,d" : "¥%,d", Math.abs(amount));
  }

  private WebElement byId(String id) {
    return browser.findElement(By.id(id));
  }

  // --- the API, to compare with ----------------------------------------------------------------

  private static JsonNode search(String more) {
    var answer =
        AUDITOR.get(
            LOG + "?counterparty=" + URLEncoder.encode(customer, StandardCharsets.UTF_8) + more);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return Shopper.json(answer.body());
  }

  private static JsonNode totals(String query) {
    var answer = AUDITOR.get(LOG + "/totals" + query);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return Shopper.json(answer.body());
  }

  /** What the console shows of an answer of the totals API ({@link #totalsOnPage()}). */
  private static Map<String, String> totalsOf(JsonNode totals) {
    Map<String, String> cells = new HashMap<>();
    for (JsonNode row : totals.path("totals")) {
      if (!row.path("currency").asText().equals("JPY")) {
        continue;
      }
      String gateway = row.path("gateway").isNull() ? "all" : row.path("gateway").asText();
      for (String sum : List.of("charged", "refunded", "net")) {
        cells.put(gateway + " " + sum, yen(row.path(sum).asLong()));
      }
      for (String[] open :
          new String[][] {
            {"in-doubt-charges", "inDoubtCharges"},
            {"in-doubt-refunds", "inDoubtRefunds"},
            {"in-review", "inReview"}
          }) {
        JsonNode now = row.path(open[1]);
        cells.put(
            gateway + " " + open[0],
            now.path("count").asLong() + " · " + yen(now.path("amount").asLong()));
      }
    }
    List<JsonNode> days = new ArrayList<>();
    totals.path("daily").forEach(d -> days.add(d));
    days.removeIf(d -> !d.path("currency").asText().equals("JPY"));
    JsonNode today = days.get(days.size() - 1);
    cells.put("bars", Integer.toString(days.size()));
    cells.put("today", today.path("day").asText() + " " + today.path("net").asLong());
    cells.put("today net", yen(today.path("net").asLong()));
    return cells;
  }

  /** Charged, times charged, refunded and times refunded: one JPY row of the totals API. */
  private static List<Long> sums(JsonNode row) {
    return List.of(
        row.path("charged").asLong(),
        row.path("chargedCount").asLong(),
        row.path("refunded").asLong(),
        row.path("refundedCount").asLong());
  }

  /**
   * The same four sums by plain SQL over the log's entries of [from, to) up to entry {@code asOf},
   * in JPY: an order paid (its change to PAID; its gateway that of its last CHARGE_REQUESTED before
   * it) and a surplus received are money taken, a refund and a surplus returned money given back.
   * Of one gateway (null: all) and of some orders (null: all).
   */
  private static List<Long> logged(
      Instant from, Instant to, long asOf, String gateway, List<Long> orders) {
    String ofOrders =
        orders == null
            ? ""
            : " AND p.order_id IN ("
                + String.join(",", orders.stream().map(String::valueOf).toList())
                + ")";
    Map<String, Object> sums =
        Db.rows(
                "SELECT COALESCE(sum(amount) FILTER (WHERE taken), 0) AS charged,"
                    + " count(*) FILTER (WHERE taken) AS charges,"
                    + " COALESCE(sum(amount) FILTER (WHERE NOT taken), 0) AS refunded,"
                    + " count(*) FILTER (WHERE NOT taken) AS refunds FROM (SELECT p.amount,"
                    + " p.kind IN ('ORDER_STATUS_CHANGED', 'PAYMENT_SURPLUS') AS taken,"
                    + " COALESCE(p.gateway, (SELECT r.gateway FROM payment_log r WHERE"
                    + " r.order_id = p.order_id AND r.kind = 'CHARGE_REQUESTED' AND r.seq < p.seq"
                    + " ORDER BY r.seq DESC LIMIT 1)) AS gateway FROM payment_log p"
                    + " WHERE p.logged_at >= ? AND p.logged_at < ? AND p.seq <= ?"
                    + " AND p.currency = 'JPY' AND p.amount IS NOT NULL"
                    + " AND (p.kind IN ('PAYMENT_SURPLUS', 'REFUNDED',"
                    + " 'SURPLUS_REFUNDED') OR (p.kind = 'ORDER_STATUS_CHANGED'"
                    + " AND p.status = 'PAID'))"
                    + ofOrders
                    + ") money WHERE CAST(? AS text) IS NULL OR gateway = CAST(? AS text)",
                from.atOffset(ZoneOffset.UTC),
                to.atOffset(ZoneOffset.UTC),
                asOf,
                gateway,
                gateway)
            .get(0);
    return sums.values().stream().map(sum -> ((Number) sum).longValue()).toList();
  }

  /** The API's JPY row of one gateway, or of all (null). */
  private static JsonNode totalsRow(JsonNode totals, String gateway) {
    for (JsonNode row : totals.path("totals")) {
      if (row.path("currency").asText().equals("JPY")
          && (gateway == null
              ? row.path("gateway").isNull()
              : gateway.equals(row.path("gateway").asText()))) {
        return row;
      }
    }
    throw new AssertionError("no JPY row for " + gateway + " in " + totals);
  }

  private static List<String> seqs(JsonNode page) {
    List<String> seqs = new ArrayList<>();
    page.path("items").forEach(e -> seqs.add(e.path("seq").asText()));
    return seqs;
  }
}
