package io.ichido.audit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ichido.audit.control.InvalidLogQuery;
import io.ichido.audit.entity.LogKind;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ext.ParamConverter;
import java.lang.reflect.Field;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SearchParamConvertersTest {

  private static final SearchParamConverters PROVIDER = new SearchParamConverters();

  /** The converter JAX-RS would get for that field of {@link LogSearchParams}. */
  private static ParamConverter<?> converter(String field) throws NoSuchFieldException {
    Field target = LogSearchParams.class.getDeclaredField(field);
    return PROVIDER.getConverter(
        target.getType(), target.getGenericType(), target.getAnnotations());
  }

  @Test
  void convertsEachType() throws Exception {
    assertThat(converter("from").fromString("2026-11-01T09:00:00+09:00"))
        .isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
    assertThat(converter("minAmount").fromString(" 1200 ")).isEqualTo(1200L);
    assertThat(converter("size").fromString("20")).isEqualTo(20);
    assertThat(converter("kind").fromString("webhook_received"))
        .isEqualTo(LogKind.WEBHOOK_RECEIVED);
    assertThat(converter("counterparty").fromString(" Taro ")).isEqualTo("Taro");
  }

  @Test
  @DisplayName("blank is absent: null, or the parameter's default")
  void blankIsAbsent() throws Exception {
    assertThat(converter("from").fromString(" ")).isNull();
    assertThat(converter("orderId").fromString("")).isNull();
    assertThat(converter("gateway").fromString("")).isNull();
    assertThat(converter("page").fromString("")).isEqualTo(1);
    assertThat(converter("size").fromString("  ")).isEqualTo(50);
  }

  @Test
  @DisplayName("a bad value is the problem naming the parameter (wrapped in a 400 for JAX-RS)")
  void badValueNamesTheParameter() throws Exception {
    assertThat(refusal("asOf", "latest")).isEqualTo("Parameter asOf must be a whole number.");
    assertThat(refusal("size", "1e3")).isEqualTo("Parameter size must be a whole number.");
    assertThat(refusal("to", "2026-11-01"))
        .isEqualTo("Parameter to must be an ISO-8601 instant such as 2026-11-01T00:00:00Z.");
    assertThat(refusal("kind", "NOPE")).isEqualTo("Parameter kind is not a kind of entry.");
  }

  private static String refusal(String field, String value) throws NoSuchFieldException {
    var converter = (SearchParamConverters.Converter<?>) converter(field);
    return catchThrowableOfType(InvalidLogQuery.class, () -> converter.read(value)).getMessage();
  }

  @Test
  @DisplayName("parameters of other resources keep the standard conversion")
  void leavesUnmarkedParametersAlone() throws Exception {
    Field plain = Unmarked.class.getDeclaredField("orderId");
    assertThat(PROVIDER.getConverter(Long.class, Long.class, plain.getAnnotations())).isNull();
    assertThat(PROVIDER.getConverter(Long.class, Long.class, null)).isNull();
  }

  private static final class Unmarked {
    @QueryParam("order_id")
    Long orderId;
  }
}
