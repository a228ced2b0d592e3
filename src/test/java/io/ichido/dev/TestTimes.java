package io.ichido.dev;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The slowest test classes of a run, read from the Surefire and Failsafe XML reports: a class's
 * time is its set-up (a deployment, a server or a browser started before its first test) plus its
 * body (the sum of its tests). {@code ./mvnw verify} prints the table after the integration tests,
 * failed or not, so that where the run's minutes go is in every build's output.
 *
 * <p>{@code TestTimes [--top=N] [--markdown] REPORT_DIR...}
 */
public final class TestTimes {

  /** One test class of a report. */
  record ClassTime(String name, String kind, double total, double body, int tests, int failed) {
    double setUp() {
      return Math.max(0, total - body);
    }
  }

  private TestTimes() {}

  public static void main(String[] args) throws Exception {
    int top = 15;
    boolean markdown = false;
    List<Path> dirs = new ArrayList<>();
    for (String arg : args) {
      if (arg.startsWith("--top=")) {
        top = Integer.parseInt(arg.substring("--top=".length()));
      } else if (arg.equals("--markdown")) {
        markdown = true;
      } else {
        dirs.add(Path.of(arg));
      }
    }
    List<ClassTime> times = new ArrayList<>();
    for (Path dir : dirs) {
      times.addAll(read(dir));
    }
    print(times, top, markdown, System.out);
  }

  /** Every class of the XML reports in {@code dir}; none when the directory does not exist. */
  static List<ClassTime> read(Path dir) throws Exception {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    String kind = dir.getFileName().toString().startsWith("failsafe") ? "IT" : "unit";
    List<ClassTime> times = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(TestTimes::isReport).sorted().toList()) {
        times.add(parse(file, kind));
      }
    }
    return times;
  }

  private static boolean isReport(Path file) {
    String name = file.getFileName().toString();
    return name.startsWith("TEST-") && name.endsWith(".xml");
  }

  static ClassTime parse(Path file, String kind) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document document;
    try (var in = Files.newInputStream(file)) {
      document = factory.newDocumentBuilder().parse(in);
    }
    Element suite = document.getDocumentElement();
    NodeList cases = suite.getElementsByTagName("testcase");
    double body = 0;
    for (int i = 0; i < cases.getLength(); i++) {
      body += seconds(((Element) cases.item(i)).getAttribute("time"));
    }
    String name = suite.getAttribute("name");
    return new ClassTime(
        name.substring(name.lastIndexOf('.') + 1),
        kind,
        seconds(suite.getAttribute("time")),
        body,
        count(suite, "tests"),
        count(suite, "failures") + count(suite, "errors"));
  }

  private static double seconds(String value) {
    // Surefire writes times of a second or more with grouping commas ("1,234.5").
    return value.isBlank() ? 0 : Double.parseDouble(value.replace(",", ""));
  }

  private static int count(Element suite, String attribute) {
    String value = suite.getAttribute(attribute);
    return value.isBlank() ? 0 : Integer.parseInt(value);
  }

  static void print(List<ClassTime> times, int top, boolean markdown, PrintStream out) {
    List<ClassTime> slowest =
        times.stream().sorted(Comparator.comparingDouble(ClassTime::total).reversed()).toList();
    double all = times.stream().mapToDouble(ClassTime::total).sum();
    double its =
        times.stream().filter(t -> t.kind().equals("IT")).mapToDouble(ClassTime::total).sum();
    String format =
        markdown ? "| %s | %s | %.1f | %.1f | %.1f | %d |%n" : "%-34s %-4s %7.1f %7.1f %7.1f %5d%n";
    out.println();
    out.printf(
        Locale.ROOT,
        "The %d slowest of %d test classes (seconds; set-up = deployment, server, browser):%n",
        Math.min(top, slowest.size()),
        times.size());
    if (markdown) {
      out.println("| class | kind | total | set-up | body | tests |");
      out.println("|---|---|---|---|---|---|");
    } else {
      out.printf(
          Locale.ROOT,
          "%-34s %-4s %7s %7s %7s %5s%n",
          "class",
          "kind",
          "total",
          "set-up",
          "body",
          "tests");
    }
    for (ClassTime t : slowest.subList(0, Math.min(top, slowest.size()))) {
      out.printf(
          Locale.ROOT,
          format,
          t.failed() > 0 ? t.name() + " (" + t.failed() + " failed)" : t.name(),
          t.kind(),
          t.total(),
          t.setUp(),
          t.body(),
          t.tests());
    }
    out.printf(
        Locale.ROOT,
        "All classes: %.0f s (integration tests %.0f s, %d tests in all)%n",
        all,
        its,
        times.stream().mapToInt(ClassTime::tests).sum());
    out.flush();
  }

  /** For tests: the table as text. */
  static String table(List<ClassTime> times, int top) {
    var bytes = new java.io.ByteArrayOutputStream();
    print(times, top, false, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
