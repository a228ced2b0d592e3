package io.ichido.dev;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DevServerTest {

  @Test
  @DisplayName("a development server signs checkpoints with the development key, env var first")
  void checkpointKey() {
    assertThat(DevServer.xml(Map.of()))
        .contains(
            "<variable name=\"ichido.audit.checkpoint-key\" defaultValue=\""
                + DevCheckpointKey.PRIVATE_KEY
                + "\"/>");
  }

  @Test
  @DisplayName("the test run's servers poll the timer store when told; the run command's do not")
  void timerPollInterval() {
    assertThat(DevServer.xml(Map.of("timer-poll-interval", "5s")))
        .contains(
            "<persistentExecutor id=\"defaultEJBPersistentTimerExecutor\" pollInterval=\"5s\"");
    assertThat(DevServer.xml(Map.of())).doesNotContain("persistentExecutor");
  }
}
