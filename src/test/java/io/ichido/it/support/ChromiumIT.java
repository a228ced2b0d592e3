package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * What the browser tests trust of {@link Chromium}: one browser for the class, and each test's
 * window as fresh as a browser just started in the test's language. The first test leaves every
 * trace a page or a test can leave (storage of each kind, a cookie, the network emulated offline, a
 * download, a preferred language); the second finds none in its window. Against a JDK HTTP server:
 * no Ichido server needed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ChromiumIT {

  @RegisterExtension static final Chromium CHROMIUM = Chromium.perClass();

  /** Every Accept-Language header the server was sent, oldest first. */
  private static final Queue<String> ACCEPT_LANGUAGE = new ConcurrentLinkedQueue<>();

  private static HttpServer server;
  private static String base;

  /** What the first test left: its browser session and its downloads. */
  private static String firstSession;

  private static Path firstDownloads;

  @BeforeAll
  static void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          if (!exchange.getRequestURI().getPath().equals("/favicon.ico")) {
            ACCEPT_LANGUAGE.add(
                String.valueOf(exchange.getRequestHeaders().getFirst("Accept-Language")));
          }
          boolean file = exchange.getRequestURI().getPath().equals("/file.csv");
          byte[] body =
              (file ? "a,b\r\n1,2\r\n" : "<!doctype html><title>probe</title><p id=p>probe</p>")
                  .getBytes(StandardCharsets.UTF_8);
          exchange
              .getResponseHeaders()
              .set("Content-Type", file ? "text/csv" : "text/html; charset=utf-8");
          if (file) {
            exchange
                .getResponseHeaders()
                .set("Content-Disposition", "attachment; filename=\"probe.csv\"");
          }
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  @Test
  @Order(1)
  @DisplayName(
      "a test's window speaks its language in every way a page can ask, and the test leaves every"
          + " trace it can")
  void firstTestLeavesTraces() throws Exception {
    ChromeDriver browser = CHROMIUM.open("ja-JP");
    firstSession = browser.getSessionId().toString();
    firstDownloads = CHROMIUM.downloads();
    visit(browser, "/");
    assertSpeaks(browser, "ja-JP");
    assertThat(browser.findElement(By.id("p")).getText()).isEqualTo("probe");

    // A window the page opens itself is of the same context: the same language.
    String opener = browser.getWindowHandle();
    ACCEPT_LANGUAGE.clear();
    browser.executeScript("window.open(arguments[0], '_blank')", base + "/popup");
    CHROMIUM
        .waiting(Duration.ofSeconds(10))
        .until(
            open -> {
              for (String window : browser.getWindowHandles()) {
                browser.switchTo().window(window);
                if (browser.getCurrentUrl().endsWith("/popup")
                    && "complete".equals(browser.executeScript("return document.readyState"))) {
                  return window;
                }
              }
              return null;
            });
    assertSpeaks(browser, "ja-JP");
    browser.switchTo().window(opener);

    browser.executeScript(
        "localStorage.setItem('trace', 'local'); sessionStorage.setItem('trace', 'session');"
            + " document.cookie = 'trace=cookie; max-age=3600';");
    assertThat(
            browser.executeAsyncScript(
                "const done = arguments[0]; const open = indexedDB.open('trace', 1);"
                    + " open.onupgradeneeded = () => open.result.createObjectStore('s');"
                    + " open.onsuccess = () => { open.result.close(); done(true); };"
                    + " open.onerror = () => done(false);"))
        .isEqualTo(true);
    assertThat(traces(browser))
        .isEqualTo(
            Map.of(
                "local", "local", "session", "session", "cookie", "trace=cookie", "idb", "trace"));

    browser.get(base + "/file.csv");
    Path saved = firstDownloads.resolve("probe.csv");
    CHROMIUM.waiting(Duration.ofSeconds(10)).until(done -> Files.exists(saved));

    // ShopIT's way of taking the network away: DevTools' emulation, in this tab.
    browser.executeCdpCommand("Network.enable", Map.of());
    browser.executeCdpCommand(
        "Network.emulateNetworkConditions",
        Map.of("offline", true, "latency", 0, "downloadThroughput", -1, "uploadThroughput", -1));
    assertThat(browser.executeScript("return navigator.onLine")).isEqualTo(false);
  }

  @Test
  @Order(2)
  @DisplayName(
      "the next test's window, of the same browser, has none of it: its own language, no storage,"
          + " no cookie, online, its own empty downloads; screenshots work")
  void nextTestFindsNone() throws Exception {
    ChromeDriver browser = CHROMIUM.open("en-US");
    assertThat(browser.getSessionId().toString())
        .as("one browser for the class")
        .isEqualTo(firstSession);
    assertThat(firstDownloads).as("the first test's downloads, removed after it").doesNotExist();
    assertThat(CHROMIUM.downloads()).isNotEqualTo(firstDownloads).isEmptyDirectory();
    assertThat(browser.getWindowHandles()).as("home and the test's window").hasSize(2);

    visit(browser, "/");
    assertThat(browser.executeScript("return navigator.onLine")).isEqualTo(true);
    assertThat(browser.findElement(By.id("p")).getText()).as("loaded: online").isEqualTo("probe");
    assertSpeaks(browser, "en-US");
    assertThat(traces(browser))
        .isEqualTo(Map.of("local", "", "session", "", "cookie", "", "idb", ""));

    // Japanese once more, opened again within one test: a new window, as fresh.
    browser.executeScript("localStorage.setItem('trace', 'local')");
    browser = CHROMIUM.open("ja-JP");
    visit(browser, "/");
    assertSpeaks(browser, "ja-JP");
    assertThat(traces(browser))
        .isEqualTo(Map.of("local", "", "session", "", "cookie", "", "idb", ""));

    CHROMIUM.screenshot("chromium-probe.png");
    byte[] png = Files.readAllBytes(Path.of("target", "screenshots", "chromium-probe.png"));
    assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    assertThat(browser.manage().window().getSize().getWidth()).isEqualTo(1400);
    assertThat(browser.manage().window().getSize().getHeight()).isEqualTo(1000);
  }

  @Test
  @Order(3)
  @DisplayName("a browser quit leaves no profile behind")
  void quitRemovesTheProfile() throws Exception {
    Chromium own = Chromium.perClass();
    own.start();
    Path profile = own.profile();
    try {
      own.open("en-US").get(base + "/");
      assertThat(profile).isDirectory();
    } finally {
      own.quit();
    }
    assertThat(profile).doesNotExist();
  }

  private static void visit(ChromeDriver browser, String path) {
    ACCEPT_LANGUAGE.clear();
    browser.get(base + path);
  }

  /** The page sees {@code language} in navigator, Intl and the requests' Accept-Language. */
  private static void assertSpeaks(ChromeDriver browser, String language) {
    assertThat(browser.executeScript("return navigator.languages")).isEqualTo(List.of(language));
    assertThat(browser.executeScript("return navigator.language")).isEqualTo(language);
    assertThat(browser.executeScript("return Intl.DateTimeFormat().resolvedOptions().locale"))
        .isEqualTo(language);
    assertThat(ACCEPT_LANGUAGE).isNotEmpty().allMatch(language::equals);
  }

  /** Storage of each kind the page can see, "" for none. */
  private static Object traces(ChromeDriver browser) {
    return browser.executeAsyncScript(
        "const done = arguments[0];"
            + " indexedDB.databases().then(dbs => done({"
            + " local: localStorage.getItem('trace') ?? '',"
            + " session: sessionStorage.getItem('trace') ?? '',"
            + " cookie: document.cookie,"
            + " idb: dbs.map(d => d.name).join(',') }));");
  }
}
