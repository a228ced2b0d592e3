package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.dev.DevCheckpointKey;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CheckpointKeyTest {

  private final Logger logger = Logger.getLogger(CheckpointKey.class.getName());
  private final List<LogRecord> records = new ArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    logger.addHandler(capture);
  }

  @AfterEach
  void stopListening() {
    logger.removeHandler(capture);
  }

  @Test
  @DisplayName("no key, or a blank one: nothing to sign with, one SEVERE line naming the variable")
  void missing() {
    for (Optional<String> configured : List.of(Optional.<String>empty(), Optional.of("  \n"))) {
      records.clear();
      CheckpointKey key = CheckpointKey.of(configured);
      key.logAtStartup(null);

      assertThat(key.key()).isEmpty();
      assertThat(key.problem()).contains("is missing");
      assertThat(lines(Level.SEVERE))
          .singleElement()
          .asString()
          .contains("ICHIDO_AUDIT_CHECKPOINT_KEY (ichido.audit.checkpoint-key) is missing")
          .contains("Readiness is DOWN");
    }
  }

  @Test
  @DisplayName("an unusable key: SEVERE with the reason, and nowhere the value")
  void unusable() {
    String rsa = TestKeys.pkcs8("RSA");
    CheckpointKey key = CheckpointKey.of(Optional.of(rsa));
    key.logAtStartup(null);

    assertThat(key.key()).isEmpty();
    assertThat(lines(Level.SEVERE))
        .singleElement()
        .asString()
        .contains("ICHIDO_AUDIT_CHECKPOINT_KEY (ichido.audit.checkpoint-key) is not an Ed25519")
        .doesNotContain(rsa.substring(40, 80));
  }

  @Test
  @DisplayName("the repository's development key works, with a WARNING that it is public")
  void developmentKey() {
    CheckpointKey key = CheckpointKey.of(Optional.of(DevCheckpointKey.PRIVATE_KEY));
    key.logAtStartup(null);

    assertThat(key.key()).isPresent();
    assertThat(key.problem()).isEmpty();
    assertThat(lines(Level.SEVERE)).isEmpty();
    assertThat(lines(Level.WARNING))
        .singleElement()
        .asString()
        .contains("ICHIDO_AUDIT_CHECKPOINT_KEY")
        .contains("development key this repository publishes")
        .doesNotContain(DevCheckpointKey.PRIVATE_KEY);
  }

  @Test
  @DisplayName("a key of one's own: only its id is logged")
  void ownKey() {
    String own = TestKeys.pkcs8("Ed25519");
    CheckpointKey key = CheckpointKey.of(Optional.of(own));
    key.logAtStartup(null);

    assertThat(lines(Level.WARNING)).isEmpty();
    assertThat(lines(Level.INFO))
        .singleElement()
        .asString()
        .endsWith(key.key().orElseThrow().keyId());
  }

  private List<String> lines(Level level) {
    return records.stream()
        .filter(r -> r.getLevel().equals(level))
        .map(r -> MessageFormat.format(r.getMessage(), r.getParameters()))
        .toList();
  }
}
