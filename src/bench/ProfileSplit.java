import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where Liberty's CPU goes per request, from async-profiler's collapsed stacks (CPU samples of
 * every thread, kernel frames included) taken while bench.sh runs one kind of request at a time.
 *
 * <p>Each sample is charged to one part of the stack: the frame nearest the top of the stack whose
 * class belongs to a part named below. JDK classes, native and kernel frames name no part, so a
 * {@code HashMap.get} that Hibernate calls, or a socket write the driver makes, is charged to
 * Hibernate, or to the driver. Samples of the JVM's own threads (garbage collection, the JIT
 * compilers) are charged to those by thread name. CPU per request = samples x interval / requests.
 *
 * <pre>
 * java ProfileSplit.java --interval-us=1000 --svg=DIR KIND=FILE:REQUESTS...
 * </pre>
 *
 * Prints one table (a column per kind, a row per part, microseconds of CPU per request) and, with
 * {@code --svg}, writes a flame graph per kind, coloured by part, as DIR/KIND.svg.
 */
public class ProfileSplit {

  /** The parts, most specific first: the first prefix a class name starts with names its part. */
  static final String[][] PARTS = {
    {"fingerprint", "io.ichido.idempotency.control.RequestFingerprint"},
    {"fingerprint", "io.ichido.idempotency.boundary.CanonicalJson"},
    {"fingerprint", "io.ichido.idempotency.boundary.CanonicalNodes"},
    {"fingerprint", "io.ichido.idempotency.boundary.MemberNameSort"},
    {"metrics, telemetry", "io.ichido.idempotency.control.IdempotencyMetrics"},
    {"metrics, telemetry", "io.ichido.idempotency.control.IdempotencySpans"},
    {"metrics, telemetry", "io.ichido.idempotency.control.OperationDurations"},
    {"metrics, telemetry", "io.smallrye.metrics"},
    {"metrics, telemetry", "io.micrometer"},
    {"metrics, telemetry", "io.opentelemetry"},
    {"metrics, telemetry", "io.openliberty.microprofile.telemetry"},
    {"metrics, telemetry", "io.openliberty.microprofile.metrics"},
    {"metrics, telemetry", "com.ibm.ws.microprofile.metrics"},
    {"metrics, telemetry", "io.openliberty.http.monitor"},
    {"metrics, telemetry", "com.ibm.ws.monitor"},
    {"metrics, telemetry", "com.ibm.websphere.monitor"},
    {"metrics, telemetry", "com.ibm.ws.pmi"},
    {"the layer's own code", "io.ichido.idempotency."},
    {"Ichido, other", "io.ichido."},
    {"Bean Validation", "org.hibernate.validator"},
    {"Bean Validation", "com.ibm.ws.beanvalidation"},
    {"Bean Validation", "io.openliberty.beanvalidation"},
    {"Bean Validation", "jakarta.validation"},
    {"JSON", "com.fasterxml.jackson"},
    {"JSON", "org.eclipse.yasson"},
    {"JSON", "org.eclipse.parsson"},
    {"JSON", "org.glassfish.json"},
    {"JSON", "jakarta.json"},
    {"JAX-RS", "org.jboss.resteasy"},
    {"JAX-RS", "io.openliberty.org.jboss.resteasy"},
    {"JAX-RS", "io.openliberty.restfulWS"},
    {"JAX-RS", "com.ibm.ws.jaxrs"},
    {"JAX-RS", "jakarta.ws.rs"},
    {"security", "com.ibm.ws.webcontainer.security"},
    {"security", "com.ibm.ws.security"},
    {"security", "com.ibm.websphere.security"},
    {"security", "io.openliberty.security"},
    {"security", "io.openliberty.webcontainer.security"},
    {"security", "com.ibm.ws.jaspi"},
    {"security", "jakarta.security"},
    {"security", "javax.security.auth"},
    {"HTTP, servlet", "com.ibm.ws.webcontainer"},
    {"HTTP, servlet", "com.ibm.wsspi.webcontainer"},
    {"HTTP, servlet", "io.openliberty.webcontainer"},
    {"HTTP, servlet", "com.ibm.ws.http"},
    {"HTTP, servlet", "com.ibm.wsspi.http"},
    {"HTTP, servlet", "io.openliberty.http"},
    {"HTTP, servlet", "com.ibm.ws.tcpchannel"},
    {"HTTP, servlet", "com.ibm.ws.channelfw"},
    {"HTTP, servlet", "com.ibm.wsspi.channelfw"},
    {"HTTP, servlet", "com.ibm.ws.genericbnf"},
    {"HTTP, servlet", "com.ibm.wsspi.genericbnf"},
    {"HTTP, servlet", "com.ibm.io.async"},
    {"HTTP, servlet", "com.ibm.ws.bytebuffer"},
    {"HTTP, servlet", "com.ibm.wsspi.bytebuffer"},
    {"HTTP, servlet", "com.ibm.ws.session"},
    {"HTTP, servlet", "io.openliberty.netty"},
    {"HTTP, servlet", "io.netty"},
    {"HTTP, servlet", "jakarta.servlet"},
    {"CDI, interceptors", "org.jboss.weld"},
    {"CDI, interceptors", "com.ibm.ws.cdi"},
    {"CDI, interceptors", "io.openliberty.cdi"},
    {"CDI, interceptors", "com.ibm.ws.managedobject"},
    {"CDI, interceptors", "jakarta.enterprise"},
    {"CDI, interceptors", "jakarta.interceptor"},
    {"JTA", "com.ibm.tx"},
    {"JTA", "com.ibm.ws.tx"},
    {"JTA", "com.ibm.ws.Transaction"},
    {"JTA", "com.ibm.ws.transaction"},
    {"JTA", "com.ibm.ws.LocalTransaction"},
    {"JTA", "com.ibm.ws.uow"},
    {"JTA", "jakarta.transaction"},
    {"JPA, Hibernate", "org.hibernate"},
    {"JPA, Hibernate", "com.ibm.ws.jpa"},
    {"JPA, Hibernate", "jakarta.persistence"},
    {"JPA, Hibernate", "net.bytebuddy"},
    {"JDBC, pool, driver", "org.postgresql"},
    {"JDBC, pool, driver", "com.ibm.ws.rsadapter"},
    {"JDBC, pool, driver", "com.ibm.ws.jdbc"},
    {"JDBC, pool, driver", "com.ibm.ejs.j2c"},
    {"JDBC, pool, driver", "com.ibm.ws.jca"},
    {"JDBC, pool, driver", "com.ibm.ws.j2c"},
    {"MicroProfile Config", "io.smallrye.config"},
    {"MicroProfile Config", "com.ibm.ws.microprofile.config"},
    {"MicroProfile Config", "io.openliberty.microprofile.config"},
    {"EJB, timers", "com.ibm.ejs"},
    {"EJB, timers", "com.ibm.ws.ejbcontainer"},
    {"EJB, timers", "com.ibm.ws.concurrent"},
    {"logging, trace", "com.ibm.ws.logging"},
    {"logging, trace", "com.ibm.websphere.ras"},
    {"logging, trace", "com.ibm.ejs.ras"},
    {"logging, trace", "com.ibm.ws.ras"},
    {"Liberty threads, kernel", "com.ibm.ws.threading"},
    {"Liberty threads, kernel", "com.ibm.ws.kernel"},
    {"Liberty threads, kernel", "com.ibm.ws.classloading"},
    {"Liberty threads, kernel", "org.eclipse.osgi"},
    {"Liberty threads, kernel", "org.apache.felix"},
    {"Liberty, other", "com.ibm."},
    {"Liberty, other", "io.openliberty."},
  };

