package io.ichido.audit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.control.CheckpointKey;
import io.ichido.dev.DevCheckpointKey;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CheckpointReadinessTest {

  @Test
  @DisplayName("no key: DOWN, naming the property, its variable and why")
  void missing() {
    HealthCheckResponse response = readiness(Optional.empty());

    assertThat(response.getName()).isEqualTo("audit-checkpoints");
    assertThat(response.getStatus()).isEqualTo(Status.DOWN);
    assertThat(response.getData().orElseThrow())
        .containsExactly(
            Map.entry("ichido.audit.checkpoint-key", "ICHIDO_AUDIT_CHECKPOINT_KEY is missing"));
  }

  @Test
  @DisplayName("an unusable key: DOWN, with the reason and never the value")
  void unusable() {
    String value = "bm90LWEta2V5LWF0LWFsbA==";
    HealthCheckResponse response = readiness(Optional.of(value));

    assertThat(response.getStatus()).isEqualTo(Status.DOWN);
    assertThat(response.getData().orElseThrow().toString())
        .contains("ICHIDO_AUDIT_CHECKPOINT_KEY is not an Ed25519 private key")
        .doesNotContain(value);
  }

  @Test
  @DisplayName("a usable key: UP, naming the key by its id")
  void usable() {
    HealthCheckResponse response = readiness(Optional.of(DevCheckpointKey.PRIVATE_KEY));

    assertThat(response.getStatus()).isEqualTo(Status.UP);
    assertThat(response.getData().orElseThrow())
        .containsExactly(Map.entry("keyId", "7ab68fb1c9cfc385"));
  }

  private static HealthCheckResponse readiness(Optional<String> configured) {
    CheckpointReadiness readiness = new CheckpointReadiness();
    readiness.key = CheckpointKey.of(configured);
    return readiness.call();
  }
}
