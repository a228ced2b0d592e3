package io.ichido.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.dev.DevCheckpointKey;
import io.ichido.sandbox.SandboxConfig;
import io.ichido.sandbox.TwoC2pKeys;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The deployable WAR carries no value of the local sandbox, nor the development checkpoint key:
 * whoever deploys it must configure real gateways, or none, and a signing key of their own. Every
 * entry is read (classes too, whose string constants are plain UTF-8), and every archive inside it,
 * at any depth.
 */
class WarContentsIT {

  /**
   * What each of the sandbox's keys, secrets and base URLs contains, and the development key that
   * signs checkpoints.
   */
  private static final List<String> SANDBOX_MARKERS =
      List.of(
          "whsec_ichido_sandbox",
          "sk_test_ichido_sandbox",
          "skey_test_ichido_sandbox",
          "ichido-sandbox-",
          "sandbox-paypay-key",
          "aWNoaWRvLXNhbmRib3gt",
          "localhost:18080",
          DevCheckpointKey.PRIVATE_KEY,
          TwoC2pKeys.MERCHANT_PRIVATE,
          TwoC2pKeys.GATEWAY_PUBLIC);

  @Test
  @DisplayName(
      "the built WAR contains no sandbox secret, key or base URL, nor the development signing key,"
          + " in no entry at any depth")
  void noSandboxValueInTheWar() throws IOException {
    Path war = Path.of(System.getProperty("ichido.war", "target/ichido.war"));

    List<String> found;
    try (InputStream in = Files.newInputStream(war)) {
      found = scan(war.getFileName().toString(), in);
    }

    assertThat(found).isEmpty();
  }

  @Test
  @DisplayName("the benchmark's endpoints are not in the WAR (only ./mvnw -Pbench adds them)")
  void noBenchmarkEndpoints() throws IOException {
    Path war = Path.of(System.getProperty("ichido.war", "target/ichido.war"));
    List<String> bench = new ArrayList<>();
    try (ZipInputStream entries = new ZipInputStream(Files.newInputStream(war))) {
      for (ZipEntry entry = entries.getNextEntry(); entry != null; entry = entries.getNextEntry()) {
        if (entry.getName().matches(".*/(BenchEchoResource|BaselineOrdersResource).*\\.class")) {
          bench.add(entry.getName());
        }
      }
    }
    assertThat(bench).as("benchmark classes in %s", war).isEmpty();
  }

  @Test
  @DisplayName("the markers cover every value the sandbox configuration hands out")
  void markersCoverTheSandbox() {
    SandboxConfig.properties("http://localhost:18080")
        .forEach(
            (property, value) -> {
              if (!property.endsWith("merchant-id")) {
                assertThat(SANDBOX_MARKERS).as(property).anyMatch(value::contains);
              }
            });
  }

  @Test
  @DisplayName("the scan finds a marker in a jar inside the WAR")
  void scanFindsNestedValues() throws IOException {
    byte[] jar = zip("META-INF/microprofile-config.properties", "k=whsec_ichido_sandbox_x");
    byte[] war = zip("WEB-INF/lib/inner.jar", jar);

    assertThat(scan("test.war", new ByteArrayInputStream(war)))
        .containsExactly(
            "test.war!/WEB-INF/lib/inner.jar!/META-INF/microprofile-config.properties:"
                + " whsec_ichido_sandbox");
  }

  private static List<String> scan(String name, InputStream archive) throws IOException {
    List<String> found = new ArrayList<>();
    ZipInputStream zip = new ZipInputStream(archive);
    for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
      if (entry.isDirectory()) {
        continue;
      }
      String path = name + "!/" + entry.getName();
      byte[] content = zip.readAllBytes();
      if (entry.getName().endsWith(".jar") || entry.getName().endsWith(".zip")) {
        found.addAll(scan(path, new ByteArrayInputStream(content)));
        continue;
      }
      // ISO-8859-1 maps each byte to one char, so ASCII markers are found in any encoding's bytes.
      String text = new String(content, StandardCharsets.ISO_8859_1);
      for (String marker : SANDBOX_MARKERS) {
        if (text.contains(marker)) {
          found.add(path + ": " + marker);
        }
      }
    }
    return found;
  }

  private static byte[] zip(String entry, Object content) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      zip.putNextEntry(new ZipEntry(entry));
      zip.write(
          content instanceof byte[] raw
              ? raw
              : content.toString().getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }
}
