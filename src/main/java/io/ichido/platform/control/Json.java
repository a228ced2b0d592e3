package io.ichido.platform.control;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.MutableCoercionConfig;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.function.Consumer;

/** The one Jackson configuration of the application. */
public final class Json {

  /**
   * Strict on input (unknown fields are typos, not extensions), ISO-8601 instants on output.
   *
   * <p>Values are taken exactly as sent: where a number is meant, only a JSON number of that kind
   * is one (an integer field refuses {@code 1.5}, {@code 1.0}, {@code "100"}, {@code true} and a
   * value beyond its type), a boolean is only {@code true} or {@code false}, and a text field
   * refuses a number. Jackson's defaults would truncate {@code 1296.9} to 1296 and read {@code
   * "100"} as 100: a client's amount changed without a word.
   */
  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
          .withCoercionConfig(
              LogicalType.Integer,
              refused(
                  CoercionInputShape.Float,
                  CoercionInputShape.Boolean,
                  CoercionInputShape.String,
                  CoercionInputShape.EmptyString))
          .withCoercionConfig(
              LogicalType.Float,
              refused(
                  CoercionInputShape.Boolean,
                  CoercionInputShape.String,
                  CoercionInputShape.EmptyString))
          .withCoercionConfig(
              LogicalType.Boolean,
              refused(
                  CoercionInputShape.Integer,
                  CoercionInputShape.Float,
                  CoercionInputShape.String,
                  CoercionInputShape.EmptyString))
          .withCoercionConfig(
              LogicalType.Textual,
              refused(
                  CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean))
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  /** No value of these shapes becomes one of the configured type. */
  private static Consumer<MutableCoercionConfig> refused(CoercionInputShape... shapes) {
    return config -> {
      for (CoercionInputShape shape : shapes) {
        config.setCoercion(shape, CoercionAction.Fail);
      }
    };
  }

  private Json() {}
}
