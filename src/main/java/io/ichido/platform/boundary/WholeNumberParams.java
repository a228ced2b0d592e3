package io.ichido.platform.boundary;

import io.ichido.platform.control.InvalidParameter;
import jakarta.annotation.Priority;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/**
 * Whole-number query parameters ({@code long}, {@code int} and their boxes) read exactly as sent:
 * {@code 1.5}, {@code 1.0}, {@code ten}, {@code true} or a value beyond the type is a 400 {@code
 * invalid-parameter} naming the parameter. JAX-RS alone answers such a value with 404, as if the
 * resource did not exist. The refusal leaves as a {@link BadRequestException} caused by the {@link
 * InvalidParameter} (JAX-RS turns any other exception of a converter into that 404), and {@link
 * WebApplicationExceptionMapper} answers the cause's problem. Asked after the application's other
 * converters (a lower priority), so that a module's own, such as the payment log's search
 * parameters, answer in its own words.
 */
@Provider
@Priority(Priorities.USER + 1000)
public class WholeNumberParams implements ParamConverterProvider {

  @Override
  public <T> ParamConverter<T> getConverter(
      Class<T> rawType, Type genericType, Annotation[] annotations) {
    QueryParamAnnotations parameter = QueryParamAnnotations.of(annotations);
    boolean wide = rawType == Long.class || rawType == long.class;
    if (parameter == null
        || parameter.name() == null
        || (!wide && rawType != Integer.class && rawType != int.class)) {
      return null;
    }
    return new WholeNumber<>(rawType, parameter.name(), parameter.fallback(), wide);
  }

  record WholeNumber<T>(Class<T> type, String name, String fallback, boolean wide)
      implements ParamConverter<T> {

    @Override
    @SuppressWarnings("unchecked")
    public T fromString(String value) {
      String text = value == null ? fallback : value;
      if (text == null) {
        // Absent: null for a box, which bean validation may refuse; JAX-RS's 0 for a primitive.
        return type.isPrimitive() ? (T) (wide ? (Object) 0L : (Object) 0) : null;
      }
      try {
        return (T) (wide ? (Object) Long.parseLong(text) : (Object) Integer.parseInt(text));
      } catch (NumberFormatException notOne) {
        throw new BadRequestException(
            new InvalidParameter(
                name,
                "must be a whole number"
                    + (wide ? "" : " up to " + Integer.MAX_VALUE)
                    + ", written as one (no fraction, word or boolean)"));
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
