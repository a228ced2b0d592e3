package io.ichido.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The test server's messages.log: what an operator reads at startup. */
final class ServerLog {

  private ServerLog() {}

  static Path path() {
    return Path.of(
        "target/liberty/wlp/usr/servers",
        System.getProperty("ichido.itServer", "ichido-it"),
        "logs/messages.log");
  }

  static String text() {
    try {
      return Files.readString(path());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Lines of one level: {@code E} (SEVERE), {@code W} (WARNING), {@code I}, ... */
  static List<String> lines(String level) {
    return text().lines().filter(line -> line.contains(" " + level + " ")).toList();
  }
}