  static final String JVM_GC = "JVM: garbage collection";
  static final String JVM_JIT = "JVM: JIT compilers";
  static final String JVM_OTHER = "JVM: other threads";
  static final String JDK_ONLY = "JDK, native (no library above)";

  /** The order of the table's rows and of the legend. */
  static final List<String> ORDER =
      List.of(
          "HTTP, servlet",
          "security",
          "JAX-RS",
          "JSON",
          "Bean Validation",
          "CDI, interceptors",
          "JTA",
          "JPA, Hibernate",
          "JDBC, pool, driver",
          "fingerprint",
          "metrics, telemetry",
          "the layer's own code",
          "Ichido, other",
          "MicroProfile Config",
          "EJB, timers",
          "logging, trace",
          "Liberty threads, kernel",
          "Liberty, other",
          JDK_ONLY,
          JVM_GC,
          JVM_JIT,
          JVM_OTHER);

  static final String[] COLOURS = {
    "#e6550d", "#fd8d3c", "#3182bd", "#6baed6", "#9ecae1", "#31a354", "#74c476", "#756bb1",
    "#9e9ac8", "#d62728", "#e377c2", "#ff0000", "#bcbd22", "#dbdb8d", "#8c6d31", "#bd9e39",
    "#7f7f7f", "#a0a0a0", "#c7c7c7", "#17becf", "#9edae5", "#d9d9d9"
  };

