package io.ichido.it.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The licences of a build tool's class path as a licence scanner reads them: the {@code <licenses>}
 * of each artifact's pom (or, when it names none, of its nearest parent that does), over the tool's
 * declared dependencies and everything they bring (compile and runtime, not optional, exclusions
 * honoured), read from the Maven repositories the build resolved them into. Maven cannot exclude a
 * plugin's own dependency, so the one way to keep a tool's licences open is to read what it really
 * loads.
 */
final class ToolLicenses {

  /**
   * Licence names that allow use and redistribution without terms of the vendor's own: Apache, MIT,
   * BSD and the like, and CDDL (jaxb-api, under liquibase-core), a file-level licence the ASF
   * accepts for binaries it ships.
   */
  private static final Pattern OPEN =
      Pattern.compile(
          "(?i).*(apache|\\bmit\\b|bsd|eclipse distribution|\\bedl\\b|postgresql license|cddl).*");

  /**
   * The tool class paths a pom declares: each plugin of Liquibase's with what it brings, and every
   * dependency given to a plugin, as {@code group:artifact:version}.
   */
  static List<String> declaredIn(Path pomFile) throws IOException {
    Pom pom = new Pom(parse(pomFile));
    List<String> tools = new ArrayList<>();
    for (Element plugin : Pom.children(Pom.child(pom.project, "build"), "plugins", "plugin")) {
      String group = pom.text(plugin, "groupId").orElse("org.apache.maven.plugins");
      if (group.equals("org.liquibase")) {
        tools.add(coordinates(pom, plugin));
      }
      for (Element dependency : Pom.children(plugin, "dependencies", "dependency")) {
        tools.add(coordinates(pom, dependency));
      }
    }
    return tools;
  }

  /**
   * What a published pom brings to whoever depends on it: its own compile and runtime dependencies
   * (not optional), as {@code group:artifact:version}.
   */
  static List<String> dependenciesOf(Path pomFile) throws IOException {
    Pom pom = new Pom(parse(pomFile));
    List<String> brought = new ArrayList<>();
    for (Element dependency : Pom.children(pom.project, "dependencies", "dependency")) {
      String scope = pom.text(dependency, "scope").orElse("compile");
      if (Set.of("compile", "runtime").contains(scope)
          && pom.text(dependency, "optional").filter("true"::equals).isEmpty()) {
        brought.add(coordinates(pom, dependency));
      }
    }
    return brought;
  }

  /** The licences a pom of ours declares. */
  static List<String> licensesOf(Path pomFile) throws IOException {
    return new Pom(parse(pomFile)).licenses();
  }

  private static String coordinates(Pom pom, Element artifact) {
    return pom.text(artifact, "groupId").orElseThrow()
        + ":"
        + pom.text(artifact, "artifactId").orElseThrow()
        + ":"
        + pom.text(artifact, "version").orElseThrow();
  }

  /** One artifact and the licences its pom declares. */
  record Licensed(String coordinates, List<String> licenses) {
    boolean open() {
      return !licenses.isEmpty()
          && !coordinates.startsWith("org.liquibase:liquibase-commercial:")
          && licenses.stream().anyMatch(l -> OPEN.matcher(l).matches());
    }
  }

  private final List<Path> repositories;
  private final Map<String, Pom> poms = new HashMap<>();

  ToolLicenses(List<Path> repositories) {
    this.repositories = repositories;
  }

  /** Every artifact {@code direct} brings, each once, with its licences. */
  List<Licensed> of(List<String> direct) throws IOException {
    Map<String, Licensed> seen = new LinkedHashMap<>();
    for (String coordinates : direct) {
      walk(coordinates, Set.of(), seen);
    }
    return new ArrayList<>(seen.values());
  }

