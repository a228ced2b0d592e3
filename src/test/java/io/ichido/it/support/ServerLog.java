package io.ichido.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The test server's messages.log: what an operator reads at startup. */
public final class ServerLog {

  private ServerLog() {}

  public static Path path() {
    return Path.of(
        "target/liberty/wlp/usr/servers",
        System.getProperty("ichido.itServer", "ichido-it"),
        "logs/messages.log");
  }

  public static String text() {
    try {
      return Files.readString(path());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Lines of one level: {@code E} (SEVERE), {@code W} (WARNING), {@code I}, ... */
  public static List<String> lines(String level) {
    return text().lines().filter(line -> line.contains(" " + level + " ")).toList();
  }
}
