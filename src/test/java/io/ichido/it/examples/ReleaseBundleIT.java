package io.ichido.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The release bundle this build made (src/release/bundle.xml), read offline as a central repository
 * would check it before taking it: each published artifact with its pom, jar, sources and Javadoc,
 * every file with a checksum that matches, and the pom fields Central requires
 * (central.sonatype.org/publish/requirements: name, description, url, licenses, developers, scm;
 * coordinates; sources and Javadoc jars; .md5 and .sha1). The release profile's signatures are read
 * too when the bundle carries them.
 */
class ReleaseBundleIT {

  private static final String VERSION = System.getProperty("ichido.publishVersion");
  private static final Path BUNDLE = Path.of(System.getProperty("ichido.bundle"));

  private static Map<String, byte[]> files;

  @BeforeAll
  static void readBundle() throws IOException {
    files = new LinkedHashMap<>();
    try (ZipFile zip = new ZipFile(BUNDLE.toFile())) {
      for (ZipEntry entry : zip.stream().filter(e -> !e.isDirectory()).toList()) {
        try (InputStream in = zip.getInputStream(entry)) {
          files.put(entry.getName(), in.readAllBytes());
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ichido-idempotency", "ichido-client"})
  @DisplayName("each artifact: pom, jar, sources and Javadoc, each with a matching .md5 and .sha1")
  void everyFileAndItsChecksums(String artifact) throws NoSuchAlgorithmException {
    String base = base(artifact);
    Set<String> published =
        Set.of(base + ".pom", base + ".jar", base + "-sources.jar", base + "-javadoc.jar");
    Set<String> expected = new TreeSet<>();
    for (String file : published) {
      expected.addAll(List.of(file, file + ".md5", file + ".sha1"));
      if (signed()) {
        expected.add(file + ".asc");
      }
    }
    assertThat(ofArtifact(artifact)).containsExactlyInAnyOrderElementsOf(expected);
    for (String file : published) {
      assertThat(text(file + ".md5")).as(file + ".md5").isEqualTo(digest("MD5", files.get(file)));
      assertThat(text(file + ".sha1"))
          .as(file + ".sha1")
          .isEqualTo(digest("SHA-1", files.get(file)));
      if (signed()) {
        assertThat(text(file + ".asc")).startsWith("-----BEGIN PGP SIGNATURE-----");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ichido-idempotency", "ichido-client"})
  @DisplayName("the pom has every field Central requires, and names Apache-2.0")
  void pomFields(String artifact) throws Exception {
    Element pom = xml(files.get(base(artifact) + ".pom"));

    assertThat(text(pom, "groupId")).isEqualTo("io.ichido");
    assertThat(text(pom, "artifactId")).isEqualTo(artifact);
    assertThat(text(pom, "version")).isEqualTo(VERSION).doesNotContain("${");
    assertThat(text(pom, "packaging")).isEqualTo("jar");
    assertThat(text(pom, "name")).isNotBlank();
    assertThat(text(pom, "description")).isNotBlank();
    assertThat(text(pom, "url")).startsWith("https://");
    Element license = child(child(pom, "licenses"), "license");
    assertThat(text(license, "name")).isEqualTo("Apache-2.0");
    assertThat(text(license, "url")).isEqualTo("https://www.apache.org/licenses/LICENSE-2.0.txt");
    assertThat(text(child(child(pom, "developers"), "developer"), "name")).isNotBlank();
    Element scm = child(pom, "scm");
    String scmUrl = System.getProperty("ichido.scm", "");
    assertThat(text(scm, "url")).isEqualTo(scmUrl);
    assertThat(text(scm, "connection")).isEqualTo("scm:git:" + scmUrl);
    // Every ${...} filled in: a placeholder left in a published pom breaks every build using it.
    assertThat(new String(files.get(base(artifact) + ".pom"))).doesNotContain("${");
  }

  @ParameterizedTest
  @ValueSource(strings = {"ichido-idempotency", "ichido-client"})
  @DisplayName(
      "the jar carries the licence; the sources hold every class's source; the Javadoc every public"
          + " class's page")
  void jarSourcesAndJavadoc(String artifact) throws IOException {
    String base = base(artifact);
    Set<String> jar = entries(files.get(base + ".jar"));
    Set<String> sources = entries(files.get(base + "-sources.jar"));
    Set<String> javadoc = entries(files.get(base + "-javadoc.jar"));

    assertThat(jar).contains("META-INF/LICENSE", "META-INF/NOTICE");
    assertThat(sources).contains("META-INF/LICENSE", "META-INF/NOTICE");
    Set<String> topLevelClasses =
        jar.stream()
            .filter(name -> name.endsWith(".class") && !name.contains("$"))
            .map(name -> name.substring(0, name.length() - ".class".length()))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(topLevelClasses).as("classes in " + base + ".jar").hasSizeGreaterThan(5);
    for (String type : topLevelClasses) {
      assertThat(sources).as("sources of " + type).contains(type + ".java");
    }
    assertThat(javadoc).contains("index.html");
    String packagePath = topLevelClasses.iterator().next().replaceAll("/[^/]+$", "");
    assertThat(javadoc)
        .as("Javadoc of " + packagePath)
        .contains(packagePath + "/package-summary.html");
    if (artifact.equals("ichido-client")) {
      assertThat(javadoc).contains("io/ichido/client/Retries.html", "io/ichido/client/Wire.html");
    } else {
      assertThat(jar).contains("META-INF/ichido/liquibase/changelog.xml");
      assertThat(sources).contains("META-INF/ichido/liquibase/changelog.xml");
      assertThat(javadoc).contains("io/ichido/idempotency/boundary/Idempotent.html");
    }
  }

  private static boolean signed() {
    return files.keySet().stream().anyMatch(name -> name.endsWith(".asc"));
  }

  private static String base(String artifact) {
    return "io/ichido/" + artifact + "/" + VERSION + "/" + artifact + "-" + VERSION;
  }

  private static Set<String> ofArtifact(String artifact) {
    Set<String> found =
        files.keySet().stream()
            .filter(name -> name.startsWith("io/ichido/" + artifact + "/"))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(found)
        .allMatch(name -> name.startsWith("io/ichido/" + artifact + "/" + VERSION + "/"));
    return found;
  }

  private static String text(String file) {
    assertThat(files).as(file).containsKey(file);
    return new String(files.get(file)).trim();
  }

  private static String digest(String algorithm, byte[] content) throws NoSuchAlgorithmException {
    return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
  }

  private static Set<String> entries(byte[] jar) throws IOException {
    Set<String> names = new TreeSet<>();
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(jar))) {
      for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        names.add(entry.getName());
      }
    }
    return names;
  }

  private static Element xml(byte[] content) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(content));
    return document.getDocumentElement();
  }

  private static Element child(Element parent, String name) {
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        return element;
      }
    }
    throw new AssertionError("no <" + name + "> in <" + parent.getTagName() + ">");
  }

  private static String text(Element parent, String name) {
    return child(parent, name).getTextContent().trim();
  }
}
