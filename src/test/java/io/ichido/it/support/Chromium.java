package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.bidi.Command;
import org.openqa.selenium.bidi.browser.SetDownloadBehaviorParameters;
import org.openqa.selenium.bidi.browsingcontext.BrowsingContext;
import org.openqa.selenium.bidi.browsingcontext.CreateContextParameters;
import org.openqa.selenium.bidi.module.Browser;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium (with its chromedriver) for the pages' browser tests: one browser per
 * test class, and for each test a window as a freshly started browser would have it. A class
 * registers it once, {@code @RegisterExtension static final Chromium CHROMIUM =
 * Chromium.perClass();}, and each test opens its window with {@link #open(String)}.
 *
 * <p>Starting Chromium takes 2-3 s of a 2-CPU machine; a window of a new WebDriver BiDi user
 * context a few hundred milliseconds. A user context is Chromium's incognito profile: its own
 * cookies, localStorage, sessionStorage, IndexedDB, cache and permissions, all gone when it is
 * removed. Its window is a new tab, so no DevTools emulation of the test before (ShopIT's offline
 * network, ReceiptsIT's extra headers) reaches it. Its language is the test's: what the pages read
 * ({@code navigator.languages}, {@code navigator.language}), the {@code Accept-Language} header and
 * JavaScript's default locale, for every window of that context ({@code ChromiumIT} proves each).
 * Its downloads go to a directory of its own.
 *
 * <p>After each test its user context is removed (its windows closed without {@code beforeunload},
 * so no page of it goes on polling or retrying during the next test) and its downloads deleted;
 * after the class the browser quits and its profile is deleted. The tests of a class that uses it
 * run one at a time.
 */
public final class Chromium implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

  private static final Path BINARY = Path.of("/usr/bin/chromium");
  private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final Dimension WINDOW = new Dimension(1400, 1000);

  private ChromeDriver driver;
  private Path profile;

  /** The first window, of the default context: never a test's, it keeps the browser open. */
  private String home;

  /** The user context of the test's window, and its downloads; null between tests. */
  private String userContext;

  private Path downloads;

  private Chromium() {}

  /** The browser of a test class, for {@code @RegisterExtension} on a static field. */
  public static Chromium perClass() {
    return new Chromium();
  }

  /** Fails the test with the fix when Chromium or its driver is missing. */
  private static void requireInstalled() {
    assertThat(Files.isExecutable(BINARY))
        .as(
            "No Chromium at %s: install the Debian packages chromium and chromium-driver"
                + " (.ci/run does when they are missing)",
            BINARY)
        .isTrue();
    assertThat(Files.isExecutable(DRIVER))
        .as("No chromedriver at %s: install the Debian package chromium-driver", DRIVER)
        .isTrue();
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    start();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    closeWindow();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    quit();
  }

  void start() throws IOException {
    requireInstalled();
    profile = Files.createTempDirectory("ichido-chromium-profile");
    // Selenium must never look for (or download) a driver or a browser of its own.
    System.setProperty("SE_OFFLINE", "true");
    System.setProperty("webdriver.chrome.driver", DRIVER.toString());
    // Selenium's tracing wants a newer OpenTelemetry API than the MicroProfile one on this path.
    System.setProperty("webdriver.remote.enableTracing", "false");

    ChromeOptions options = new ChromeOptions();
    options.setBinary(BINARY.toFile());
    // WebDriver BiDi, for user contexts and their language and downloads.
    options.enableBiDi();
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=" + WINDOW.getWidth() + "," + WINDOW.getHeight(),
        "--lang=en-US",
        "--user-data-dir=" + profile);
    options.setExperimentalOption(
        "prefs",
        Map.of(
            // Each test's window downloads to a directory of its own; nothing else should.
            "download.default_directory",
            profile.resolve("downloads").toString(),
            "download.prompt_for_download",
            false,
            "intl.accept_languages",
            "en-US"));
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(DRIVER.toFile())
            .usingAnyFreePort()
            .build();
    driver = new ChromeDriver(service, options);
    home = driver.getWindowHandle();
  }

  /**
   * The test's window, new, in a user context of its own whose user prefers {@code language} (a BCP
   * 47 tag such as {@code ja-JP}): no cookie, no storage, online, downloads to {@link
   * #downloads()}. The driver is switched to it. Opened again in the same test, the window before
   * is closed and its context removed first.
   */
  public ChromeDriver open(String language) throws IOException {
    if (driver == null) {
      throw new IllegalStateException(
          "Register Chromium.perClass() with @RegisterExtension on a static field");
    }
    closeWindow();
    Browser browser = new Browser(driver);
    userContext = browser.createUserContext();
    // Set before the window exists, so that its very first request already carries it.
    overrideLocale(language, userContext);
    downloads = Files.createTempDirectory("ichido-downloads");
    browser.setDownloadBehavior(
        new SetDownloadBehaviorParameters(true, downloads).userContexts(List.of(userContext)));
    BrowsingContext window =
        new BrowsingContext(
            driver, new CreateContextParameters(WindowType.TAB).userContext(userContext));
    driver.switchTo().window(window.getId());
    driver.manage().window().setSize(WINDOW);
    return driver;
  }

  /**
   * WebDriver BiDi's {@code emulation.setLocaleOverride}, for which Selenium 4.52 has no method of
   * its own yet (its Emulation module lacks it), hence the raw command on the session's BiDi
   * connection. Chromium applies it to {@code navigator.language(s)}, {@code Accept-Language} and
   * {@code Intl}'s default locale. DevTools' {@code Network.setUserAgentOverride} could set the
   * first two, but for one tab only, and it empties {@code navigator.userAgentData}.
   */
  @SuppressWarnings("removal")
  private void overrideLocale(String language, String context) {
    driver
        .getBiDi()
        .send(
            new Command<>(
                "emulation.setLocaleOverride",
                Map.of("locale", language, "userContexts", List.of(context))));
  }

  /** Where the test's window downloads to: a directory of its own, empty when it opened. */
  public Path downloads() {
    if (downloads == null) {
      throw new IllegalStateException("No window open: open(language) first");
    }
    return downloads;
  }

  /**
   * Waits that read the page again when it redrew what they were reading (a {@link
   * StaleElementReferenceException}) rather than fail.
   */
  public WebDriverWait waiting(Duration atMost) {
    WebDriverWait wait =
        new WebDriverWait(driver, atMost) {
          @Override
          public <V> V until(Function<? super WebDriver, ? extends V> isTrue) {
            return super.until(
                page -> {
                  try {
                    return isTrue.apply(page);
                  } catch (WebDriverException e) {
                    if (replacedUnderIt(e)) {
                      return null; // asked again of the page that replaced it
                    }
                    throw e;
                  }
                });
          }
        };
    wait.ignoring(StaleElementReferenceException.class);
    // Selenium asks twice a second by default: a page that is ready waits 250 ms on average
    // before the test sees it, every wait of every browser test.
    wait.pollingEvery(Duration.ofMillis(100));
    return wait;
  }

  /**
   * Clicks what takes the browser to another page (a form posted, a link followed). A click whose
   * page is replaced while chromedriver still waits on it (a redirect chain of several pages) is
   * answered "aborted by navigation", though the click was made: that answer is taken as the
   * navigation the click began. What the test waits for next proves where the browser went.
   */
  public void clickAway(WebElement element) {
    try {
      element.click();
    } catch (WebDriverException e) {
      if (!replacedUnderIt(e)) {
        throw e;
      }
    }
  }

  /**
   * chromedriver's words when the page it was asked about was replaced while it answered: a plain
   * error, not the stale-element one a wait already retries on.
   */
  private static boolean replacedUnderIt(WebDriverException e) {
    String said = String.valueOf(e.getMessage());
    return !(e instanceof NoSuchElementException)
        && (said.contains("does not belong to the document")
            || said.contains("aborted by navigation")
            || said.contains("Inspected target navigated or closed"));
  }

  /** The whole page, not only the window: the window is made as tall as the page first. */
  public void screenshot(String name) throws IOException {
    Files.createDirectories(SCREENSHOTS);
    Dimension window = driver.manage().window().getSize();
    long height = (Long) driver.executeScript("return document.documentElement.scrollHeight");
    driver.manage().window().setSize(new Dimension(window.getWidth(), (int) height + 120));
    try {
      Files.write(SCREENSHOTS.resolve(name), driver.getScreenshotAs(OutputType.BYTES));
    } finally {
      driver.manage().window().setSize(window);
    }
  }

  /** Closes the test's window and every other of its context, and forgets all the context kept. */
  void closeWindow() {
    if (userContext == null) {
      return;
    }
    try {
      driver.switchTo().window(home);
      new Browser(driver).removeUserContext(userContext);
    } finally {
      userContext = null;
      removeQuietly(downloads);
      downloads = null;
    }
  }

  void quit() {
    try {
      if (driver != null) {
        closeWindow();
      }
    } finally {
      if (driver != null) {
        driver.quit();
        driver = null;
      }
      removeQuietly(profile);
    }
  }

  /** The browser's profile directory, while it runs. */
  Path profile() {
    return profile;
  }

  /** Temporary files left behind are untidy, not a failure of the page. */
  private static void removeQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException | UncheckedIOException stillInUse) {
      // Chromium may still be writing to its profile as it exits
    }
  }
}