  record Kind(String name, Path file, long requests) {}

  public static void main(String[] args) throws IOException {
    long intervalUs = 1000;
    Path svgDir = null;
    List<Kind> kinds = new ArrayList<>();
    for (String arg : args) {
      if (arg.startsWith("--interval-us=")) {
        intervalUs = Long.parseLong(arg.substring("--interval-us=".length()));
      } else if (arg.startsWith("--svg=")) {
        svgDir = Path.of(arg.substring("--svg=".length()));
      } else {
        int eq = arg.indexOf('=');
        int colon = arg.lastIndexOf(':');
        if (eq < 1 || colon < eq) {
          throw new IllegalArgumentException("expected KIND=FILE:REQUESTS, got " + arg);
        }
        kinds.add(
            new Kind(
                arg.substring(0, eq),
                Path.of(arg.substring(eq + 1, colon)),
                Long.parseLong(arg.substring(colon + 1))));
      }
    }
    if (kinds.isEmpty()) {
      throw new IllegalArgumentException("no KIND=FILE:REQUESTS given");
    }
    Map<String, Map<String, Long>> samplesByKind = new LinkedHashMap<>();
    for (Kind kind : kinds) {
      Map<String, Long> parts = new TreeMap<>();
      Frame root = new Frame("all");
      for (String line : Files.readAllLines(kind.file(), StandardCharsets.UTF_8)) {
        int space = line.lastIndexOf(' ');
        if (space < 0) {
          continue;
        }
        long count = Long.parseLong(line.substring(space + 1).trim());
        String[] frames = line.substring(0, space).split(";");
        parts.merge(partOf(frames), count, Long::sum);
        if (svgDir != null) {
          root.add(frames, count);
        }
      }
      if (kind.requests() <= 0) {
        throw new IllegalArgumentException(kind.name() + ": no requests were counted");
      }
      if (parts.isEmpty()) {
        throw new IllegalArgumentException(kind.name() + ": the profile holds no sample");
      }
      samplesByKind.put(kind.name(), parts);
      if (svgDir != null) {
        Files.createDirectories(svgDir);
        Files.writeString(
            svgDir.resolve(kind.name() + ".svg"),
            svg(root, kind, intervalUs),
            StandardCharsets.UTF_8);
      }
    }
    print(kinds, samplesByKind, intervalUs);
  }

  static void print(List<Kind> kinds, Map<String, Map<String, Long>> samples, long intervalUs) {
    StringBuilder header = new StringBuilder(String.format("%-34s", "CPU per request, us"));
    for (Kind kind : kinds) {
      header.append(String.format(" %12s", kind.name()));
    }
    System.out.println(header);
    double[] totals = new double[kinds.size()];
    for (String part : ORDER) {
      StringBuilder row = new StringBuilder(String.format("%-34s", part));
      boolean any = false;
      for (int i = 0; i < kinds.size(); i++) {
        Kind kind = kinds.get(i);
        long n = samples.get(kind.name()).getOrDefault(part, 0L);
        double us = (double) n * intervalUs / kind.requests();
        totals[i] += us;
        any |= n > 0;
        row.append(String.format(Locale.ROOT, " %12.1f", us));
      }
      if (any) {
        System.out.println(row);
      }
    }
    StringBuilder total = new StringBuilder(String.format("%-34s", "all of Liberty"));
    for (double t : totals) {
      total.append(String.format(Locale.ROOT, " %12.1f", t));
    }
    System.out.println(total);
    StringBuilder requests = new StringBuilder(String.format("%-34s", "(requests profiled)"));
    for (Kind kind : kinds) {
      requests.append(String.format(" %12d", kind.requests()));
    }
    System.out.println(requests);
  }

  /** The part a sample is charged to. */
  static String partOf(String[] frames) {
    String thread = frames.length > 0 && frames[0].startsWith("[") ? frames[0] : "";
    if (thread.startsWith("[GC Thread") || thread.startsWith("[G1 ") || thread.contains("GC")) {
      return JVM_GC;
    }
    if (thread.startsWith("[C1 Compiler") || thread.startsWith("[C2 Compiler")) {
      return JVM_JIT;
    }
    if (thread.startsWith("[VM ") || thread.startsWith("[Service Thread")) {
      return JVM_OTHER;
    }
    for (int i = frames.length - 1; i >= 0; i--) {
      String part = ownPart(frames[i]);
      if (part != null) {
        return part;
      }
    }
    return JDK_ONLY;
  }

