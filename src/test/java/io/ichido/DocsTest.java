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
 * found here rather than by a reader.
 */
class DocsTest {

  /** About a Cargo Tracker README (171 lines) plus room for a table row or two. */
  private static final int README_MAX_LINES = 220;

  private static final Path ROOT = Path.of("").toAbsolutePath().normalize();
  private static final Pattern LINK =
      Pattern.compile("!?\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

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
