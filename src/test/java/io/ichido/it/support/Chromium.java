package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A fresh headless Chromium (Debian's, with its chromedriver) in a profile of its own, for the
 * pages' browser tests; {@link #close} quits it and removes the profile.
 */
public final class Chromium implements AutoCloseable {

  private static final Path BINARY = Path.of("/usr/bin/chromium");
  private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  private final ChromeDriver driver;
  private final Path profile;

  private Chromium(ChromeDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
  }

  /** Fails the test with the fix when Chromium or its driver is missing. */
  public static void requireInstalled() {
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

  /** A browser whose user prefers {@code language} and whose downloads go to {@code downloads}. */
  public static Chromium start(String language, Path downloads) throws IOException {
    Path profile = Files.createTempDirectory("ichido-chromium-profile");
    // Selenium must never look for (or download) a driver or a browser of its own.
    System.setProperty("SE_OFFLINE", "true");
    System.setProperty("webdriver.chrome.driver", DRIVER.toString());
    // Selenium's tracing wants a newer OpenTelemetry API than the MicroProfile one on this path.
    System.setProperty("webdriver.remote.enableTracing", "false");

    ChromeOptions options = new ChromeOptions();
    options.setBinary(BINARY.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1400,1000",
        "--lang=" + language,
        "--user-data-dir=" + profile);
    options.setExperimentalOption(
        "prefs",
        Map.of(
            "download.default_directory",
            downloads.toString(),
            "download.prompt_for_download",
            false,
            "intl.accept_languages",
            language));
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(DRIVER.toFile())
            .usingAnyFreePort()
            .build();
    return new Chromium(new ChromeDriver(service, options), profile);
  }

  public ChromeDriver driver() {
    return driver;
  }

  public WebDriverWait waiting(Duration atMost) {
    return new WebDriverWait(driver, atMost);
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

  @Override
  public void close() {
    driver.quit();
    removeQuietly(profile);
  }

  /** Temporary files left behind are untidy, not a failure of the page. */
  public static void removeQuietly(Path dir) {
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