  private void walk(String coordinates, Set<String> excluded, Map<String, Licensed> seen)
      throws IOException {
    String[] gav = coordinates.split(":");
    String ga = gav[0] + ":" + gav[1];
    if (excluded.contains(ga) || seen.keySet().stream().anyMatch(k -> k.startsWith(ga + ":"))) {
      return;
    }
    Pom pom = pom(gav[0], gav[1], gav[2]);
    seen.put(coordinates, new Licensed(coordinates, pom.licenses()));
    for (Element dependency : Pom.children(pom.project, "dependencies", "dependency")) {
      String scope = pom.text(dependency, "scope").orElse("compile");
      if (!Set.of("compile", "runtime").contains(scope)
          || pom.text(dependency, "optional").filter("true"::equals).isPresent()) {
        continue;
      }
      String group = pom.text(dependency, "groupId").orElseThrow();
      String artifact = pom.text(dependency, "artifactId").orElseThrow();
      String version =
          pom.text(dependency, "version")
              .or(() -> pom.managedVersion(group, artifact))
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "no version for " + group + ":" + artifact + " in " + coordinates));
      Set<String> below = new HashSet<>(excluded);
      for (Element exclusion : Pom.children(dependency, "exclusions", "exclusion")) {
        below.add(
            pom.text(exclusion, "groupId").orElseThrow()
                + ":"
                + pom.text(exclusion, "artifactId").orElseThrow());
      }
      walk(group + ":" + artifact + ":" + version, below, seen);
    }
  }

  private Pom pom(String group, String artifact, String version) throws IOException {
    String key = group + ":" + artifact + ":" + version;
    Pom known = poms.get(key);
    if (known != null) {
      return known;
    }
    Path relative =
        Path.of(group.replace('.', '/'), artifact, version, artifact + "-" + version + ".pom");
    Path file =
        repositories.stream()
            .map(r -> r.resolve(relative))
            .filter(Files::isRegularFile)
            .findFirst()
            .orElseThrow(() -> new IOException("no pom for " + key + " in " + repositories));
    Pom pom = new Pom(parse(file));
    Element parent = Pom.child(pom.project, "parent");
    if (parent != null) {
      pom.parent =
          pom(
              pom.text(parent, "groupId").orElseThrow(),
              pom.text(parent, "artifactId").orElseThrow(),
              pom.text(parent, "version").orElseThrow());
    }
    pom.properties.put("project.version", pom.ownOrParent("version").orElse(version));
    pom.properties.put("project.groupId", pom.ownOrParent("groupId").orElse(group));
    poms.put(key, pom);
    return pom;
  }

  private static Document parse(Path file) throws IOException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(false);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder().parse(file.toFile());
    } catch (Exception unreadable) {
      throw new IOException("cannot read " + file, unreadable);
    }
  }

  /** One pom with its parents: properties, managed versions and licences inherit. */
  private static final class Pom {
    final Element project;
    final Map<String, String> properties = new HashMap<>();
    Pom parent;

    Pom(Document document) {
      project = document.getDocumentElement();
      Element own = child(project, "properties");
      if (own != null) {
        for (Node n = own.getFirstChild(); n != null; n = n.getNextSibling()) {
          if (n instanceof Element property) {
            properties.put(property.getTagName(), property.getTextContent().trim());
          }
        }
      }
    }

    List<String> licenses() {
      List<String> names = new ArrayList<>();
      for (Element license : children(project, "licenses", "license")) {
        text(license, "name").or(() -> text(license, "url")).ifPresent(names::add);
      }
      return names.isEmpty() && parent != null ? parent.licenses() : names;
    }

    Optional<String> managedVersion(String group, String artifact) {
      for (Element managed :
          children(child(project, "dependencyManagement"), "dependencies", "dependency")) {
        if (text(managed, "groupId").filter(group::equals).isPresent()
            && text(managed, "artifactId").filter(artifact::equals).isPresent()) {
          return text(managed, "version");
        }
      }
      return parent == null ? Optional.empty() : parent.managedVersion(group, artifact);
    }

    Optional<String> ownOrParent(String tag) {
      Optional<String> own = raw(project, tag);
      return own.isPresent() || parent == null ? own : parent.ownOrParent(tag);
    }

    Optional<String> text(Element element, String tag) {
      return raw(element, tag).map(this::interpolate);
    }

    private String interpolate(String value) {
      Matcher m = Pattern.compile("\\$\\{([^}]+)}").matcher(value);
      StringBuilder out = new StringBuilder();
      while (m.find()) {
        m.appendReplacement(out, Matcher.quoteReplacement(property(m.group(1)).orElse(m.group())));
      }
      return m.appendTail(out).toString();
    }

    private Optional<String> property(String name) {
      String own = properties.get(name);
      if (own != null) {
        return Optional.of(interpolate(own));
      }
      return parent == null ? Optional.empty() : parent.property(name);
    }

    private static Optional<String> raw(Element element, String tag) {
      Element found = child(element, tag);
      return found == null ? Optional.empty() : Optional.of(found.getTextContent().trim());
    }

    static Element child(Element element, String tag) {
      if (element == null) {
        return null;
      }
      for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
        if (n instanceof Element e && e.getTagName().equals(tag)) {
          return e;
        }
      }
      return null;
    }

    static List<Element> children(Element element, String list, String tag) {
      List<Element> found = new ArrayList<>();
      Element holder = child(element, list);
      if (holder != null) {
        for (Node n = holder.getFirstChild(); n != null; n = n.getNextSibling()) {
          if (n instanceof Element e && e.getTagName().equals(tag)) {
            found.add(e);
          }
        }
      }
      return found;
    }
  }
}
