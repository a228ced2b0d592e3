package io.ichido;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The README is what a newcomer reads in the first ten minutes and {@code docs/} holds the rest; a
 * README that grows back into a manual, or a link left pointing where a section used to be, is
 * found here rather than by a reader. The code and its comments point only inside the repository
 * too: a reader of a clone has nothing else.
 */
class DocsTest {

  /** About a Cargo Tracker README (171 lines) plus room for a table row or two. */
  private static final int README_MAX_LINES = 220;

  private static final Path ROOT = Path.of("").toAbsolutePath().normalize();
  private static final Pattern LINK =
      Pattern.compile("!?\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

  /** A Markdown document named in code or a comment: {@code STYLE.md}, {@code docs/testing.md}. */
  private static final Pattern DOCUMENT = Pattern.compile("(?<![\\w./-])([\\w./-]*\\.md)\\b");

  /** A relative path that climbs: {@code ../shared/docs}. */
  private static final Pattern CLIMBING =
      Pattern.compile("(?<![\\w./-])((?:\\.\\./)+[\\w.-][\\w./-]*)");

  /** The files whose text a reader of the repository reads as code or its comments. */
  private static final Pattern SOURCE =
      Pattern.compile(".*\\.(java|xml|properties|sh|js|html|css|yaml|yml|py|sql|cfg|env)$");

  @Test
  @DisplayName("the README stays a README: at most 220 lines")
  void readmeIsShort() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
    assertThat(lines.size())
        .as("README.md has %d lines; move detail into docs/ and link it", lines.size())
        .isLessThanOrEqualTo(README_MAX_LINES);
  }

  @Test
  @DisplayName(
      "every relative link in README.md and docs/*.md names a file, and a heading, that exist")
  void linksResolve() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      for (String target : links(page)) {
        if (SCHEME.matcher(target).find()) {
          continue; // a web address, not a file of ours
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(ROOT)) {
          continue; // reported by linksStayInside
        }
        if (!Files.exists(resolved)) {
          broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
        } else if (anchor != null
            && resolved.toString().endsWith(".md")
            && !anchors(resolved).contains(anchor)) {
          broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(broken).as("broken links").isEmpty();
  }

  @Test
  @DisplayName("no link or path in README.md and docs/*.md leads outside the repository")
  void linksStayInside() throws IOException {
    List<String> outside = new ArrayList<>();
    for (Path page : pages()) {
      List<String> targets = new ArrayList<>(links(page));
      // A path quoted as code is read as one to follow, as `../shared/docs/...` once was.
      for (String span : codeSpans(page)) {
        if (span.startsWith("../")) {
          targets.add(span);
          // From the page's folder or from the root: either way it must be a file we have.
          Path fromPage = page.getParent().resolve(span).normalize();
          Path fromRoot = ROOT.resolve(span).normalize();
          if (!(fromPage.startsWith(ROOT) && Files.exists(fromPage))
              && !(fromRoot.startsWith(ROOT) && Files.exists(fromRoot))) {
            outside.add(ROOT.relativize(page) + ": " + span + " (not in the repository)");
          }
        }
      }
      for (String target : targets) {
        if (SCHEME.matcher(target).find() && !target.startsWith("file:")) {
          continue;
        }
        String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
        boolean absolute = file.startsWith("/") || file.startsWith("file:");
        if (absolute || !page.getParent().resolve(file).normalize().startsWith(ROOT)) {
          outside.add(ROOT.relativize(page) + ": " + target);
        }
      }
    }
    assertThat(outside).as("links outside the repository").isEmpty();
  }

  @Test
  @DisplayName(
      "code and its comments name only documents and paths of the repository, never one beside it")
  void sourcesPointInside() throws IOException {
    Set<String> names = new HashSet<>();
    List<Path> files;
    try (Stream<Path> all = Files.walk(ROOT)) {
      files =
          all.filter(Files::isRegularFile)
              .filter(p -> !ROOT.relativize(p).toString().startsWith("target/"))
              .filter(p -> !ROOT.relativize(p).toString().startsWith(".git/"))
              .filter(p -> !ROOT.relativize(p).toString().contains("/target/"))
              .toList();
    }
    files.forEach(f -> names.add(f.getFileName().toString()));
    List<String> outside = new ArrayList<>();
    for (Path file : files) {
      String relative = ROOT.relativize(file).toString();
      if (!SOURCE.matcher(relative).matches()
          || relative.equals("src/test/java/io/ichido/DocsTest.java")) {
        continue;
      }
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        for (String reference : references(lines.get(i))) {
          if (!inside(file, reference, names)) {
            outside.add(relative + ":" + (i + 1) + ": " + reference);
          }
        }
      }
    }
    assertThat(outside)
        .as("documents or paths named in code that are not in the repository")
        .isEmpty();
  }

