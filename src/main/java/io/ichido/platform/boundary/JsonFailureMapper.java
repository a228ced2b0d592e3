package io.ichido.platform.boundary;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamWriteException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
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
      String detail;
      if (failure instanceof UnrecognizedPropertyException) {
        detail = "Field '" + field + "' is not part of this request.";
      } else if (failure instanceof InvalidFormatException
          || failure.getCause() instanceof InputCoercionException) {
        detail = "Field '" + field + "' has a value of the wrong type or out of range.";
      } else {
        detail = "The body is not valid JSON for this request (near field '" + field + "').";
      }
      return Problem.of(400, "malformed-json", "Malformed JSON", detail).toResponse();
    }
    JsonLocation at = failure.getLocation();
    String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    return Problem.of(
            400, "malformed-json", "Malformed JSON", "The body is not valid JSON" + where + ".")
        .toResponse();
  }
}
