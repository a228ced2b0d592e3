package io.ichido.platform.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.control.SigningKey;
import io.ichido.audit.control.TestKeys;
import io.ichido.dev.DevCheckpointKey;
import io.ichido.sandbox.SandboxConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PublicSecretsTest {

  @Test
  @DisplayName("every key and webhook secret the sandbox configuration hands out is recognised")
  void sandboxSecrets() {
    List<String> secrets =
        SandboxConfig.properties("http://localhost:18080").entrySet().stream()
            .filter(e -> e.getKey().endsWith(".secret-key") || e.getKey().endsWith(".secrets"))
            .map(e -> e.getValue())
            .toList();

    assertThat(secrets).hasSize(8).allMatch(PublicSecrets::isSandboxSecret);
    assertThat(PublicSecrets.isSandboxSecret("sk_live_something_else")).isFalse();
  }

  @Test
  @DisplayName("every password default of the repository's server configuration is recognised")
  void demoPasswords() throws Exception {
    Pattern password =
        // A literal default, not one taken from another variable (KEYSTORE_PASSWORD).
        Pattern.compile("<variable name=\"(\\w*PASSWORD)\" defaultValue=\"([^\"$]*)\"/>");
    int found = 0;
    for (String file : List.of("server-config/server.xml", "server-config/security.xml")) {
      Matcher variable = password.matcher(Files.readString(Path.of(file)));
      while (variable.find()) {
        assertThat(PublicSecrets.isDemoPassword(variable.group(2))).as(variable.group(1)).isTrue();
        found++;
      }
    }
    assertThat(found).as("DB_PASSWORD and the demo users' passwords").isEqualTo(5);
    assertThat(PublicSecrets.isDemoPassword("a-real-password")).isFalse();
  }

  @Test
  @DisplayName("the development checkpoint key the run and test commands configure is recognised")
  void developmentSigningKey() {
    SigningKey development = SigningKey.parse(DevCheckpointKey.PRIVATE_KEY);
    assertThat(PublicSecrets.isDemoSigningKey(development.publicKeyDigest())).isTrue();

    SigningKey own = TestKeys.signingKey();
    assertThat(PublicSecrets.isDemoSigningKey(own.publicKeyDigest())).isFalse();
  }
}
