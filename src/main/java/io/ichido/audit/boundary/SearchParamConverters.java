package io.ichido.audit.boundary;

import io.ichido.audit.control.InvalidLogQuery;
import io.ichido.audit.entity.LogKind;
import io.ichido.platform.boundary.QueryParamAnnotations;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.function.Function;

/**
 * Converts the {@link SearchParam} query parameters. A refusal leaves as a {@link
 * BadRequestException} caused by the {@link InvalidLogQuery}: JAX-RS turns any other exception from
 * a query parameter's converter into a 404, and the exception mappers answer with the cause's
 * problem.
 */
@Provider
public class SearchParamConverters implements ParamConverterProvider {

  private static final String WHOLE_NUMBER = "must be a whole number";

  @Override
  public <T> ParamConverter<T> getConverter(
      Class<T> rawType, Type genericType, Annotation[] annotations) {
    QueryParamAnnotations parameter = QueryParamAnnotations.of(annotations);
    if (parameter == null || parameter.name() == null || !parameter.marked(SearchParam.class)) {
      return null;
    }
    return new Converter<>(rawType, parameter.name(), parameter.fallback(), parser(rawType));
  }

  private static Parser parser(Class<?> type) {
    if (type == String.class) {
      return new Parser(text -> text, null);
    }
    if (type == Instant.class) {
      return new Parser(
          text -> OffsetDateTime.parse(text).toInstant(),
          "must be an ISO-8601 instant such as 2026-11-01T00:00:00Z");
    }
    if (type == Long.class) {
      return new Parser(Long::valueOf, WHOLE_NUMBER);
    }
    if (type == Integer.class) {
      return new Parser(Integer::valueOf, WHOLE_NUMBER);
    }
    if (type == Boolean.class) {
      return new Parser(SearchParamConverters::bool, "must be true or false");
    }
    if (type == LogKind.class) {
      return new Parser(
          text -> LogKind.valueOf(text.toUpperCase(Locale.ROOT)), "is not a kind of entry");
    }
    throw new IllegalStateException("@SearchParam cannot convert " + type.getName());
  }

  private static Boolean bool(String text) {
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException(text);
    };
  }

  /** How to read one type, and what to tell the auditor when the text is not one. */
  record Parser(Function<String, Object> parse, String why) {}

  record Converter<T>(Class<T> type, String name, String fallback, Parser parser)
      implements ParamConverter<T> {

    @Override
    public T fromString(String value) {
      try {
        return read(value);
      } catch (InvalidLogQuery invalid) {
        throw new BadRequestException(invalid.getMessage(), invalid);
      }
    }

    /** The value, or null when absent; a blank value is a form field left empty: absent. */
    T read(String value) {
      String text = value == null || value.isBlank() ? fallback : value.trim();
      if (text == null) {
        return null;
      }
      try {
        return type.cast(parser.parse().apply(text));
      } catch (DateTimeException | IllegalArgumentException e) {
        throw new InvalidLogQuery(name, parser.why());
      }
    }

    @Override
    public String toString(T value) {
      if (value == null) {
        throw new IllegalArgumentException("No value for " + name);
      }
      return value.toString();
    }
  }
}
