package io.ichido.platform.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TracesOnlyWithCollectorTest {

  private static String disabled(Map<String, String> environment, Map<String, String> properties) {
    return new TracesOnlyWithCollector(environment::get, properties::get)
        .getValue(TracesOnlyWithCollector.SDK_DISABLED);
  }

  @Test
  void offWithoutAnEndpoint() {
    assertThat(disabled(Map.of(), Map.of())).isEqualTo("true");
    assertThat(disabled(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", " "), Map.of())).isEqualTo("true");
  }

  @Test
  void onWithAnEndpointFromTheEnvironmentOrASystemProperty() {
    assertThat(disabled(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://otel:4318"), Map.of()))
        .isEqualTo("false");
    assertThat(disabled(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://otel:4318"), Map.of()))
        .isEqualTo("false");
    assertThat(disabled(Map.of(), Map.of("otel.exporter.otlp.endpoint", "http://otel:4317")))
        .isEqualTo("false");
    assertThat(disabled(Map.of(), Map.of("otel.exporter.otlp.traces.endpoint", "http://otel:4317")))
        .isEqualTo("false");
  }

  @Test
  void ranksBelowTheEnvironmentSoAnExplicitSwitchWins() {
    TracesOnlyWithCollector source = new TracesOnlyWithCollector(name -> null, name -> null);
    assertThat(source.getOrdinal()).isBetween(101, 299);
    assertThat(source.getPropertyNames()).containsExactly("otel.sdk.disabled");
    assertThat(source.getValue("otel.exporter.otlp.endpoint")).isNull();
  }
}