  @Test
  @DisplayName("documents and climbing paths are found in comments, not in string data")
  void referencesInALine() {
    assertThat(references("// as PLATFORM.md says, and docs/testing.md"))
        .containsExactly("PLATFORM.md", "docs/testing.md");
    assertThat(references("<!-- see ../shared/docs for more -->"))
        .containsExactly("../shared/docs");
    assertThat(references("paypay.hinted(\"{\\\"id\\\":\\\"../../admin\\\"}\")")).isEmpty();
    assertThat(references("post(`../api/orders/${id}/cancel`, key)")).isEmpty();
  }

  /**
   * The documents a line of code names, and the paths that climb in it outside string literals (a
   * literal such as a test's {@code "../../admin"}, or a script's relative URL, is data, not a
   * place to look).
   */
  static List<String> references(String line) {
    List<String> found = new ArrayList<>();
    Matcher document = DOCUMENT.matcher(line);
    while (document.find()) {
      found.add(document.group(1));
    }
    Matcher climbing =
        CLIMBING.matcher(line.replaceAll("\"(?:\\\\.|[^\"\\\\])*\"|`[^`]*`", "\"\""));
    while (climbing.find()) {
      found.add(climbing.group(1));
    }
    return found;
  }

  /**
   * Whether {@code reference}, named in {@code file}, is a file of the repository: a bare name
   * anywhere in it, a path from the repository's root or from the file's folder, and a path that
   * climbs never out of the repository.
   */
  private static boolean inside(Path file, String reference, Set<String> names) {
    if (reference.startsWith("../")) {
      Path resolved = file.getParent().resolve(reference).normalize();
      return resolved.startsWith(ROOT) && Files.exists(resolved);
    }
    if (!reference.contains("/")) {
      return names.contains(reference);
    }
    return Files.exists(ROOT.resolve(reference))
        || Files.exists(file.getParent().resolve(reference));
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(ROOT.resolve("README.md"));
    if (!Files.isDirectory(ROOT.resolve("docs"))) {
      return pages;
    }
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** The text of a page outside fenced code blocks, where a link is a link. */
  private static List<String> prose(Path page) throws IOException {
    List<String> prose = new ArrayList<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(page)) {
      if (line.stripLeading().startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced) {
        prose.add(line);
      }
    }
    return prose;
  }

  private static List<String> links(Path page) throws IOException {
    List<String> links = new ArrayList<>();
    for (String line : prose(page)) {
      Matcher link = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
      while (link.find()) {
        links.add(link.group(1));
      }
    }
    return links;
  }

  private static List<String> codeSpans(Path page) throws IOException {
    List<String> spans = new ArrayList<>();
    for (String line : prose(page)) {
      Matcher span = CODE_SPAN.matcher(line);
      while (span.find()) {
        spans.add(span.group(1));
      }
    }
    return spans;
  }

  /** The anchors GitHub makes of a page's headings (a repeated heading gets -1, -2, ...). */
  static Set<String> anchors(Path page) throws IOException {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : prose(page)) {
      if (!line.startsWith("#")) {
        continue;
      }
      String slug = slug(line.replaceFirst("^#+\\s*", ""));
      int count = seen.merge(slug, 1, Integer::sum);
      anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
    }
    return anchors;
  }

  static String slug(String heading) {
    return heading
        .strip()
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
        .replace(' ', '-');
  }
}
