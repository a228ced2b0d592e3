package io.ichido.platform.control;

import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Traces leave the server only where someone collects them: MicroProfile Telemetry's SDK stays off
 * ({@code otel.sdk.disabled=true}) unless an OTLP endpoint is configured, by {@code
 * OTEL_EXPORTER_OTLP_ENDPOINT} (or {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}) or the matching
 * system property. An explicit {@code OTEL_SDK_DISABLED} still decides: environment variables
 * (ordinal 300) and system properties (400) outrank this source.
 */
public class TracesOnlyWithCollector implements ConfigSource {

  static final String SDK_DISABLED = "otel.sdk.disabled";

  private static final int ORDINAL = 150;

  private final String disabled;

  public TracesOnlyWithCollector() {
    this(System::getenv, System::getProperty);
  }

  TracesOnlyWithCollector(UnaryOperator<String> environment, UnaryOperator<String> properties) {
    boolean endpoint =
        present(environment.apply("OTEL_EXPORTER_OTLP_ENDPOINT"))
            || present(environment.apply("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))
            || present(properties.apply("otel.exporter.otlp.endpoint"))
            || present(properties.apply("otel.exporter.otlp.traces.endpoint"));
    this.disabled = Boolean.toString(!endpoint);
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  @Override
  public Map<String, String> getProperties() {
    return Map.of(SDK_DISABLED, disabled);
  }

  @Override
  public Set<String> getPropertyNames() {
    return Set.of(SDK_DISABLED);
  }

  @Override
  public String getValue(String propertyName) {
    return SDK_DISABLED.equals(propertyName) ? disabled : null;
  }

  @Override
  public String getName() {
    return "Ichido: traces only with an OTLP endpoint";
  }

  @Override
  public int getOrdinal() {
    return ORDINAL;
  }
}