  /** The part a frame's own class belongs to, or null for the JDK, native and kernel frames. */
  static String ownPart(String frame) {
    if (frame.startsWith("[") || frame.endsWith("_[k]") || frame.indexOf('/') < 0) {
      return null;
    }
    String name = frame.replace('/', '.');
    if (name.contains("$Proxy$_$$_Weld") || name.contains("$$_Weld")) {
      return "CDI, interceptors";
    }
    for (String[] part : PARTS) {
      if (name.startsWith(part[1])) {
        return part[0];
      }
    }
    return null;
  }

  // ---------------------------------------------------------------------------------------------
  // The flame graph: the root at the bottom, a frame's width its share of the samples, its colour
  // the part its own class belongs to (grey for the JDK, native and kernel frames).

  static final class Frame {
    final String name;
    long samples;
    final Map<String, Frame> children = new TreeMap<>();

    Frame(String name) {
      this.name = name;
    }

    void add(String[] frames, long count) {
      samples += count;
      Frame at = this;
      for (String raw : frames) {
        String frame = raw.startsWith("[") ? threadGroup(raw) : raw;
        at = at.children.computeIfAbsent(frame, Frame::new);
        at.samples += count;
      }
    }
  }

  /** "[Default Executor-thread-12 tid=345]" is one of "[Default Executor-thread]". */
  static String threadGroup(String thread) {
    String name = thread.replaceAll(" tid=\\d+\\]$", "]");
    return name.replaceAll("[-# ]?\\d+\\]$", "]");
  }

  static final int WIDTH = 1800;
  static final int ROW = 16;

  static String svg(Frame root, Kind kind, long intervalUs) {
    int depth = depth(root);
    int legendRows = (ORDER.size() + 5) / 6;
    int top = 40 + legendRows * 18;
    int height = top + (depth + 1) * ROW + 10;
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"11\">%n",
            WIDTH,
            height));
    out.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    out.append(
        String.format(
            Locale.ROOT,
            "<text x=\"8\" y=\"18\" font-size=\"14\">Liberty CPU, %s: %d samples of %d us over %d"
                + " requests (%.0f us a request). Colour: the part a frame's class belongs to;"
                + " grey: JDK, native, kernel.</text>%n",
            esc(kind.name()),
            root.samples,
            intervalUs,
            kind.requests(),
            (double) root.samples * intervalUs / kind.requests()));
    for (int i = 0; i < ORDER.size(); i++) {
      int x = 8 + (i % 6) * 295;
      int y = 30 + (i / 6) * 18;
      out.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                  + "<text x=\"%d\" y=\"%d\">%s</text>%n",
              x,
              y,
              COLOURS[i],
              x + 16,
              y + 10,
              esc(ORDER.get(i))));
    }
    draw(out, root, 0, WIDTH, height - 10 - ROW, root.samples);
    out.append("</svg>\n");
    return out.toString();
  }

  static int depth(Frame frame) {
    int max = 0;
    for (Frame child : frame.children.values()) {
      max = Math.max(max, depth(child));
    }
    return max + 1;
  }

  static void draw(StringBuilder out, Frame frame, double x, double width, int y, long all) {
    if (width < 1.0) {
      return;
    }
    String part = frame.name.equals("all") ? null : ownPart(frame.name);
    String colour =
        part == null
            ? (frame.name.endsWith("_[k]") ? "#b0b0b0" : "#dedede")
            : COLOURS[ORDER.indexOf(part)];
    String label = frame.name.replace('/', '.');
    out.append(
        String.format(
            Locale.ROOT,
            "<g><title>%s (%d samples, %.2f%%)</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\""
                + " height=\"%d\" fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"0.3\"/>",
            esc(label),
            frame.samples,
            100.0 * frame.samples / all,
            x,
            y,
            width,
            ROW - 1,
            colour));
    int chars = (int) (width / 6.2);
    if (chars >= 4) {
      String shown = label.length() <= chars ? label : label.substring(0, chars - 2) + "..";
      out.append(
          String.format(
              Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", x + 2, y + ROW - 4, esc(shown)));
    }
    out.append("</g>\n");
    double at = x;
    for (Frame child : frame.children.values()) {
      double w = width * child.samples / frame.samples;
      draw(out, child, at, w, y - ROW, all);
      at += w;
    }
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
