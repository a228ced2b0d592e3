package io.ichido.platform.boundary;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamWriteException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Malformed or mistyped JSON. The detail names where, never what: request bodies may carry data
 * that must not be echoed.
 */
@Provider
public class JsonFailureMapper implements ExceptionMapper<JacksonException> {

  @Override
  public Response toResponse(JacksonException failure) {
    return problem(failure);
  }

  static Response problem(JacksonException failure) {
    if (failure instanceof InvalidDefinitionException || failure instanceof StreamWriteException) {
      // Our own types failed to (de)serialize: a server fault, not a client's.
      return new UnexpectedFailureMapper().toResponse(failure);
    }
    if (failure instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
      String field =
          mapping.getPath().stream()
              .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
              .collect(Collectors.joining("."))
              .replace(".[", "[");
      if (failure instanceof UnrecognizedPropertyException) {
        return Problem.of(
                400,
                "malformed-json",
                "Malformed JSON",
                "Field '" + field + "' is not part of this request.")
            .toResponse();
      }
      if (failure instanceof MismatchedInputException
          || failure.getCause() instanceof InputCoercionException) {
        // A value of another kind than the field's, or beyond its type: refused as a field's
        // violation, never rounded or converted.
        Class<?> target =
            failure instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null;
        return Problem.invalid(List.of(new Problem.Violation(field, expected(target, failure))))
            .toResponse();
      }
      return Problem.of(
              400,
              "malformed-json",
              "Malformed JSON",
              "The body is not valid JSON for this request (near field '" + field + "').")
          .toResponse();
    }
    JsonLocation at = failure.getLocation();
    String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    return Problem.of(
            400, "malformed-json", "Malformed JSON", "The body is not valid JSON" + where + ".")
        .toResponse();
  }

  /** What the field takes, in JSON's words; never the value sent, which may be data to keep. */
  private static String expected(Class<?> target, JacksonException failure) {
    if (failure.getCause() instanceof InputCoercionException) {
      return "must be an integer within the range this field takes";
    }
    if (target == null) {
      return "has a value of the wrong type";
    }
    if (target == Long.class
        || target == long.class
        || target == Integer.class
        || target == int.class
        || target == Short.class
        || target == short.class
        || target == java.math.BigInteger.class) {
      return "must be a JSON integer, exactly as meant (no fraction, string or boolean), within"
          + " the range this field takes";
    }
    if (target == Boolean.class || target == boolean.class) {
      return "must be true or false";
    }
    if (target == String.class) {
      return "must be a JSON string";
    }
    if (Collection.class.isAssignableFrom(target) || target.isArray()) {
      return "must be a JSON array";
    }
    if (target.isEnum()) {
      return "must be one of the names this field takes";
    }
    return "has a value of the wrong type";
  }
}
